package systems_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestEquilibrium is SPEC AT-7.
func TestEquilibrium(t *testing.T) {
	m := run(t, must(scenario.SinglePatch(100000, 0)), quietParams(0, 1), systems.NewInitializeEquilibriumStates(nil))
	assert.Equal(t, model.Counts{S: 12500, R: 87500}, m.Patches().Get(0))

	m = run(t, must(scenario.TwoPatch(100000, 0)), quietParams(0, 1), systems.NewInitializeEquilibriumStates(nil))
	assert.Equal(t, model.Counts{S: 12500, R: 87500}, m.Patches().Get(0))
	assert.Equal(t, model.Counts{S: 6250, R: 43750}, m.Patches().Get(1))

	for _, r0 := range []float64{0.5, 1, 2, 4, 12, 20} {
		p := systems.EquilibriumParams{R0: r0}
		m := run(t, must(scenario.SinglePatch(100000, 0)), quietParams(0, 1), systems.NewInitializeEquilibriumStates(&p))
		c := m.Patches().Get(0)
		assert.Equal(t, int64(100000), c.S+c.R, "S+R = P exactly (R0 %v)", r0)
		assert.Zero(t, c.I)
		if r0 <= 1 {
			assert.Equal(t, model.Counts{S: 100000}, c)
			continue
		}
		assert.InDelta(t, 100000/r0, float64(c.S), 1, "S within 1 of P/R0")
	}
	p := systems.EquilibriumParams{R0: 12}
	m = run(t, must(scenario.SinglePatch(100000, 0)), quietParams(0, 1), systems.NewInitializeEquilibriumStates(&p))
	assert.Equal(t, model.Counts{S: 8334, R: 91666}, m.Patches().Get(0))
}

func TestEquilibriumAliases(t *testing.T) {
	for _, key := range []string{"R0", "r0", "R_0", "effective_R0", "effective_r0"} {
		p, err := systems.DecodeEquilibriumParams([]byte(`{"` + key + `": 4}`))
		assert.NoError(t, err, key)
		assert.Equal(t, 4.0, p.R0, key)
	}
	_, err := systems.DecodeEquilibriumParams([]byte(`{"R0": -1}`))
	assert.Error(t, err)
}
