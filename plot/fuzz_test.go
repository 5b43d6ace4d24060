package plot

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/fuzzwatch"
)

// fuzzFixture is the run whose tables seed the reader fuzz targets: small
// (2 patches, 3 ticks: every table is a few hundred bytes, so mutations
// are cheap) but with every table the readers know — per-patch states,
// population and cases, timing and the ensemble's three tables.
var fuzzFixture = fixture{patches: 2, ticks: 3, seed: 1, perPatch: true, cases: true, timing: true, ensemble: true}

// fuzzSeeds returns the bytes of every table of fuzzFixture written with
// the given extension (".csv" or ".parquet"; timing.csv is CSV only):
// written by the fixture code, so they follow the writers' format as it
// changes.
func fuzzSeeds(t testing.TB, ext string) [][]byte {
	f := fuzzFixture
	f.parquet = ext == ".parquet"
	dir := writeRun(t, f)
	names := []string{"states", "population", "cases", filepath.Join(ensembleDir, "states"),
		filepath.Join(ensembleDir, "cases"), filepath.Join(ensembleDir, "population")}
	var out [][]byte
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name+ext))
		require.NoError(t, err)
		out = append(out, data)
	}
	if ext == ".csv" {
		data, err := os.ReadFile(filepath.Join(dir, "timing.csv"))
		require.NoError(t, err)
		out = append(out, data)
	}
	return out
}

// FuzzReadCSV feeds arbitrary bytes as a CSV table to every reader of
// plot (tidy states, population and cases tables, ensemble quantile
// tables, timing): none panics or runs past fuzzwatch.Deadline, every
// error names the file, and what is accepted holds the tables' invariants
// (see checkFuzzedReads).
func FuzzReadCSV(f *testing.F) { fuzzReaders(f, ".csv") }

// FuzzReadParquet is FuzzReadCSV for Parquet files (timing has no Parquet
// form).
func FuzzReadParquet(f *testing.F) { fuzzReaders(f, ".parquet") }

// fuzzReaders seeds f with fuzzFixture's tables of extension ext and
// fuzzes the readers on one file per worker process, rewritten for every
// input.
func fuzzReaders(f *testing.F, ext string) {
	for _, seed := range fuzzSeeds(f, ext) {
		f.Add(seed)
	}
	f.Add([]byte{})
	path := filepath.Join(f.TempDir(), "table"+ext)
	f.Fuzz(func(t *testing.T, data []byte) {
		require.NoError(t, os.WriteFile(path, data, 0o644))
		var r fuzzReads
		fuzzwatch.Within(t, fuzzwatch.Deadline, func() { r = readAll(path) })
		checkFuzzedReads(t, path, r)
	})
}

// fuzzReads is what every reader made of one file: the tidy table kept
// for I and for cases, the population table, the global I of an ensemble
// table, every group's series of each of ensembleStates, the timing table
// (CSV only), each with its error.
type fuzzReads struct {
	tidy                [2]*tidyTable
	tidyErr             [2]error
	popErr, ensembleErr error
	groups              [3]map[string]*ensembleSeries
	groupsErr           [3]error
	timing              *timingTable
	timingErr           error
}

// readAll runs every reader on path.
func readAll(path string) fuzzReads {
	var r fuzzReads
	for k, keep := range []string{"I", casesState} {
		r.tidy[k], r.tidyErr[k] = readTidy(path, keep)
	}
	_, r.popErr = readPopulations(path)
	_, r.ensembleErr = readEnsemble(path, "I")
	for k, state := range ensembleStates {
		r.groups[k], r.groupsErr[k] = scanEnsembleAll(path, state)
	}
	if filepath.Ext(path) == ".csv" {
		r.timing, r.timingErr = readTiming(path)
	}
	return r
}

// checkFuzzedReads checks what the readers made of path: errors name the
// file; an accepted tidy table has a date for every tick and finite totals
// ≥ 0, every accepted ensemble series a finite value of every quantile at
// each of its dates, an accepted timing table a value of every phase at
// each row.
func checkFuzzedReads(t *testing.T, path string, r fuzzReads) {
	for _, err := range slices.Concat(r.tidyErr[:], r.groupsErr[:], []error{r.popErr, r.ensembleErr, r.timingErr}) {
		if err != nil {
			require.Contains(t, err.Error(), path)
		}
	}
	for _, tab := range r.tidy {
		if tab == nil {
			continue
		}
		require.Positive(t, tab.ticks())
		for _, d := range tab.dates {
			require.False(t, d.IsZero(), "every tick has a date")
		}
		for _, s := range tab.states {
			for _, v := range tab.total(s) {
				require.False(t, v < 0 || math.IsInf(v, 0) || math.IsNaN(v), "total of %s: %v", s, v)
			}
		}
	}
	for _, byID := range r.groups {
		for _, s := range byID {
			for q := range s.q {
				require.Len(t, s.q[q], len(s.dates))
				for _, v := range s.q[q] {
					require.False(t, math.IsInf(v, 0) || math.IsNaN(v), "quantile %d: %v", q, v)
				}
			}
		}
	}
	if r.timing != nil {
		for _, us := range r.timing.us {
			require.Len(t, us, len(r.timing.ticks))
		}
	}
}

// ensembleStates are the states of fuzzFixture's ensemble tables, in the
// order fuzzSeeds returns them.
var ensembleStates = []string{"I", casesState, "N"}

// TestFuzzSeedsAreRead checks that the fuzz targets' seeds are read
// without error by the reader of their kind, so that mutations explore
// past the headers: the tidy tables (the first three seeds), the ensemble
// tables (the next three) and timing.csv.
func TestFuzzSeedsAreRead(t *testing.T) {
	for _, ext := range []string{".csv", ".parquet"} {
		dir := t.TempDir()
		for k, seed := range fuzzSeeds(t, ext) {
			path := filepath.Join(dir, "table"+ext)
			require.NoError(t, os.WriteFile(path, seed, 0o644))
			switch {
			case k < 3:
				_, err := readTidy(path, "I")
				require.NoError(t, err, "%s seed %d", ext, k)
			case k < 6:
				byID, err := scanEnsembleAll(path, ensembleStates[k-3])
				require.NoError(t, err, "%s seed %d", ext, k)
				require.NotEmpty(t, byID, "%s seed %d", ext, k)
			default:
				_, err := readTiming(path)
				require.NoError(t, err, "%s seed %d", ext, k)
			}
		}
	}
}

// scanEnsembleAll reads every group's series of state from an ensemble
// table.
func scanEnsembleAll(path, state string) (map[string]*ensembleSeries, error) {
	byID, _, err := scanEnsemble(path, state, func(string) bool { return true }, false)
	return byID, err
}
