package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWrite(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name    string
		fill    func(w io.Writer) error
		wantErr error
		want    string // content of the destination afterwards
	}{
		{"success replaces", func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }, nil, "new"},
		{"failure keeps old", func(w io.Writer) error { _, _ = io.WriteString(w, "partial"); return boom }, boom, "old"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.txt")
			require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
			err := Write(path, 0o644, tc.fill)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
			} else {
				require.NoError(t, err)
				info, err := os.Stat(path)
				require.NoError(t, err)
				assert.Equal(t, os.FileMode(0o644), info.Mode().Perm())
			}
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Len(t, entries, 1, "no temporary file may remain")
		})
	}
}

func TestWriteBytesMissingDir(t *testing.T) {
	path := filepath.Join(t.TempDir(), "absent", "out.txt")
	err := WriteBytes(path, 0o644, []byte("x"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), path)
}
