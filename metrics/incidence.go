package metrics

// IncidenceSource is a phase that records each tick's new cases per patch:
// the biweekly Infection its new I (S → I), the compartmental Infection and
// the agent-based model's infection their E → I flow, EulerSEIR its I → R
// flow (He et al.'s cases, counted as they leave I). A
// [CaseSurveillanceTracker] with count = "incidence" reads it after the
// phase has stepped.
type IncidenceSource interface {
	// Incidence returns the live per-patch incidence of the current tick
	// (the phase's own buffer, not a copy: read it, never keep or change
	// it).
	Incidence() []int64
}
