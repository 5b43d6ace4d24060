package model_test

import (
	"context"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// seirRunFile is a compartmental run with every key this file's science
// checks use that the biweekly model does not have: model =
// "compartmental" and the SEIR Infection's exp_mu and inf_mu (beta,
// seasonality, ConstantPop and the tracker as in the biweekly model).
const seirRunFile = `
model = "compartmental"
[scenario]
builder = "single_patch"
pop = 1000000
mcv1 = 0
[params]
num_ticks = 200
seed = 11
show_progress = false
[[phases]]
type = "InfectionSeeding"
num_infections = 20
[[phases]]
type = "Infection"
beta = 0.5
exp_mu = 10
inf_mu = 6
seasonality = 0
[[phases]]
type = "ConstantPop"
crude_birth_rate = 30
[[phases]]
type = "StateTracker"
`

// TestSEIRScienceRunFile: the run file builds the same compartmental model as
// the constructors with the same values (R0 = 0.5/(1 − e^(−1/6)) = 3.26
// for the chain), so the run is the same, day by day and compartment by
// compartment, for the same seed.
func TestSEIRScienceRunFile(t *testing.T) {
	rf, err := runfile.Decode(strings.NewReader(seirRunFile), "seir.toml", t.TempDir())
	require.NoError(t, err)
	require.Equal(t, model.TypeCompartmental, rf.Model)
	fromFile, err := model.New(rf.Scenario, rf.Params, model.WithType(rf.Model), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, fromFile.SetComponents(rf.Components...))
	require.NoError(t, fromFile.Run(context.Background()))
	infections := model.InstancesOf[*compartmental.Infection](fromFile)
	require.Len(t, infections, 1)
	assert.Equal(t, 10.0, infections[0].Params().ExpMu)
	assert.Equal(t, 6.0, infections[0].Params().InfMu)

	seeding := systems.DefaultSeedingParams()
	seeding.NumInfections = 20
	infection := compartmental.DefaultInfectionParams()
	infection.Beta, infection.ExpMu, infection.InfMu = 0.5, 10, 6
	scn, err := scenario.SinglePatch(1_000_000, 0)
	require.NoError(t, err)
	built, err := model.NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: atParams(200, 11)},
		model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, built.SetComponents(systems.NewInfectionSeeding(&seeding), compartmental.NewInfection(&infection),
		systems.NewConstantPop(&systems.ConstantPopParams{CrudeBirthRate: 30}), metrics.NewStateTracker(nil)))
	require.NoError(t, built.Run(context.Background()))

	for _, s := range []string{"S", "E", "I", "R"} {
		want, err := model.InstancesOf[*metrics.StateTracker](built)[0].Counts(s)
		require.NoError(t, err)
		got, err := model.InstancesOf[*metrics.StateTracker](fromFile)[0].Counts(s)
		require.NoError(t, err)
		require.Equal(t, want, got, s)
	}
	e, err := model.InstancesOf[*metrics.StateTracker](fromFile)[0].Counts("E")
	require.NoError(t, err)
	assert.Positive(t, e[100][0], "an epidemic with R0 3.26 is under way on day 100")
}

// TestSEIRRunFileKeyErrors: the SEIR Infection's keys are validated
// strictly, each error naming the component and the key.
func TestSEIRRunFileKeyErrors(t *testing.T) {
	tests := []struct {
		name, phase string
		want        []string
	}{
		{"exp_mu zero", "exp_mu = 0", []string{"InfectionProcess: exp_mu must be a finite number of days > 0, got 0"}},
		{"inf_mu negative", "inf_mu = -8", []string{"InfectionProcess: inf_mu must be a finite number of days > 0, got -8"}},
		{"both at once", "exp_mu = -1\ninf_mu = 0", []string{"exp_mu must be", "inf_mu must be"}},
		{"sigma", "sigma = 0.2", []string{"sigma", `"exp_mu"`}},
		{"gamma", "gamma = 0.1", []string{"gamma", `"inf_mu"`}},
		{"exp_mu a string", `exp_mu = "six"`, []string{"exp_mu"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := "model = \"compartmental\"\n[[phases]]\ntype = \"Infection\"\n" + tt.phase + "\n"
			_, err := runfile.Decode(strings.NewReader(file), "seir.toml", t.TempDir())
			require.Error(t, err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
	// A run file cannot carry an infinite period to the validation (the
	// file's TOML inf stops at the JSON step, for every component); the
	// constructors can.
	p := compartmental.DefaultInfectionParams()
	p.ExpMu = math.Inf(1)
	assert.EqualError(t, p.Validate(), "InfectionProcess: exp_mu must be a finite number of days > 0, got +Inf")
}
