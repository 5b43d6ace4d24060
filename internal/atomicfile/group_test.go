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

// content returns a fill writing s.
func content(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func TestGroup(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name    string
		failAt  int // index of the Create whose fill fails; -1 = none
		wantA   string
		wantB   string
		wantErr error
	}{
		{"all staged then committed", -1, "new a", "new b", nil},
		{"failure while staging keeps every destination", 1, "old a", "old b", boom},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
			require.NoError(t, os.WriteFile(a, []byte("old a"), 0o600))
			require.NoError(t, os.WriteFile(b, []byte("old b"), 0o600))
			g := Group{Perm: 0o640}
			err := func() error {
				for i, f := range []struct{ path, text string }{{a, "new a"}, {b, "new b"}} {
					fill := content(f.text)
					if i == tc.failAt {
						fill = func(io.Writer) error { return boom }
					}
					if err := g.Create(f.path, fill); err != nil {
						return err
					}
				}
				return g.Commit()
			}()
			g.Abort()
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
			} else {
				require.NoError(t, err)
				info, err := os.Stat(a)
				require.NoError(t, err)
				assert.Equal(t, os.FileMode(0o640), info.Mode().Perm())
			}
			for path, want := range map[string]string{a: tc.wantA, b: tc.wantB} {
				got, err := os.ReadFile(path)
				require.NoError(t, err)
				assert.Equal(t, want, string(got))
			}
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Len(t, entries, 2, "no temporary file may remain")
		})
	}
}
