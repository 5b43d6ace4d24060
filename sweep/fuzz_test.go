package sweep

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/fuzzwatch"
)

// fuzzSweepName is the name the fuzzed sweep files are decoded under: every
// error must start with it.
const fuzzSweepName = "fuzz.toml"

// fuzzMaxValidate bounds the points of a fuzzed sweep that Validate decodes
// (one run file each): larger sweeps (up to MaxPoints) only decode their
// first and last points, so that one input costs milliseconds.
const fuzzMaxValidate = 64

// FuzzDecode feeds arbitrary TOML to the sweep file decoder: it never
// panics, every error starts with the file's name, and an accepted file
// decodes its first and last points' run files (errors named the same way)
// and, when it has at most fuzzMaxValidate points, validates them all
// without building models. The directory holds a
// scenario CSV and a births table the seeds sweep over. The seeds are
// valid sweep files (grid, zip, ranges, replicates, a swept scenario and
// births table), so that mutations start past the [sweep] table's checks.
func FuzzDecode(f *testing.F) {
	dir := fuzzDir(f)
	for _, seed := range validSweepSeeds() {
		f.Add(seed)
	}
	f.Add([]byte("[sweep]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if fuzzwatch.NamesDevice(data) {
			return
		}
		var errs []error
		fuzzwatch.Within(t, fuzzwatch.Deadline, func() {
			sf, err := Decode(data, fuzzSweepName, dir)
			if err != nil {
				errs = append(errs, err)
				return
			}
			points := sf.Points()
			require.Len(t, points, sf.NumPoints())
			for _, p := range []Point{points[0], points[len(points)-1]} {
				if _, err := sf.RunFile(p); err != nil {
					errs = append(errs, err)
				}
			}
			if len(points) <= fuzzMaxValidate {
				if err := sf.Validate(nil, 1, Shard{}); err != nil {
					errs = append(errs, err)
				}
			}
		})
		for _, err := range errs {
			require.True(t, strings.HasPrefix(err.Error(), fuzzSweepName+": "), "%q", err.Error())
		}
	})
}

// fuzzDir writes the files the seeds of FuzzDecode refer to into a new
// directory: a scenario CSV and a births table.
func fuzzDir(t testing.TB) string {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "towns.csv"),
		[]byte("id,pop,lat,lon,mcv1,births_per_year\na,1000,0,0,0,30\nb,2000,0,1,0,60\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "births.csv"), []byte("id,year,births\na,2000,30\nb,2000,60\n"), 0o644))
	return dir
}

// validSweepSeeds are FuzzDecode's valid seeds: grid, zip, ranges,
// replicates, tables as values, dates, a swept scenario and births table.
func validSweepSeeds() [][]byte {
	var out [][]byte
	for _, table := range []string{
		`"phases.Infection.beta" = [0.4, 0.6]` + "\n" + `"params.seed" = { from = 1, to = 3 }`,
		"mode = \"zip\"\n" + `"phases[3].seasonality" = [0.1, 0.2]` + "\n" + `"params.seed" = [5, 6]`,
		"replicates = 2\n" + `"scenario.rows" = { from = 1, to = 4, step = 2 }`,
		`"phases.Infection.mixer" = [{ type = "gravity", k = 0.01 }, { type = "radiation" }]`,
		`"params.start_time" = ["2000-01", "2001-06-15"]`,
	} {
		out = append(out, []byte(baseRunFile+"\n[sweep]\n"+table+"\n"))
	}
	return append(out, []byte("scenario = \"towns.csv\"\n[[phases]]\ntype = \"VitalDynamics\"\ndeaths = \"crude\"\n[sweep]\n"+
		`"phases.VitalDynamics.births" = ["crude", "scenario", "births.csv"]`+"\n"))
}

// TestFuzzDecodeSeedsAreValid checks that FuzzDecode's seeds decode and
// validate, so that its mutations explore past the first error.
func TestFuzzDecodeSeedsAreValid(t *testing.T) {
	dir := fuzzDir(t)
	for k, seed := range validSweepSeeds() {
		sf, err := Decode(seed, fuzzSweepName, dir)
		require.NoError(t, err, "seed %d", k)
		require.NoError(t, sf.Validate(nil, 1, Shard{}), "seed %d", k)
		require.Greater(t, sf.NumPoints(), 1, "seed %d sweeps", k)
	}
}
