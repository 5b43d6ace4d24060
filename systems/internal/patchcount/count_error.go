package patchcount

import "fmt"

// CountError reports a patch whose counts a kernel refused to update (SPEC
// §3.2, §6.4): the update would take the patch's population S + I + R past
// [scenario.MaxPop] (2^53, up to which every count is exact in float64 and
// accepted by the samplers), or a draw's mean is above the sampler limit
// [rng.MaxPoissonMean]. The kernel stops at that patch and leaves it
// unchanged; the component's Step returns the error, which stops the run
// (the schedule adds the tick and the phase name).
type CountError struct {
	// Patch is the patch index: relative to the block in a kernel's result,
	// the model's patch index in a component's error.
	Patch int
	// ID is the patch id (set by the component; empty in a kernel's result).
	ID string
	// Reason says what would have happened, with the numbers.
	Reason string
}

// Error implements error: `patch 3 ("kano"): <reason>`.
func (e *CountError) Error() string {
	return fmt.Sprintf("patch %d (%q): %s", e.Patch, e.ID, e.Reason)
}
