package model_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
)

// TestBirthsTableMustOverlapTheRun: a births table for 2044–2046 and a run
// from 2000-01 for 104 biweekly ticks (to 2003-12) do not overlap: the
// table's last figure would hold for the whole run, so building the
// component (what `rubeola validate` does) refuses it, naming the key, the
// file and both periods; a table that overlaps by one year is taken.
func TestBirthsTableMustOverlapTheRun(t *testing.T) {
	tests := []struct {
		name, years, want string
	}{
		{"after", "2044,2045,2046", `the table's years 2044–2046 and the run's 2000–2003 do not overlap`},
		{"before", "1990,1991", `the table's years 1990–1991 and the run's 2000–2003 do not overlap`},
		{"one year in", "2003,2004", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var table strings.Builder
			table.WriteString("id,year,births\n")
			for _, y := range strings.Split(tt.years, ",") {
				table.WriteString("patch_1," + y + ",2000\npatch_2," + y + ",1000\n")
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, "births.csv"), []byte(table.String()), 0o644))
			run := "scenario = { builder = \"two_patch\" }\n[params]\nnum_ticks = 104\nstart_time = \"2000-01\"\n" +
				"[[phases]]\ntype = \"VitalDynamics\"\nbirths = \"births.csv\"\n"
			rf, err := runfile.Decode(strings.NewReader(run), "run.toml", dir)
			require.NoError(t, err)
			m, err := model.New(rf.Scenario, rf.Params, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
			require.NoError(t, err)
			err = m.SetComponents(rf.Components...)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), `run.toml: phases[1] (VitalDynamics): VitalDynamicsProcess: births = "`)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestBirthsSourceTypo: a births value that is neither a keyword nor an
// existing file, but close to a keyword, gets a did-you-mean.
func TestBirthsSourceTypo(t *testing.T) {
	run := "scenario = { builder = \"two_patch\" }\n[[phases]]\ntype = \"VitalDynamics\"\nbirths = \"scenaro\"\n"
	rf, err := runfile.Decode(strings.NewReader(run), "run.toml", t.TempDir())
	require.NoError(t, err)
	m, err := model.New(rf.Scenario, rf.Params, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	err = m.SetComponents(rf.Components...)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `VitalDynamicsProcess: births = "`)
	assert.Contains(t, err.Error(), `no such file or directory (did you mean "scenario"?)`)
}

// TestResumeRefusesAChangedBirthsTable: a snapshot records the SHA-256 of
// the births table its run read; resuming after the file changed is an
// error naming the key and both digests (the resumed run would not continue
// the saved one), and resuming with the same file works.
func TestResumeRefusesAChangedBirthsTable(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "births.csv")
	require.NoError(t, os.WriteFile(table, []byte("id,year,births\npatch_1,2000,2000\npatch_2,2000,1000\n"), 0o644))
	run := "scenario = { builder = \"two_patch\" }\n[params]\nnum_ticks = 20\nstart_time = \"2000-01\"\n" +
		"[[phases]]\ntype = \"VitalDynamics\"\nbirths = \"births.csv\"\n"
	rf, err := runfile.Decode(strings.NewReader(run), "run.toml", dir)
	require.NoError(t, err)
	m, err := model.New(rf.Scenario, rf.Params, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(rf.Components...))
	require.NoError(t, m.Initialize())
	require.NoError(t, m.RunTicks(context.Background(), 5))
	snap := filepath.Join(dir, "run.snap")
	require.NoError(t, m.SaveSnapshot(snap))

	_, err = model.LoadSnapshot(snap, nil, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err, "the same table")
	require.NoError(t, os.WriteFile(table, []byte("id,year,births\npatch_1,2000,2500\npatch_2,2000,1000\n"), 0o644))
	_, err = model.LoadSnapshot(snap, nil, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `VitalDynamicsProcess: births = "`)
	assert.Contains(t, err.Error(), "the table differs from the one the snapshot's run read (sha256:")
}
