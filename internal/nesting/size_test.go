package nesting

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zeros is an endless reader of zero bytes, as /dev/zero.
type zeros struct{ read int }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.read += len(p)
	return len(p), nil
}

func TestReadAll(t *testing.T) {
	tests := []struct {
		name string
		size int
		ok   bool
	}{
		{"empty", 0, true},
		{"at the bound", MaxBytes, true},
		{"one byte past", MaxBytes + 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := ReadAll(strings.NewReader(strings.Repeat("#", tc.size)))
			if tc.ok {
				require.NoError(t, err)
				assert.Len(t, data, tc.size)
				return
			}
			var se *SizeError
			require.True(t, errors.As(err, &se), "%v", err)
			assert.Equal(t, "larger than 1 MiB (rubeola reads at most 1 MiB of a TOML or JSON file; see docs/limits.md)", err.Error())
		})
	}
}

// TestReadAllStopsEarly: `run --config /dev/zero` grew to 22 GB before the
// kernel killed it; the read stops one byte past the bound.
func TestReadAllStopsEarly(t *testing.T) {
	z := &zeros{}
	_, err := ReadAll(z)
	require.Error(t, err)
	// io.ReadAll reads in chunks of at least 512 bytes; LimitReader never
	// asks for more than one byte past the bound.
	assert.LessOrEqual(t, z.read, MaxBytes+1)
}
