package view

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resourceRef matches what makes a browser load something: an attribute
// src= or href= in a tag (not in escaped text such as "&lt;img src="), CSS url( or @import, a dynamic or static import, fetch,
// XMLHttpRequest, WebSocket, EventSource, sendBeacon, a worker, a <link>,
// an <iframe> or <object>.
var resourceRef = regexp.MustCompile(`(?i)<[^<>]*\b(src|href)\s*=|url\s*\(|@import|\bimport\s*\(|\bimport\s+[\w{*"']|\bfetch\s*\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon|new\s+(Shared)?Worker|importScripts|<link\b|<iframe\b|<object\b|<embed\b`)

// dataBlock matches the page's data element, whose text is JSON, not code.
var dataBlock = regexp.MustCompile(`(?s)<script id="rubeola-data" type="application/json">.*?</script>`)

// TestPageLoadsNothing: the page holds no web address at all (http:// or
// https://, even in a comment: uPlot's banner is stripped), and outside
// its data block nothing that loads a resource; a patch id that looks like
// a web address stays data ("://" is written ":\/\/" in the JSON).
func TestPageLoadsNothing(t *testing.T) {
	p := &Payload{Kind: "run", Title: `Towns <script src="https://example.org/x.js"></script>`, Period: "week", Dates: []string{"1950-01-01"},
		Map: &MapData{N: 1, IDs: []string{"https://example.org/a.js"}, X: EncodeFloats([]float64{0}), Y: EncodeFloats([]float64{0}),
			Pop: EncodeFloats([]float64{1000}), Compartments: []string{"S"}, States: map[string]Floats{"S": EncodeFloats([]float64{1000})}}}
	var b strings.Builder
	require.NoError(t, WritePage(&b, p))
	page := b.String()
	for _, scheme := range []string{"http://", "https://"} {
		k := strings.Index(strings.ToLower(page), scheme)
		assert.Equal(t, -1, k, "%s in the page at byte %d: …%s…", scheme, k, page[max(0, k-60):max(0, min(len(page), k+60))])
	}
	code := dataBlock.ReplaceAllString(page, "")
	require.Less(t, len(code), len(page), "the data block was found")
	assert.Empty(t, resourceRef.FindAllString(code, -1), "resource references outside the data block")
	assert.True(t, strings.Contains(page, `"https:\/\/example.org/a.js"`), "the id, escaped")
	assert.True(t, strings.Contains(page, "<title>Towns &lt;script src=&#34;https&#58;//example.org/x.js"), "the title is escaped text")
	data := dataBlock.FindString(page)
	assert.Equal(t, len(data)-len("</script>"), strings.Index(data, "</script>"), "no </script> inside the data")
}

// TestResourceRef: the pattern finds each kind of reference (so that the
// test above can fail).
func TestResourceRef(t *testing.T) {
	for _, s := range []string{`<img src="a.png">`, `<a href='x'>`, `background: url(a.png)`, `@import "a.css";`,
		`import("./m.js")`, `import x from "y"`, `fetch("data.json")`, `new XMLHttpRequest()`, `new WebSocket(u)`,
		`new EventSource(u)`, `navigator.sendBeacon(u)`, `new Worker("w.js")`, `importScripts("a.js")`, `<link rel=stylesheet>`,
		`<iframe>`, `<object>`, `<embed>`} {
		assert.True(t, resourceRef.MatchString(s), s)
	}
	for _, s := range []string{`const srcIndex = 1`, `importance`, `// imports nothing`, `&lt;img src=&#34;a.png&#34;&gt;`} {
		assert.False(t, resourceRef.MatchString(s), s)
	}
}
