package plot

import (
	"path/filepath"
	"testing"
)

// benchRun is a mid-sized run: 300 patches × 260 ticks (10 years), every
// input, CSV.
var benchRun = fixture{patches: 300, ticks: 260, seed: 1, perPatch: true, cases: true, timing: true, ensemble: true}

// BenchmarkReadTidy reads the per-patch states table (234 000 rows).
func BenchmarkReadTidy(b *testing.B) {
	dir := writeRun(b, benchRun)
	path := filepath.Join(dir, "states.csv")
	for b.Loop() {
		if _, err := readTidy(path, "I"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRender draws every picture of the run at the default size.
func BenchmarkRender(b *testing.B) {
	dir := writeRun(b, benchRun)
	out := filepath.Join(b.TempDir(), "plots")
	for b.Loop() {
		if _, err := Render(dir, out, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
