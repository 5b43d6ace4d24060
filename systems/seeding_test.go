package systems_test

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestSeeding is SPEC AT-19.
func TestSeeding(t *testing.T) {
	two := must(scenario.TwoPatch(100000, 0))
	m := run(t, two, quietParams(0, 1), systems.NewInfectionSeeding(nil))
	assert.Equal(t, int64(1), m.Patches().Get(0).I, "default: one infection in the largest patch (patch_1)")
	assert.Equal(t, int64(1), m.Patches().Totals().I)

	p := systems.SeedingParams{TargetPatches: []string{"patch_2", "patch_1"}, NumInfections: 1,
		InfectionsPerPatch: &systems.PerPatchCounts{List: []int64{7, 3}}}
	m = run(t, two, quietParams(0, 1), systems.NewInfectionSeeding(&p))
	assert.Equal(t, int64(3), m.Patches().Get(0).I)
	assert.Equal(t, int64(7), m.Patches().Get(1).I)

	decoded, err := systems.DecodeSeedingParams([]byte(`{"target_patches": ["patch_1", "patch_2"], "infections_per_patch": 4}`))
	require.NoError(t, err)
	m = run(t, two, quietParams(0, 1), systems.NewInfectionSeeding(&decoded))
	assert.Equal(t, int64(8), m.Patches().Totals().I, "an integer applies to every target")

	bad := systems.SeedingParams{TargetPatches: []string{"x", "patch_1", "y"}, NumInfections: 1}
	mm, err := model.NewBiweekly(two, quietParams(0, 1))
	require.NoError(t, err)
	require.ErrorContains(t, mm.SetComponents(systems.NewInfectionSeeding(&bad)), `unknown target_patches ["x" "y"]`)

	none := systems.SeedingParams{NumInfections: 1, UseLargestPatch: false}
	require.ErrorContains(t, mm.SetComponents(systems.NewInfectionSeeding(&none)), "target_patches must be given")
}

func TestSeedingClampsToS(t *testing.T) {
	scn := table(t, []string{"tiny"}, []int64{3})
	p := systems.SeedingParams{NumInfections: 10, UseLargestPatch: true}
	m, err := model.NewBiweekly(scn, quietParams(0, 1), model.WithStdout(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInfectionSeeding(&p)))
	require.NoError(t, m.Run(t.Context()))
	assert.Equal(t, model.Counts{I: 3}, m.Patches().Get(0))
}

func TestSeedingParamsValidation(t *testing.T) {
	for _, tc := range []struct{ json, message string }{
		{`{"num_infections": 0}`, "num_infections must be >= 1"},
		{`{"n_seeds": 3, "num_infections": 3}`, "both set"},
		{`{"target_patches": ["a", "a"]}`, "duplicates"},
		{`{"target_patches": ["a", "b"], "infections_per_patch": [1]}`, "infections_per_patch has 1 values for 2 target_patches"},
		{`{"target_patches": ["a"], "infections_per_patch": [0]}`, "must be >= 1"},
		{`{"target_patches": [""]}`, "is empty"},
	} {
		_, err := systems.DecodeSeedingParams([]byte(tc.json))
		assert.ErrorContains(t, err, tc.message, tc.json)
	}
	p, err := systems.DecodeSeedingParams([]byte(`{"n_initial_infections": 5}`))
	require.NoError(t, err)
	assert.Equal(t, int64(5), p.NumInfections)
}
