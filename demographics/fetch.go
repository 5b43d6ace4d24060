package demographics

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptrace"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// DefaultTimeout bounds each silence of a download (SPEC §10.3 step 4).
const DefaultTimeout = 60 * time.Second

// fetch is one download: GET URL with the idle-timeout semantics of SPEC
// §10.3 step 4, streaming the body into a temporary file.
type fetch struct {
	Client   *http.Client  // nil → a client with Go's default transport
	URL      string        // what to get
	Timeout  time.Duration // bound on each silence; must be > 0
	Progress io.Writer     // progress bar in bytes; nil or io.Discard → none
	Label    string        // progress bar description
	Log      *slog.Logger  // nil → no diagnostics
}

// errStalled is the cancellation cause set by the watchdog.
var errStalled = errors.New("stalled")

// toTempFile downloads f.URL into a new temporary file in dir and returns its
// path and size. On any error the temporary file is removed. Errors: a
// non-2xx status → *HTTPError; a silence longer than the timeout while
// connecting, in the TLS handshake, waiting for headers or between body bytes
// → ErrTimeout; a body shorter than its Content-Length → ErrCorruptArchive;
// ctx's own cancellation → ctx's error.
func (f fetch) toTempFile(ctx context.Context, dir, pattern string) (path string, size int64, err error) {
	tmp, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return "", 0, fmt.Errorf("demographics: %w", err)
	}
	defer func() {
		cerr := tmp.Close()
		if err == nil && cerr != nil {
			err = fmt.Errorf("demographics: writing %s: %w", tmp.Name(), cerr)
		}
		if err != nil {
			_ = os.Remove(tmp.Name())
		}
	}()
	if f.Log != nil {
		f.Log.Info("demographics: downloading", "url", f.URL)
	}
	start := time.Now()
	size, err = f.copyTo(ctx, tmp)
	if err != nil {
		return "", 0, err
	}
	if f.Log != nil {
		f.Log.Info("demographics: downloaded", "url", f.URL, "bytes", size, "seconds", time.Since(start).Seconds())
	}
	return tmp.Name(), size, nil
}

// copyTo streams the body of f.URL into w and returns the bytes copied.
func (f fetch) copyTo(ctx context.Context, w io.Writer) (int64, error) {
	if f.Timeout <= 0 {
		return 0, fmt.Errorf("demographics: timeout must be > 0, got %s", f.Timeout)
	}
	client := f.Client
	if client == nil {
		client = &http.Client{}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	wd := newWatchdog(f.Timeout, func() { cancel(errStalled) })
	defer wd.stop()

	trace := &httptrace.ClientTrace{
		GetConn:              func(string) { wd.reset() },
		ConnectStart:         func(string, string) { wd.reset() },
		ConnectDone:          func(string, string, error) { wd.reset() },
		TLSHandshakeStart:    func() { wd.reset() },
		WroteRequest:         func(httptrace.WroteRequestInfo) { wd.reset() },
		GotFirstResponseByte: func() { wd.reset() },
	}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), http.MethodGet, f.URL, nil)
	if err != nil {
		return 0, fmt.Errorf("demographics: bad URL %q: %w", f.URL, err)
	}
	req.Header.Set("User-Agent", "rubeola")
	resp, err := client.Do(req)
	if err != nil {
		return 0, f.wrap(ctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return 0, &HTTPError{URL: f.URL, Status: resp.Status, StatusCode: resp.StatusCode}
	}
	wd.reset()
	var dst io.Writer = w
	var bar *progressbar.ProgressBar
	if f.Progress != nil && f.Progress != io.Discard {
		bar = progressbar.NewOptions64(resp.ContentLength,
			progressbar.OptionSetWriter(f.Progress),
			progressbar.OptionSetDescription(f.Label),
			progressbar.OptionShowBytes(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionOnCompletion(func() { _, _ = io.WriteString(f.Progress, "\n") }),
		)
		dst = io.MultiWriter(w, bar)
	}
	n, err := io.Copy(dst, &activityReader{r: resp.Body, wd: wd})
	if bar != nil {
		if err == nil {
			_ = bar.Finish()
		} else {
			_ = bar.Exit()
		}
	}
	if err != nil {
		return n, f.wrap(ctx, err)
	}
	if resp.ContentLength >= 0 && n < resp.ContentLength {
		return n, fmt.Errorf("demographics: GET %s: %w (%d of %d bytes)", f.URL, ErrCorruptArchive, n, resp.ContentLength)
	}
	return n, nil
}

// wrap classifies a transport error: the watchdog's stall → ErrTimeout, a
// short body → ErrCorruptArchive, the caller's cancellation → its error.
func (f fetch) wrap(ctx context.Context, err error) error {
	switch {
	case errors.Is(context.Cause(ctx), errStalled):
		return fmt.Errorf("demographics: GET %s: %w: no data received for %s", f.URL, ErrTimeout, f.Timeout)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("demographics: GET %s: %w: %v", f.URL, ErrCorruptArchive, err)
	default:
		return fmt.Errorf("demographics: GET %s: %w", f.URL, err)
	}
}

// activityReader resets the watchdog whenever bytes arrive.
type activityReader struct {
	r  io.Reader
	wd *watchdog
}

// Read implements io.Reader.
func (a *activityReader) Read(p []byte) (int, error) {
	n, err := a.r.Read(p)
	if n > 0 {
		a.wd.reset()
	}
	return n, err
}

// watchdog calls fire once when reset has not been called for d.
type watchdog struct {
	mu    sync.Mutex
	d     time.Duration
	timer *time.Timer
}

// newWatchdog starts a watchdog of period d.
func newWatchdog(d time.Duration, fire func()) *watchdog {
	return &watchdog{d: d, timer: time.AfterFunc(d, fire)}
}

// reset restarts the period.
func (w *watchdog) reset() {
	w.mu.Lock()
	w.timer.Reset(w.d)
	w.mu.Unlock()
}

// stop disarms the watchdog.
func (w *watchdog) stop() {
	w.mu.Lock()
	w.timer.Stop()
	w.mu.Unlock()
}
