package model

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/snapdigest"
)

// TestSnapshotGzipLevel: snapshots below fastGzipBytes keep the default
// level (so every existing run's .snap keeps its bytes); from it on they
// are written with BestSpeed (a 10⁶-patch run's snapshot, docs/scale.md).
func TestSnapshotGzipLevel(t *testing.T) {
	for _, tc := range []struct {
		bytes, level int
	}{
		{0, gzip.DefaultCompression},
		{fastGzipBytes - 1, gzip.DefaultCompression},
		{fastGzipBytes, gzip.BestSpeed},
		{1 << 30, gzip.BestSpeed},
	} {
		assert.Equal(t, tc.level, snapshotGzipLevel(tc.bytes), "%d bytes", tc.bytes)
	}
}

// TestLargeSnapshotReadsBack: a payload past fastGzipBytes, written
// with BestSpeed, decompresses to the sealed JSON, so loading (which
// reads any gzip level) sees the same content as before.
func TestLargeSnapshotReadsBack(t *testing.T) {
	// A JSON array of fastGzipBytes/2 zeros is fastGzipBytes+1 bytes: just
	// past the threshold.
	payload := append(append([]byte(`{"rows":[`), bytes.Repeat([]byte("0,"), fastGzipBytes/2)...), `0]}`...)
	path := filepath.Join(t.TempDir(), "big.snap")
	require.NoError(t, writeSnapshot(path, payload, nil))
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	want, err := snapdigest.Seal(payload)
	require.NoError(t, err)
	assert.Equal(t, want, snapshotContentOf(t, raw))
}
