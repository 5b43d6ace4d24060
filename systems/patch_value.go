package systems

import "github.com/rubeola/rubeola/scenario"

// PatchValue is a numeric component parameter that is one number for every
// patch or a scenario column ([scenario.PatchValue]; it lives in scenario so
// that the metrics package, below systems, takes it too).
type PatchValue = scenario.PatchValue

// PatchNumber returns a PatchValue of v for every patch
// ([scenario.PatchNumber]).
func PatchNumber(v float64) PatchValue { return scenario.PatchNumber(v) }

// PatchColumn returns a PatchValue read from the scenario column name
// ([scenario.PatchColumn]).
func PatchColumn(name string) PatchValue { return scenario.PatchColumn(name) }

// Range predicates for [PatchValue.Check] and [PatchValue.Resolve] (those of
// package scenario).
var (
	// Positive holds for finite x > 0.
	Positive = scenario.Positive
	// NonNegative holds for finite x ≥ 0.
	NonNegative = scenario.NonNegative
	// UnitInterval holds for x in [0, 1].
	UnitInterval = scenario.UnitInterval
)
