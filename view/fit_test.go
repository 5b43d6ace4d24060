package view

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeFitFiles writes files (name → content) into dir/fit.
func writeFitFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, fitDir), 0o755))
	for name, s := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, fitDir, name), []byte(s), 0o644))
	}
}

// simHeader is simulated.csv's header as fit.Output.Simulated writes it.
const simHeader = "place,date,report,q025,q10,q50,q90,q975,cases_q025,cases_q10,cases_q50,cases_q90,cases_q975\n"

func TestReadFit(t *testing.T) {
	dir := t.TempDir()
	writeFitFiles(t, dir, map[string]string{
		"simulated.csv": simHeader +
			"A,1950-01-06,3,1,2,3,4,5,2,4,6,8,10\n" +
			"A,1950-01-13,NA,1,2,3,4,5,2,4,6,8,10\n" +
			"B,1950-01-06,7,5,6,7,8,9,10,12,14,16,18\n" +
			"B,1950-01-13,8,5,6,7,8,9,10,12,14,16,18\n",
		"trace.csv": "iteration,loglik,r0,amplitude\n1,-900.5,40,0.3\n2,-850.25,45,NA\n",
	})
	require.True(t, IsFitDir(dir))
	d, err := ReadFit(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{"A", "B"}, d.Places)
	assert.Equal(t, []string{"1950-01-06", "1950-01-13"}, d.Dates)
	assert.Equal(t, JSONNumber(3), d.Report[0][0])
	assert.True(t, math.IsNaN(float64(d.Report[0][1])), "NA report")
	assert.Equal(t, []JSONNumber{5, 5}, d.Q975[0])
	assert.Equal(t, []JSONNumber{7, 7}, d.Q50[1])
	require.NotNil(t, d.Trace)
	assert.Equal(t, []JSONNumber{1, 2}, d.Trace.Iteration)
	require.Len(t, d.Trace.Series, 3)
	assert.Equal(t, "loglik", d.Trace.Series[0].Name)
	assert.Equal(t, []JSONNumber{-900.5, -850.25}, d.Trace.Series[0].Values)
	assert.Equal(t, "amplitude", d.Trace.Series[2].Name)
	assert.True(t, math.IsNaN(float64(d.Trace.Series[2].Values[1])))
}

func TestReadFitErrors(t *testing.T) {
	for _, tc := range []struct {
		name, sim, want string
	}{
		{"missing column", "place,date,report,q025\nA,1950-01-06,1,1\n", `header: no column "q10"`},
		{"bad number", simHeader + "A,1950-01-06,x,1,2,3,4,5,1,1,1,1,1\n", `row 1, column "report": "x" is not a number or NA`},
		{"bad date", simHeader + "A,6 Jan 1950,1,1,2,3,4,5,1,1,1,1,1\n", `row 1, column "date"`},
		{"short place", simHeader + "A,1950-01-06,1,1,2,3,4,5,1,1,1,1,1\nA,1950-01-13,1,1,2,3,4,5,1,1,1,1,1\nB,1950-01-06,1,1,2,3,4,5,1,1,1,1,1\n",
			`place "B" has 1 reports, expected 2`},
		{"place again", simHeader + "A,1950-01-06,1,1,2,3,4,5,1,1,1,1,1\nB,1950-01-06,1,1,2,3,4,5,1,1,1,1,1\nA,1950-01-06,1,1,2,3,4,5,1,1,1,1,1\n",
			`row 3, column "place": place "A" again`},
		{"ragged row", simHeader + "A,1950-01-06,1\n", "row 1: 3 fields, expected 13"},
		{"no rows", simHeader, "no rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFitFiles(t, dir, map[string]string{"simulated.csv": tc.sim})
			_, err := ReadFit(dir)
			require.Error(t, err)
			assert.Contains(t, err.Error(), filepath.Join(dir, "fit", "simulated.csv"))
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := ReadFit(t.TempDir())
	require.ErrorContains(t, err, "not a rubeola fit directory")
}
