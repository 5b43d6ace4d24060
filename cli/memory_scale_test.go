package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMemoryEstimatePerPatchHierarchical: the estimate counts a per-patch
// StateTracker and the hierarchical mixing (issue 27 item 4, at a size a
// test can run). 2 000 patches × 10 000 B of hierarchical operator = 20.0
// MB, 3 states × 2 000 patches × 10 ticks × 8 B = 480 kB, and what a
// per-patch run holds besides (model/memory_patches.go): 2 000 × (150 B
// of patch state + 340 B for the table's writer), and as much again of GC
// headroom, 1.96 MB; 22.44 MB in all. A --max-memory of 20 MB is refused
// before anything runs (exit 2, nothing written, the items listed), 23 MB
// runs, unless snapshots add their encoding.
func TestMemoryEstimatePerPatchHierarchical(t *testing.T) {
	dir := t.TempDir()
	scn := filepath.Join(dir, "s.parquet")
	code, _, stderr := runCLI(t, "scenario", "synthetic", "--patches", "2000", "--seed", "2", "--out", scn)
	require.Equal(t, 0, code, stderr)
	cfg := filepath.Join(dir, "run.toml")
	require.NoError(t, os.WriteFile(cfg, []byte(`scenario = "s.parquet"

[params]
num_ticks = 10

[[phases]]
type = "InfectionSeeding"

[[phases]]
type = "Infection"
storage = "hierarchical"
mixer = { type = "gravity", k = 0.0001 }

[[phases]]
type = "StateTracker"
aggregation_level = -2
`), 0o644))
	out := filepath.Join(dir, "out")
	code, _, stderr = runCLI(t, "run", "--config", cfg, "--format", "parquet", "--no-progress", "--out", out, "--max-memory", "20MB")
	requireRefused(t, out, code, stderr, "more than the 20.0 MB allowed",
		"rubeola: InfectionProcess mixing: 2000 patches × 10000 B = 20.0 MB\n",
		"rubeola: StateTracker: 3 states × 2000 patches × 10 ticks × 8 B = 480 kB\n",
		"rubeola: patch state: 2000 patches × 150 B = 300 kB\n",
		"rubeola: per-patch table writers: 1 table × 2000 patches × 340 B = 680 kB\n",
		"rubeola: GC headroom (GOGC=100: as much again as the two items above): 2000 patches × 490 B = 980 kB\n")

	// Snapshots add their encoding: 60 000 tracker values × 16 B = 960 kB,
	// past 23 MB.
	code, _, stderr = runCLI(t, "run", "--config", cfg, "--format", "parquet", "--no-progress", "--out", out, "--max-memory", "23MB", "--snapshot-every", "5")
	requireRefused(t, out, code, stderr, "rubeola: snapshot encoding: 60000 tracker values × 16 B = 960 kB\n")

	code, _, stderr = runCLI(t, "run", "--config", cfg, "--format", "parquet", "--no-progress", "--out", out, "--max-memory", "23MB")
	require.Equal(t, 0, code, stderr)
	require.FileExists(t, filepath.Join(out, "states.parquet"))
}
