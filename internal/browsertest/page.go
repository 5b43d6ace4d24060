package browsertest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// shotsEnv names a directory the screenshots are copied into, to look at;
// requireEnv, when set (.ci/run sets it), turns a missing Chromium from a
// skip into a failure.
const (
	shotsEnv   = "RUBEOLA_VIEW_SHOTS"
	requireEnv = "RUBEOLA_REQUIRE_CHROMIUM"
)

// chromiumPath finds headless Chromium: $RUBEOLA_CHROMIUM when set, else
// chromium or chromium-browser on PATH (Debian's package chromium); "" when
// there is none.
func chromiumPath() string {
	names := []string{"chromium", "chromium-browser"}
	if p := os.Getenv("RUBEOLA_CHROMIUM"); p != "" {
		names = []string{p}
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Events records what the page did that the tests forbid: console
// errors and warnings, uncaught exceptions, browser log errors, and every
// request's URL.
type Events struct {
	mu       sync.Mutex
	problems []string
	requests []string
}

func (r *Events) listen(ev any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
			}
			r.problems = append(r.problems, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(parts, " ")))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil {
			text += " " + d.Exception.Description
		}
		r.problems = append(r.problems, fmt.Sprintf("exception at %d:%d: %s", d.LineNumber, d.ColumnNumber, text))
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning {
			r.problems = append(r.problems, fmt.Sprintf("browser log %s (%s): %s %s", ev.Entry.Level, ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
		}
	case *network.EventRequestWillBeSent:
		r.requests = append(r.requests, ev.Request.URL)
	}
}

// Check fails t on any console problem or any request whose URL is not
// file:// (a data block decoded in the page makes no request at all).
func (r *Events) Check(t *testing.T) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	require.Empty(t, r.problems, "console errors, warnings or exceptions")
	require.NotEmpty(t, r.requests, "no request seen at all: the network listener is not working")
	for _, u := range r.requests {
		require.Truef(t, strings.HasPrefix(u, "file://"), "request to %s: the page must load nothing but itself", u)
	}
}

// Page is one page open in headless Chromium.
type Page struct {
	t   *testing.T
	ctx context.Context
	// Events are what the page did since it was opened.
	Events *Events
	shots  string // the test's screenshot directory
	n      int    // screenshots taken
}

// Open starts headless Chromium with the flags the project requires
// (no network of its own: no QUIC, background networking, component
// updates or sync; a new empty profile), opens path over file:// and waits
// until the page says it is ready. Without Chromium the test skips, saying
// so.
func Open(t *testing.T, path string, width, height int) *Page {
	t.Helper()
	exe := chromiumPath()
	if exe == "" {
		const msg = "no Chromium (install Debian's package: apt-get update && apt-get install -y chromium; or set RUBEOLA_CHROMIUM)"
		if os.Getenv(requireEnv) != "" {
			t.Fatalf("%s is set, but there is %s", requireEnv, msg)
		}
		t.Skip("skipping the browser test: " + msg)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ev := &Events{}
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithListener(ev.listen))
	t.Cleanup(cancel)
	p := &Page{t: t, ctx: ctx, Events: ev, shots: t.TempDir()}
	abs, err := filepath.Abs(path)
	require.NoError(t, err)
	u := (&url.URL{Scheme: "file", Path: abs}).String()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(u)))
	// Generous: decoding an E&W page takes about a second here; the shared
	// 2-core machine can be many times slower.
	_, err = p.run(chromedp.Poll[bool](`window.rubeolaView && (rubeolaView.state().ready || rubeolaView.state().error !== '')`,
		chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(50*time.Millisecond)))
	require.NoError(t, err, "waiting for the page to be ready")
	require.Empty(t, p.State().Error, "the page reported an error")
	return p
}

// run runs a on the page with a timeout.
func (p *Page) run(a chromedp.Action[bool]) (bool, error) {
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Minute)
	defer cancel()
	return chromedp.Run(ctx, a)
}

// Do runs steps, failing the test on an error.
func (p *Page) Do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	require.NoError(p.t, chromedp.Do(ctx, steps...))
}

// State is window.rubeolaView.state(): what the page shows (view/assets/app.js
// documents each field).
type State struct {
	Ready        bool    `json:"ready"`
	Error        string  `json:"error"`
	Kind         string  `json:"kind"`
	Patches      int     `json:"patches"`
	PatchesDrawn int     `json:"patchesDrawn"`
	Aggregation  string  `json:"aggregation"`
	Period       int     `json:"period"`
	Periods      int     `json:"periods"`
	Date         string  `json:"date"`
	Measure      string  `json:"measure"`
	Frames       int     `json:"frames"`
	LastFrameMs  float64 `json:"lastFrameMs"`
	MaxFrameMs   float64 `json:"maxFrameMs"`
	LoadMs       float64 `json:"loadMs"`
	Playing      bool    `json:"playing"`
	Charts       int     `json:"charts"`
	Boundaries   int     `json:"boundaryLines"`
	Hover        *struct {
		Index int    `json:"index"`
		ID    string `json:"id"`
		Text  string `json:"text"`
	} `json:"hover"`
}

// State reads the page's state.
func (p *Page) State() State {
	p.t.Helper()
	return Eval[State](p, `rubeolaView.state()`)
}

// Eval evaluates a JavaScript expression in the page.
func Eval[T any](p *Page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	require.NoError(p.t, err, expr)
	return v
}

// MapDigest hashes the map canvas's pixels: equal digests, equal pictures.
func (p *Page) MapDigest() int64 {
	p.t.Helper()
	// toDataURL, not getImageData: repeated getImageData makes Chromium warn
	// (willReadFrequently), which the console check would count.
	return Eval[int64](p, `(() => { const s = document.getElementById('map').toDataURL('image/png');
		let h = 0; for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
		return h; })()`)
}

// Shot writes a screenshot of the viewport as NN-name.png into the test's
// directory, and into $RUBEOLA_VIEW_SHOTS when set.
func (p *Page) Shot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(p.t, err)
	p.n++
	file := fmt.Sprintf("%02d-%s.png", p.n, name)
	require.NoError(p.t, os.WriteFile(filepath.Join(p.shots, file), png, 0o644))
	if dir := os.Getenv(shotsEnv); dir != "" {
		require.NoError(p.t, os.MkdirAll(dir, 0o755))
		require.NoError(p.t, os.WriteFile(filepath.Join(dir, p.t.Name()[strings.LastIndex(p.t.Name(), "/")+1:]+"-"+file), png, 0o644))
	}
}
