package plot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkReadTidySmallParquet reads a 12-row Parquet states table (the
// fuzz targets' seed, fuzzFixture): the cost of opening a small table,
// which a full parquetin.Batch of rows made 24 ms and 14 MB (batchSize).
func BenchmarkReadTidySmallParquet(b *testing.B) {
	path := filepath.Join(b.TempDir(), "states.parquet")
	require.NoError(b, os.WriteFile(path, fuzzSeeds(b, ".parquet")[0], 0o644))
	for b.Loop() {
		_, err := readTidy(path, "I")
		require.NoError(b, err)
	}
}
