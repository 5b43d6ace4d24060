package mapdata

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

func TestFindScenarioRebuilds(t *testing.T) {
	random100, err := scenario.RandomN(100, 42, 0)
	require.NoError(t, err)
	random5, err := scenario.RandomN(5, 3, 0.5)
	require.NoError(t, err)
	two, err := scenario.TwoPatch(2000, 0.25)
	require.NoError(t, err)
	for _, c := range []struct {
		origin string
		want   *scenario.Table
	}{
		// The origins cli and model record (cli/inputs.go, runfile/scenario.go).
		{"embedded: scenario.RandomN(100, seed 42, mcv1 0)", random100},
		{"builder: random_n(n 5, seed 3, mcv1 0.5)", random5},
		{"builder: two_patch(pop 2000, mcv1 0.25)", two},
	} {
		t.Run(c.origin, func(t *testing.T) {
			sum := &Summary{}
			sum.Inputs.Scenario = c.origin
			got, from, err := FindScenario(t.TempDir(), "", sum)
			require.NoError(t, err)
			assert.Equal(t, c.origin, from)
			assert.Equal(t, c.want.ID, got.ID)
			assert.Equal(t, c.want.Lat, got.Lat)
			assert.Equal(t, c.want.Pop, got.Pop)
		})
	}
}

func TestFindScenarioPaths(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(run, 0o755))
	csv := "id,pop,lat,lon,mcv1\na,1000,51,-1,0\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "towns.csv"), []byte(csv), 0o644))
	sum := &Summary{}

	sum.Inputs.Scenario = "towns.csv" // relative to the run's parent
	got, from, err := FindScenario(run, "", sum)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "towns.csv"), from)
	assert.Equal(t, []string{"a"}, got.ID)

	_, from, err = FindScenario(run, filepath.Join(dir, "towns.csv"), nil)
	require.NoError(t, err, "a file given wins, no summary needed")
	assert.Equal(t, filepath.Join(dir, "towns.csv"), from)

	for _, origin := range []string{"builder: grid(5×5, pop 10000)", "missing.csv", "stored in snapshot s.rsnap"} {
		sum.Inputs.Scenario = origin
		_, _, err = FindScenario(run, "", sum)
		assert.ErrorIs(t, err, ErrNoScenario, origin)
		assert.ErrorContains(t, err, origin)
	}
	_, _, err = FindScenario(run, "", nil)
	assert.ErrorIs(t, err, ErrNoScenario, "no summary")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.csv"), []byte("id,pop\n"), 0o644))
	_, _, err = FindScenario(run, filepath.Join(dir, "bad.csv"), nil)
	var ie *InputError
	assert.ErrorAs(t, err, &ie, "a bad scenario names its file")
}
