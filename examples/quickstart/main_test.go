package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuickstartRuns(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	assert.Equal(t, 2, strings.Count(out.String(), "largest patch incidence"), "one report per year")
	assert.Contains(t, out.String(), "incidence per tick: [")
	assert.Contains(t, out.String(), "25 groups")
}

// TestDocShowsQuickstart keeps the quick start of docs/extending.md
// identical to this program (the README's shorter quick start is an excerpt
// of it, checked by the examples package's TestDocSnippetsCompile).
func TestDocShowsQuickstart(t *testing.T) {
	doc, err := os.ReadFile("../../docs/extending.md")
	require.NoError(t, err)
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	assert.Contains(t, string(doc), "```go\n"+string(src)+"```\n", "docs/extending.md's quick start must be examples/quickstart/main.go verbatim")
}
