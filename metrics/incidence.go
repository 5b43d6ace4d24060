package metrics

// IncidenceSource is a phase that records each tick's flow into I per patch
// (the biweekly Infection: its new I; an SEIR infection: its E→I flow). A
// [CaseSurveillanceTracker] with count = "incidence" reads it after the
// phase has stepped.
type IncidenceSource interface {
	// Incidence returns the live per-patch incidence of the current tick
	// (the phase's own buffer, not a copy: read it, never keep or change
	// it).
	Incidence() []int64
}
