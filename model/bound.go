package model

import (
	"fmt"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// Run-time population bound (SPEC §3.2): no count passes 2^53
// (scenario.MaxPop). The built-in components that can grow a patch
// (VitalDynamics' births) check it themselves, and no built-in component
// makes a count negative; after every phase of another type (a user
// component, whose code the model does not know) the model checks every
// patch's counts, O(N) per such phase, so that a bad count stops the run
// with an error naming the patch, the phase and the tick instead of a panic
// in a sampler of a later phase. A user initialiser is checked the same way
// once it has run.

// guardUserPhases installs the count check after every phase that is not a
// built-in component type.
func (m *Model) guardUserPhases() {
	for k, c := range m.schedule.Phases() {
		if !isBuiltin(c) {
			m.schedule.SetCheck(k, m.checkCounts)
		}
	}
}

// checkAfterUserInit checks the counts after the initialiser of c ran, when
// c is not a built-in component (built-in initialisers only move people
// within a patch).
func (m *Model) checkAfterUserInit(c phases.Component) error {
	if isBuiltin(c) {
		return nil
	}
	return m.checkCounts()
}

// checkCounts returns an error naming the first patch whose S, I or R is
// negative or above 2^53 or whose S + I + R is above 2^53, then (in a model
// with extra compartments) the first with a bad extra count or sum of all
// counts.
func (m *Model) checkCounts() error {
	s, i, r := m.world.S(), m.world.I(), m.world.R()
	for j := range s {
		// A negative value is a huge uint64: one compare per count.
		if uint64(s[j]) > scenario.MaxPop || uint64(i[j]) > scenario.MaxPop || uint64(r[j]) > scenario.MaxPop ||
			s[j]+i[j]+r[j] > scenario.MaxPop {
			return fmt.Errorf("patch %d (%q): S = %d, I = %d, R = %d afterwards; every count must be >= 0 and S+I+R <= %d (2^53) (SPEC §3.2)",
				j, m.scn.ID[j], s[j], i[j], r[j], int64(scenario.MaxPop))
		}
	}
	if len(m.extra) == 0 {
		return nil
	}
	return m.checkExtraCounts()
}

// checkExtraCounts checks the extra compartments' counts, and every
// patch's sum of all counts, after checkCounts found S, I and R in range.
func (m *Model) checkExtraCounts() error {
	s, i, r := m.world.S(), m.world.I(), m.world.R()
	for j := range s {
		sum := s[j] + i[j] + r[j] // ≤ 2^53: each further term too, so no overflow
		for k, col := range m.extra {
			if uint64(col[j]) > scenario.MaxPop {
				return fmt.Errorf("patch %d (%q): %s = %d afterwards; every count must be >= 0 and <= %d (2^53) (SPEC §3.2)",
					j, m.scn.ID[j], m.extraNames[k], col[j], int64(scenario.MaxPop))
			}
			sum += col[j]
		}
		if sum > scenario.MaxPop {
			return fmt.Errorf("patch %d (%q): the sum of %q is %d afterwards; it must be <= %d (2^53) (SPEC §3.2)",
				j, m.scn.ID[j], m.world.StateNames(), sum, int64(scenario.MaxPop))
		}
	}
	return nil
}
