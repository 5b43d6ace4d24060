package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestValidateEstimatedSeason: a bad estimated season in a run file is
// refused with exit 2, naming the run file, the phase and the key, for
// each model type's transmission.
func TestValidateEstimatedSeason(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "scn.csv", "id,pop,lat,lon,mcv1\nA,100000,51.5,-0.1,0.5\nB,200000,52,0,0.5\n")
	for _, tc := range []struct {
		name, file, body, want string
	}{
		{"biweekly, 6 coefficients for nbasis 6", "bw.toml",
			"model = \"biweekly\"\nscenario = \"scn.csv\"\n[[phases]]\ntype = \"Infection\"\n" +
				"season = { type = \"bspline\", degree = 3, nbasis = 6, coefficients = [0, 0, 0, 0, 0, 0] }\n",
			"bw.toml: phases[1] (Infection): InfectionProcess: season.coefficients has 6 values, want 5 (nbasis − 1 = 5)"},
		{"compartmental, degree = nbasis", "seir.toml",
			"model = \"compartmental\"\nscenario = \"scn.csv\"\n[[phases]]\ntype = \"Infection\"\n" +
				"season = { type = \"bspline\", degree = 4, nbasis = 4, coefficients = [0, 0, 0] }\n",
			"seir.toml: phases[1] (Infection): InfectionProcess: season.degree must be in 0…3 (below season.nbasis = 4), got 4"},
		{"abm, tsir with 26", "abm.toml",
			"model = \"abm\"\nscenario = \"scn.csv\"\n[[phases]]\ntype = \"Infection\"\n" +
				"season = { type = \"tsir\", coefficients = [" + zeros(26) + "] }\n",
			"abm.toml: phases[1] (Infection): InfectionProcess: season.coefficients has 26 values, want 25 (26 biweeks − 1)"},
		{"EulerSEIR, infinite coefficient", "euler.toml",
			"model = \"compartmental\"\nscenario = \"scn.csv\"\n[[phases]]\ntype = \"EulerSEIR\"\npopulation = \"simulated\"\n" +
				"season = \"bspline\"\nseason_degree = 2\nseason_nbasis = 3\nseason_coefficients = [0, inf]\n",
			"euler.toml: phases[1].season_coefficients[2]: +Inf is not a finite number"},
		{"EulerSEIR, 4 coefficients for nbasis 6", "euler4.toml",
			"model = \"compartmental\"\nscenario = \"scn.csv\"\n[[phases]]\ntype = \"EulerSEIR\"\npopulation = \"simulated\"\n" +
				"season = \"bspline\"\nseason_degree = 3\nseason_nbasis = 6\nseason_coefficients = [0, 0, 0, 0]\n",
			"euler4.toml: phases[1] (EulerSEIR): EulerSEIRProcess: season_coefficients has 4 values, want 5 (nbasis − 1 = 5)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, dir, tc.file, tc.body)
			code, stdout, stderr := runCLI(t, "validate", "--config", path)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Empty(t, stdout)
		})
	}
}

// zeros returns n zeros separated by commas.
func zeros(n int) string {
	s := "0"
	for range n - 1 {
		s += ", 0"
	}
	return s
}
