package runfile

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/systems"
)

// TestRunFileBirthsTable: births = "births.csv" is read relative to the run
// file (the directory is not the working directory), deaths = "scenario"
// and "crude" stay keywords, and the run has the table's births: 26 000
// per year in patch_1 (TwoPatch's ids), of which the cohort's 0.3 outside
// September: mean 0.3·26 000·step/365 per tick (299.2 biweekly), checked
// on the second tick within 5 SE = 5·√mean; none in patch_2.
func TestRunFileBirthsTable(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "births.csv"),
		[]byte("id,year,births\npatch_1,2000,26000\npatch_2,2000,0\n"), 0o644))
	rf, err := Load(writeRunFile(t, dir, `
[[phases]]
type = "VitalDynamics"
births = "births.csv"
deaths = "crude"
cohort = { share = 0.7, day = "09-01" }
`))
	require.NoError(t, err)
	scn := twoPatch(t)
	require.Equal(t, []string{"patch_1", "patch_2"}, scn.ID)
	p := quietParams(2, 1)
	p.StartTime = "2000-01"
	m := newModel(t, scn, p, rf.Components...)
	vd := model.InstancesOf[*systems.VitalDynamics](m)[0]
	assert.Equal(t, filepath.Join(dir, "births.csv"), vd.Params().Births)
	assert.Equal(t, "crude", vd.Params().Deaths)
	assert.Equal(t, &systems.Cohort{Share: 0.7, Day: "09-01"}, vd.Params().Cohort)
	require.NoError(t, m.Run(context.Background()))
	mean := 0.3 * 26000 * float64(m.TimeStepDays()) / 365
	assert.InDelta(t, mean, float64(vd.Births()[0]), 5*math.Sqrt(mean))
	assert.Zero(t, vd.Births()[1], "patch_2 has no births in the table")

	rf, err = Load(writeRunFile(t, dir, "[[phases]]\ntype = \"VitalDynamics\"\nbirths = \"scenario\"\n"))
	require.NoError(t, err)
	m, err = model.NewBiweekly(scn, quietParams(2, 1))
	require.NoError(t, err)
	err = m.SetComponents(rf.Components...)
	require.ErrorContains(t, err, `VitalDynamicsProcess: births = "scenario": the scenario has no column "births_per_year"`,
		"a keyword is not made a path")
}
