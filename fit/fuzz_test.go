package fit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzLoadCases feeds arbitrary bytes to the case data loader: it never
// panics, errors name the file, and every accepted series is sorted by
// date with counts ≥ 0 or Missing.
func FuzzLoadCases(f *testing.F) {
	for _, s := range []string{
		"id,date,cases\nA,1950-01-06,3\nA,1950-01-13,NA\nB,1950-01-06,0\n",
		"cases,id,date\n4,A,1950-01-06\n",
		"id,date,cases\nA,1950-02-30,1\nA,1950-01-06,-2\nA,1950-01-06,1.5\n",
		"id,date\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := LoadCases(bytes.NewReader(data), "cases.csv", "id")
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "cases.csv"), "%q", err.Error())
			return
		}
		for _, id := range c.IDs() {
			dates, counts, ok := c.Series(id)
			require.True(t, ok)
			for k := range dates {
				require.True(t, counts[k] >= 0 || counts[k] == Missing)
				if k > 0 {
					require.True(t, dates[k].After(dates[k-1]), "%s: dates sorted and distinct", id)
				}
			}
		}
	})
}

// FuzzDecodeFile feeds arbitrary bytes to the fit-file decoder (paths
// resolved against a directory without files): it never panics, and an
// error names the file.
func FuzzDecodeFile(f *testing.F) {
	for _, s := range []string{
		"run = \"run.toml\"\n[data]\nfile = \"cases.csv\"\n[measurement]\nmodel = \"he2010\"\nrho = 0.5\npsi = 0.1\n",
		"[fit]\nmethod = \"if2\"\n[[estimate]]\nname = \"r0\"\nlower = 1\nupper = 0\n",
		"[profile]\nparameter = \"r0\"\nfrom = 1\nto = 2\nn = -3\n",
		// Issue 37: counts past their bounds (docs/limits.md) are refused
		// before anything is allocated.
		"[profile]\nparameter = \"r0\"\nfrom = 1\nto = 2\nn = 4611686018427387904\n",
		"[profile]\nparameter = \"r0\"\nvalues = [1, 2]\nstarts = 1000000000\n",
		"[fit]\nfilters = 1000000000\niterations = 1000000000\nparticles = 1000000000\n",
		"run = [[[[1]]]]\n",
		"",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := DecodeFile(bytes.NewReader(data), "fit.toml", dir)
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "fit.toml"), "%q", err.Error())
			return
		}
		require.LessOrEqual(t, file.Filters, MaxFilters)
		require.LessOrEqual(t, file.Iterations, MaxIterations)
		if file.Profile != nil {
			require.LessOrEqual(t, len(file.Profile.Values)*file.Profile.Starts, MaxProfilePoints)
		}
	})
}

// FuzzReadProfileShard feeds arbitrary bytes to the reader of profile
// tables and shards (`fit merge`'s input): it never panics, errors name
// the file, and a table read whole ends with a line feed and holds one
// grid.
func FuzzReadProfileShard(f *testing.F) {
	grid := ProfileGrid("r0", []float64{30, 50}, 1)
	for _, s := range []string{
		"parameter,index,value,start,loglik,se,r0\nr0,0,30,0,-100.25,0.5,30\nr0,1,50,0,NA,NA,50\n",
		"parameter,index,value,start,loglik,se,r0,profile_grid\nr0,0,30,0,-100.25,0.5,30," + grid + "\n",
		"parameter,index,value,start,loglik,se,r0,profile_grid\nr0,0,30,0,-1,0.5,30,a\nr0,1,50,0,-1,0.5,50,b\n",
		"parameter,index,value,start,loglik,se\nr0,0,30,0,-100.2", // cut inside the last number
		"parameter,index\n",
		"",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "shard.csv")
		require.NoError(t, os.WriteFile(path, data, 0o644))
		_, _, points, err := ReadProfileShard(path)
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), path), "%q", err.Error())
			return
		}
		if len(points) > 0 {
			require.True(t, bytes.HasSuffix(data, []byte("\n")), "a table without a final line feed was cut")
		}
		for _, p := range points {
			require.GreaterOrEqual(t, p.Index, 0)
			require.GreaterOrEqual(t, p.Start, 0)
		}
	})
}
