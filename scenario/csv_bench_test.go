package scenario

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkLoadCSV1M loads a 1 000 000-patch Clustered scenario (about
// 36 MB of CSV), the size issue 27 asks to load in under 2 s.
func BenchmarkLoadCSV1M(b *testing.B) { benchmarkLoad1M(b, "s.csv") }

// BenchmarkLoadParquet1M loads the same scenario from Parquet.
func BenchmarkLoadParquet1M(b *testing.B) { benchmarkLoad1M(b, "s.parquet") }

// benchmarkLoad1M saves the 1 000 000-patch scenario as file (the format
// by its extension) and loads it.
func benchmarkLoad1M(b *testing.B, file string) {
	tab, err := Clustered(1_000_000, 1, DefaultClusteredOptions())
	require.NoError(b, err)
	path := filepath.Join(b.TempDir(), file)
	require.NoError(b, tab.Save(path))
	b.ResetTimer()
	for b.Loop() {
		if _, err := Load(path); err != nil {
			b.Fatal(err)
		}
	}
}
