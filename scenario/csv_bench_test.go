package scenario

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkLoadCSV1M loads a 1 000 000-patch Clustered scenario (about
// 36 MB of CSV), the size issue 27 asks to load in under 2 s.
func BenchmarkLoadCSV1M(b *testing.B) {
	tab, err := Clustered(1_000_000, 1, DefaultClusteredOptions())
	require.NoError(b, err)
	path := filepath.Join(b.TempDir(), "s.csv")
	require.NoError(b, tab.SaveCSV(path))
	b.ResetTimer()
	for b.Loop() {
		if _, err := LoadCSV(path); err != nil {
			b.Fatal(err)
		}
	}
}
