package examples

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goBlock matches a fenced ```go block of Markdown, also one indented in a
// list item.
var goBlock = regexp.MustCompile("(?ms)^[ \t]*```go\n(.*?)^[ \t]*```$")

// normalize collapses every run of white space into one space, so a
// snippet matches its example whatever the indentation.
func normalize(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// exampleSources returns the normalised Go files, tests and benchmarks
// included, of every example that has a test (so the file is compiled by
// `go test`), by path.
func exampleSources(t *testing.T) map[string]string {
	t.Helper()
	dirs, err := filepath.Glob("*")
	require.NoError(t, err)
	out := map[string]string{}
	for _, dir := range dirs {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			continue
		}
		tests, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		require.NoError(t, err)
		if len(tests) == 0 {
			continue
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			out[f] = normalize(string(data))
		}
	}
	return out
}

// TestDocSnippetsCompile: every ```go block of README.md and docs/*.md
// (docs/extending.md holds the extension points' blocks) appears, white
// space aside, in an example program that `go test` compiles and runs (an
// example directory with a test), so no snippet can drift from the API.
func TestDocSnippetsCompile(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	require.NoError(t, err)
	docs = append([]string{filepath.Join("..", "README.md")}, docs...)
	sources := exampleSources(t)
	require.NotEmpty(t, sources)
	found := map[string]int{}
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		require.NoError(t, err)
		for k, m := range goBlock.FindAllStringSubmatch(string(data), -1) {
			found[filepath.Base(doc)]++
			snippet := normalize(m[1])
			in := ""
			for path, src := range sources {
				if strings.Contains(src, snippet) {
					in = path
					break
				}
			}
			assert.NotEmpty(t, in, "%s: Go block %d is in no tested example (examples/*/):\n%s", doc, k+1, m[1])
		}
	}
	// The pages known to hold Go blocks (counted when this test was last
	// changed): the README's quick-start excerpt, docs/extending.md's whole
	// quick start and the blocks of its extension points (compartments,
	// ensembles, your own binary, benchmarks), docs/outputs.md's Parquet
	// reader. Fewer means a page was not read.
	for doc, least := range map[string]int{"README.md": 1, "extending.md": 5, "outputs.md": 1} {
		assert.GreaterOrEqual(t, found[doc], least, "Go blocks checked in %s", doc)
	}
}

// TestNormalize: indentation, line breaks and repeated blanks do not
// matter; words do.
func TestNormalize(t *testing.T) {
	assert.Equal(t, normalize("a :=\n\t\tb(c)  // d"), normalize("a := b(c) // d"))
	assert.NotEqual(t, normalize("a := b(c)"), normalize("a := b(d)"))
}

// TestGoBlock: a block indented in a list item is a snippet too (Markdown
// allows them; docs/extending.md had them in lists before its sections).
func TestGoBlock(t *testing.T) {
	md := "* item:\n\n  ```go\n\tx := 1\n  ```\n\n```go\ny := 2\n```\n"
	var got []string
	for _, m := range goBlock.FindAllStringSubmatch(md, -1) {
		got = append(got, normalize(m[1]))
	}
	assert.Equal(t, []string{"x := 1", "y := 2"}, got)
}
