package runfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
)

// TestRunFileEveryLineNamesTheFile: several problems in one table (params
// joins them) print one per line, each with the file name (found by
// FuzzDecodeRunFile: the second line had no prefix).
func TestRunFileEveryLineNamesTheFile(t *testing.T) {
	_, err := Decode(strings.NewReader("[params]\n0 = 0\n10 = {}\n"), "run.toml", "")
	require.Error(t, err)
	assert.Equal(t, ""+
		`run.toml: params: unknown key "0" (known keys: seed, start_time, num_ticks, verbose, show_progress, use_numba)`+"\n"+
		`run.toml: params: unknown key "10" (known keys: seed, start_time, num_ticks, verbose, show_progress, use_numba)`, err.Error())
	var ke *params.KeyError
	assert.True(t, errors.As(err, &ke), "the problems still unwrap")
}

// TestRunFileComponentErrorsNameTheFileOnEveryLine: a component that fails
// when it meets the scenario with several problems (here a births table
// with two bad rows) names the run file, the entry and its type on every
// line, not only on the first (the second line read "VitalDynamicsProcess:
// births = …" without "run.toml: phases[1] (VitalDynamics): ").
func TestRunFileComponentErrorsNameTheFileOnEveryLine(t *testing.T) {
	dir := t.TempDir()
	rf, err := Load(writeRunFile(t, dir, `
[scenario]
builder = "two_patch"

[[phases]]
type = "VitalDynamics"
births = "births.csv"

[[phases]]
type = "StateTracker"
`))
	require.NoError(t, err)
	ids := rf.Scenario.ID
	require.Len(t, ids, 2)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "births.csv"),
		[]byte("id,year,births\n"+ids[0]+",2000,-1\n"+ids[1]+",2000,x\n"), 0o644))
	m, err := model.NewBiweekly(rf.Scenario, rf.Params, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	err = m.SetComponents(rf.Components...)
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 2, err.Error())
	for _, l := range lines {
		assert.True(t, strings.HasPrefix(l, filepath.Join(dir, "run.toml")+": phases[1] (VitalDynamics): VitalDynamicsProcess: births = "), l)
	}
	assert.Contains(t, lines[0], `row 1, column "births": "-1" is negative`)
	assert.Contains(t, lines[1], `row 2, column "births": "x" is not a number`)
}
