package fit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoadFileParameters checks [parameters]: per-place values from a CSV
// (Town's r0 35 and rho 0.4, Village's 20 and 0.6), and refusals naming the
// file, the key and the row.
func TestLoadFileParameters(t *testing.T) {
	base := strings.Replace(fixtureFit, "places = [\"Town\"]\n", "", 1)
	base = strings.Replace(base, `method = "if2"`, `method = "pfilter"`, 1)
	for _, tc := range []struct {
		name, table, columns, err string
	}{
		{"values", "id,R0,rho\nTown,35,0.4\nVillage,20,0.6\n", `{ R0 = "r0", rho = "rho" }`, ""},
		{"no row", "id,R0\nTown,35\n", `{ R0 = "r0" }`, `has no row for the fitted place "Village"`},
		{"no column", "id,R0\nTown,35\nVillage,20\n", `{ R1 = "r0" }`, `fit.toml: parameters.columns.R1: `},
		{"not a number", "id,R0\nTown,35\nVillage,x\n", `{ R0 = "r0" }`, `row 2 ("Village"), column "R0": "x" is not a finite number`},
		{"unknown parameter", "id,R0\nTown,35\nVillage,20\n", `{ R0 = "r00" }`, `fit.toml: parameters.columns.R0: the model has no parameter "r00"`},
		{"rho out of range", "id,R0\nTown,35\nVillage,2\n", `{ R0 = "rho" }`, `"Village": 2 is out of range`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			fit := base + "\n[parameters]\nfile = \"values.csv\"\ncolumns = " + tc.columns + "\n"
			path := writeFitFixture(t, dir, fit, true)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "values.csv"), []byte(tc.table), 0o644))
			f, err := LoadFile(path)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				assert.Contains(t, err.Error(), "fit.toml: parameters.")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, map[string][]float64{"r0": {35, 20}, "rho": {0.4, 0.6}}, f.Spec.PlaceValues)
		})
	}
}
