package systems

import "github.com/rubeola/rubeola/metrics"

// Infection records each tick's incidence (its new I) for count =
// "incidence" surveillance.
var _ metrics.IncidenceSource = (*Infection)(nil)

// Incidence returns the incidence of the last tick per patch: the flow into
// I, which in the biweekly model is the new I of each patch (everyone
// infectious at the tick's start recovers within it, so I after the tick is
// ΔI = the new infections). It is Infection's own buffer, sized at
// Initialize, overwritten every Step (no copy, no allocation); 0 before the
// first Step.
func (c *Infection) Incidence() []int64 { return c.incidence }

// recordIncidence copies the new I of patches [lo, hi) into the incidence
// buffer (called by Block after its draws; the draws are unchanged).
func (c *Infection) recordIncidence(lo, hi int) {
	copy(c.incidence[lo:hi], c.i[lo:hi])
}
