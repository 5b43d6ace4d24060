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

// TestReadmeShowsQuickstart keeps the README's quick start identical to this
// program.
func TestReadmeShowsQuickstart(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	assert.Contains(t, string(readme), "```go\n"+string(src)+"```\n", "README quick start must be examples/quickstart/main.go verbatim")
}
