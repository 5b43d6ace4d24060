package fit

import (
	"bytes"
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
		"run = [[[[1]]]]\n",
		"",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := DecodeFile(bytes.NewReader(data), "fit.toml", dir)
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "fit.toml"), "%q", err.Error())
		}
	})
}
