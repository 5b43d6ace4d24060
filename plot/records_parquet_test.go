package plot

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/parquetin"
)

// TestReadTidyParquetBatches reads tables smaller and larger than one
// batch (parquetin.Batch = 4096 rows; batchSize sizes the batch by the row
// group) from CSV and Parquet: the aggregates must be equal.
func TestReadTidyParquetBatches(t *testing.T) {
	for _, tc := range []struct {
		name            string
		patches, ticks  int
		wantRowsOver4Ki bool
	}{
		{"one row", 1, 1, false},               // 3 rows (S, I, R)
		{"a small table", 2, 3, false},         // 18 rows
		{"more than one batch", 20, 100, true}, // 6 000 rows
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fixture{patches: tc.patches, ticks: tc.ticks, seed: 3, perPatch: true}
			require.Equal(t, tc.wantRowsOver4Ki, 3*tc.patches*tc.ticks > parquetin.Batch)
			a, b := readStatesBoth(t, f)
			assert.Equal(t, tc.ticks, b.ticks())
			assert.Equal(t, a.dates, b.dates)
			assert.Equal(t, a.totals, b.totals)
			assert.Equal(t, a.cells, b.cells)
		})
	}
}

// TestParquetFooterLength: a footer length beyond the file (here 4 GiB − 1
// in a table of a few hundred bytes, as FuzzReadParquet found) is an error
// naming the file, not a 4 GiB allocation.
func TestParquetFooterLength(t *testing.T) {
	data := fuzzSeeds(t, ".parquet")[0]
	binary.LittleEndian.PutUint32(data[len(data)-8:], math.MaxUint32)
	path := filepath.Join(t.TempDir(), "states.parquet")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	_, err := readTidy(path, "I")
	require.ErrorContains(t, err, path+": not a readable Parquet file: corrupt Parquet footer: 4294967295 bytes of metadata claimed")
}

// readStatesBoth writes fixture f's run as CSV and as Parquet and reads
// both states tables (keeping I).
func readStatesBoth(t *testing.T, f fixture) (csv, pq *tidyTable) {
	t.Helper()
	f.parquet = false
	csvDir := writeRun(t, f)
	f.parquet = true
	pqDir := writeRun(t, f)
	csv, err := readTidy(filepath.Join(csvDir, "states.csv"), "I")
	require.NoError(t, err)
	pq, err = readTidy(filepath.Join(pqDir, "states.parquet"), "I")
	require.NoError(t, err)
	return csv, pq
}
