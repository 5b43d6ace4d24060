package output

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReservingFile: whatever the writes, the file holds exactly the bytes
// written; a file that outgrows fileBufferSize has blocks reserved past its
// end, given back at Close (on a file system that reserves them, the file
// keeps no more blocks than its size needs plus one file-system block); a
// file system that refuses is written as usual.
func TestReservingFile(t *testing.T) {
	tests := []struct {
		name     string
		writes   []int // sizes of successive writes
		refused  bool  // the file system does not reserve
		reserves bool  // blocks were reserved past the end before Close
	}{
		{"nothing written", nil, false, false},
		{"small writes: nothing reserved", []int{2060, 11539}, false, false},
		{"small writes, then a large one", []int{2060, fileBufferSize}, false, true},
		{"writes across several reservations", []int{512 << 10, reserveAhead, 3 << 20, 5, reserveAhead + 1}, false, true},
		{"one write larger than the reservation step", []int{2*reserveAhead + 7}, false, true},
		{"refused", []int{1 << 20, 3}, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f")
			file, err := os.Create(path)
			require.NoError(t, err)
			f := &reservingFile{f: file}
			f.refused = tc.refused
			var want []byte
			for k, n := range tc.writes {
				p := bytes.Repeat([]byte{byte('a' + k)}, n)
				written, err := f.Write(p)
				require.NoError(t, err)
				require.Equal(t, n, written)
				want = append(want, p...)
			}
			if tc.reserves && f.refused {
				t.Skip("this file system does not reserve blocks")
			}
			assert.Equal(t, tc.reserves, f.reserved > f.size, "blocks reserved past the end")
			require.NoError(t, f.Close())
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
			var st syscall.Stat_t
			require.NoError(t, syscall.Stat(path, &st))
			assert.LessOrEqual(t, st.Blocks*512, int64(len(want))+int64(st.Blksize), "blocks past the end were given back")
		})
	}
}
