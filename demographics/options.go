package demographics

import (
	"io"
	"log/slog"
	"net/http"
	"os"

	"github.com/rubeola/rubeola/internal/tty"
)

// PPOption configures [NewPopProspects]: [WithURL], [WithCacheDir],
// [WithTimeout], [WithContext], and the network options [WithHTTPClient]
// and [WithProgress] it shares with [Download].
type PPOption interface {
	applyPP(*ppConfig)
}

// DownloadOption configures [Download]: [WithMirror], [WithReuse], and the
// network options [WithHTTPClient] and [WithProgress] it shares with
// [NewPopProspects].
type DownloadOption interface {
	applyDownload(*downloadConfig)
}

// ppOptionFunc adapts a function to [PPOption].
type ppOptionFunc func(*ppConfig)

func (f ppOptionFunc) applyPP(c *ppConfig) { f(c) }

// downloadOptionFunc adapts a function to [DownloadOption].
type downloadOptionFunc func(*downloadConfig)

func (f downloadOptionFunc) applyDownload(c *downloadConfig) { f(c) }

// NetOption is an option of both [NewPopProspects] and [Download]: it sets
// how they reach the network.
type NetOption struct {
	set func(client **http.Client, progress *io.Writer)
}

func (o NetOption) applyPP(c *ppConfig) { o.set(&c.client, &c.progress) }

func (o NetOption) applyDownload(c *downloadConfig) { o.set(&c.client, &c.progress) }

// WithHTTPClient sets the client used for downloads (default: a client with
// Go's default transport). Its own Timeout, if any, also applies; the idle
// timeout of the download is enforced in any case.
func WithHTTPClient(client *http.Client) NetOption {
	return NetOption{set: func(c **http.Client, _ *io.Writer) { *c = client }}
}

// WithProgress sets where a download's progress bar (in bytes) is drawn. The
// default is os.Stderr when it is a terminal and nothing otherwise (no bar
// in pipes, files or CI logs); a writer given here always gets the bar;
// io.Discard or nil silences it. For [NewPopProspects]
// this is a rubeola addition (the reference has none).
func WithProgress(w io.Writer) NetOption {
	return NetOption{set: func(_ **http.Client, p *io.Writer) { *p = w }}
}

// defaultProgress is where download progress bars go unless [WithProgress]
// says otherwise: os.Stderr when it is a terminal, else nowhere.
func defaultProgress() io.Writer {
	if tty.IsTerminal(os.Stderr) {
		return os.Stderr
	}
	return nil
}

// discardLogger is the default logger: diagnostics are silent unless the
// caller passes [WithLogger].
var discardLogger = slog.New(slog.DiscardHandler)

// LogOption is an option of [NewPopProspects], [Download] and
// [NewRasterPatchGenerator]: see [WithLogger].
type LogOption struct {
	logger *slog.Logger
}

func (o LogOption) applyPP(c *ppConfig)             { c.logger = o.logger }
func (o LogOption) applyDownload(c *downloadConfig) { c.logger = o.logger }
func (o LogOption) applyGen(c *genConfig)           { c.logger = o.logger }

// WithLogger sends diagnostics to l: downloads started and finished, cache
// hits, cache write failures and features lying outside a population
// raster. The default discards them; nil restores the default.
func WithLogger(l *slog.Logger) LogOption {
	if l == nil {
		l = discardLogger
	}
	return LogOption{logger: l}
}
