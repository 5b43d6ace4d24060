package tty

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIsTerminal(t *testing.T) {
	file, err := os.Create(filepath.Join(t.TempDir(), "log.txt"))
	require.NoError(t, err)
	defer file.Close()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	for _, tc := range []struct {
		name string
		w    io.Writer
	}{
		{"buffer", &bytes.Buffer{}},
		{"discard", io.Discard},
		{"regular file", file},
		{"pipe", w},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.False(t, IsTerminal(tc.w), "%s is not a terminal", tc.name)
			assert.True(t, Always(tc.w))
		})
	}
}
