package demographics

import (
	"io"
	"net/http"
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
// default is os.Stderr; io.Discard or nil silences it. For [NewPopProspects]
// this is a rubeola addition (the reference has none).
func WithProgress(w io.Writer) NetOption {
	return NetOption{set: func(_ **http.Client, p *io.Writer) { *p = w }}
}
