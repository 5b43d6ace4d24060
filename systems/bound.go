package systems

import (
	"fmt"

	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// CountError reports a patch whose counts a kernel refused to update
// (SPEC §3.2, §6.4); see [patchcount.CountError].
type CountError = patchcount.CountError

// maxPop is the largest count of a patch (2^53).
const maxPop = scenario.MaxPop

// populationError is the CountError of a patch whose births and deaths
// would take its population n past maxPop.
func populationError(j int, n, births, deaths int64) *CountError {
	return &CountError{Patch: j, Reason: fmt.Sprintf(
		"population %d + %d births - %d deaths = %d would pass %d (2^53), the largest count kept exact (SPEC §3.2); the run stops before it does",
		n, births, deaths, n+births-deaths, int64(maxPop))}
}

// meanError is the CountError of a draw whose Poisson mean (count × rate)
// is above the sampler limit; what names the draw and key the param that
// sets the rate.
func meanError(j int, what string, count int64, rate float64, key string) *CountError {
	return &CountError{Patch: j, Reason: fmt.Sprintf(
		"%s: mean %d × %g per tick = %g is above the sampler limit 2^52 (SPEC §6.4); lower %s",
		what, count, rate, float64(count)*rate, key)}
}

// faults holds one kernel error per block (nil when the block went
// through), so that blocks running on different goroutines never share a
// slot; Step reports the first.
type faults []*CountError

// record stores block b's kernel error, made model-relative (patch index
// lo + j and its id), if any.
func (f faults) record(b, lo int, err *CountError, ids []string) {
	if err == nil {
		return
	}
	err.Patch += lo
	err.ID = ids[err.Patch]
	f[b] = err
}

// first returns the first block's error (in block order, hence patch
// order) and clears every slot, or nil.
func (f faults) first() error {
	var out *CountError
	for b, err := range f {
		if err != nil && out == nil {
			out = err
		}
		f[b] = nil
	}
	if out == nil {
		return nil
	}
	return out
}

// deathsTooLarge reports whether a deaths draw with mean count·mu (count is
// the largest compartment) would exceed the sampler limit.
func deathsTooLarge(count int64, mu float64) bool {
	return float64(count)*mu > rng.MaxPoissonMean
}

// dataMeanError is the CountError of a draw from data whose Poisson mean is
// above the sampler limit; what names the draw and key the param that sets
// its source.
func dataMeanError(j int, what string, mean float64, key string) *CountError {
	return &CountError{Patch: j, Reason: fmt.Sprintf(
		"%s: mean %g per tick is above the sampler limit 2^52 (SPEC §6.4); check the %s data", what, mean, key)}
}
