package model

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// badCounts is a user phase that writes value into patch 1's column state
// at tick at.
type badCounts struct {
	state string
	at    int
	value int64
}

func (c *badCounts) Name() string { return "BadCounts" }

func (c *badCounts) Step(m phases.Model, tick int) error {
	if tick == c.at {
		col, err := m.World().State(c.state)
		if err != nil {
			return err
		}
		col[1] = c.value
	}
	return nil
}

// TestUserPhaseCountsChecked: a user phase that leaves a count outside
// [0, 2^53] stops the run after that phase with an error naming the tick,
// the phase and the patch, before a built-in sampler sees the count (which
// would panic).
func TestUserPhaseCountsChecked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		state string
		value int64
		want  string
	}{
		{"negative S", "S", -5,
			`tick 2, phase BadCounts: patch 1 ("patch_2"): S = -5, I = 0, R = 0 afterwards; every count must be >= 0 and S+I+R <= 9007199254740992 (2^53) (SPEC §3.2)`},
		{"R above 2^53", "R", 1 << 62,
			`tick 2, phase BadCounts: patch 1 ("patch_2"): S = 50000, I = 0, R = 4611686018427387904 afterwards; every count must be >= 0 and S+I+R <= 9007199254740992 (2^53) (SPEC §3.2)`},
		{"sum above 2^53", "I", 1 << 53,
			`tick 2, phase BadCounts: patch 1 ("patch_2"): S = 50000, I = 9007199254740992, R = 0 afterwards; every count must be >= 0 and S+I+R <= 9007199254740992 (2^53) (SPEC §3.2)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := func(phases.Model) (phases.Component, error) {
				return &badCounts{state: tc.state, at: 2, value: tc.value}, nil
			}
			// Importation draws Binomial(S+I+R, p) after the user phase:
			// without the check it would panic on the bad count (rng
			// checks n before p, so a zero rate, which keeps the other
			// counts as built, still panics).
			imp := systems.DefaultImportationParams()
			imp.Rate = systems.RateAll(0)
			m := newModel(t, twoPatch(t), quietParams(5, 1), bad, systems.NewImportationPressure(&imp))
			err := m.Run(context.Background())
			assert.EqualError(t, err, tc.want)
			assert.Equal(t, 2, m.Tick(), "the run stopped in tick 2")
		})
	}
}

// badInit is a user initialiser that empties patch 0's S into a negative
// count.
type badInit struct{}

func (badInit) Name() string { return "BadInit" }

func (badInit) Initialize(m phases.Model) error {
	m.World().S()[0] = -1
	return nil
}

// TestUserInitialiserCountsChecked: the counts are checked after a user
// initialiser as after a user phase.
func TestUserInitialiserCountsChecked(t *testing.T) {
	bad := func(phases.Model) (phases.Component, error) { return badInit{}, nil }
	m := newModel(t, twoPatch(t), quietParams(5, 1), bad, DefaultComponents()[0])
	assert.EqualError(t, m.Initialize(), `initialize BadInit: patch 0 ("patch_1"): S = -1, I = 0, R = 0 afterwards; every count must be >= 0 and S+I+R <= 9007199254740992 (2^53) (SPEC §3.2)`)
}

// TestBuiltinPhasesUnchecked: a schedule of built-in components only gets
// no per-phase count check (they keep counts in range themselves), so the
// tick costs nothing more.
func TestBuiltinPhasesUnchecked(t *testing.T) {
	m := newModel(t, twoPatch(t), quietParams(1, 1), DefaultComponents()...)
	require.NoError(t, m.Run(context.Background()))
	for k := range m.schedule.Len() {
		assert.False(t, m.schedule.HasCheck(k), "phase %d", k)
	}
}
