package compartmental_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
	"github.com/rubeola/rubeola/systems/internal/systest"
)

// TestInfectionRoles: in the compartmental model a susceptible compartment's new
// infections (hazard σ·λ, drawn after new E, I and R) enter E and count
// in the new E per patch and in the returned S → E total; a compartment in
// N lowers λ.
func TestInfectionRoles(t *testing.T) {
	const s, e, i, r, m, acc, sigmaEI, gamma = 20000, 100, 300, 60000, 10000, 120.0, 1.0 / 8, 1.0 / 5
	w := systest.WorldWithN(t, 1, ecs.Roles{InPopulation: true, Susceptibility: 0.25})
	mcol := systest.ColOf(t, w, "M")
	mcol[0] = m
	rc := w.RoleColumns()
	sc, ec, ic, rcol := []int64{s}, []int64{e}, []int64{i}, []int64{r}
	inc, newE := make([]int64, 1), make([]int64, 1)
	total, cerr := compartmental.InfectionRoles(rng.NewSource(8, "test", 3), sc, ec, ic, rcol, []float64{acc}, sigmaEI, gamma, inc, newE, &rc)
	require.Nil(t, cerr)

	src := rng.NewSource(8, "test", 3)
	lambda := acc / float64(s+e+i+r+m)
	exposed := systest.BinomialHazard1(src, s, lambda)
	progressed := systest.BinomialHazard1(src, e, sigmaEI)
	recovered := systest.BinomialHazard1(src, i, gamma)
	fromM := systest.BinomialHazard1(src, m, 0.25*lambda)
	assert.Equal(t, []int64{s - exposed}, sc)
	assert.Equal(t, []int64{m - fromM}, mcol)
	assert.Equal(t, []int64{e + exposed + fromM - progressed}, ec)
	assert.Equal(t, []int64{i + progressed - recovered}, ic)
	assert.Equal(t, []int64{exposed + fromM}, newE)
	assert.Equal(t, exposed+fromM, total)
	assert.Equal(t, []int64{progressed}, inc)
}

// TestInfectionStreaming: the compartmental transmission shares
// Infection's force, so storage "streaming" serves it too: no factored
// matrix, and the same S, E, I, R with 1 and 2 workers (SPEC §7.5 rule 1).
func TestInfectionStreaming(t *testing.T) {
	scn := systest.Must(scenario.RandomN(600, 4, 0))
	q := compartmental.DefaultInfectionParams()
	q.Storage = systems.StorageStreaming
	runWith := func(workers int) *model.Model {
		p := params.DefaultCompartmental()
		p.NumTicks, p.Seed, p.ShowProgress, p.Verbose = 20, 5, false, false
		m, err := model.NewCompartmental(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard),
			model.WithWorkers(workers))
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(systems.NewInitializeEquilibriumStates(nil), systems.NewImportationPressure(nil),
			compartmental.NewInfection(&q)))
		require.NoError(t, m.Run(context.Background()))
		return m
	}
	want := runWith(1)
	got := runWith(2)
	for name, pair := range map[string][2][]int64{
		"S": {want.World().S(), got.World().S()}, "E": {want.World().E(), got.World().E()},
		"I": {want.World().I(), got.World().I()}, "R": {want.World().R(), got.World().R()},
	} {
		assert.Equal(t, pair[0], pair[1], name)
	}
	inf := model.InstancesOf[*compartmental.Infection](want)[0]
	assert.Nil(t, inf.Force().Factored(), "streaming: no factored matrix")
}
