package cli

import (
	"encoding/csv"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/model"
)

// sweepHeld is the column type of the declared compartment "Held" of
// TestSweepDeclaredCompartments.
type sweepHeld int64

var registerHeld = sync.OnceFunc(func() { model.MustRegisterCompartment(ecs.NewCompartment[sweepHeld]("Held")) })

// TestSweepDeclaredCompartments checks that a sweep of a run file that
// declares a compartment has its final count as a column after final_R
// (the metric was computed but had no column), for single-run and ensemble
// points.
func TestSweepDeclaredCompartments(t *testing.T) {
	registerHeld()
	for _, tc := range []struct {
		name       string
		replicates string
	}{{"single runs", ""}, {"ensemble points", "replicates = 2\n"}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			file := writeFile(t, dir, "sweep.toml", "compartments = [\"Held\"]\n"+sweepRunFile+sweepTable+tc.replicates)
			out := filepath.Join(dir, "out")
			code, _, stderr := runCLI(t, "sweep", file, "--out", out, "--no-progress")
			require.Equal(t, 0, code, stderr)
			rows, err := csv.NewReader(strings.NewReader(outputTree(t, out)["sweep.csv"])).ReadAll()
			require.NoError(t, err)
			col := slices.Index(rows[0], "final_Held")
			require.Positive(t, col, "header %v", rows[0])
			assert.Equal(t, "final_R", rows[0][col-1])
			require.Len(t, rows, 1+6, "3 beta × 2 seeds")
			for _, row := range rows[1:] {
				assert.Equal(t, "0", row[col], "nothing moves people into Held")
			}
		})
	}
}
