package phases

// PatchParameters is a component whose numeric parameters may differ from
// patch to patch (a number for every patch, or a scenario column; see
// systems.PatchValue). Model fitting (package fit) reads and perturbs the
// values in place between ticks: iterated filtering gives every particle
// (patch) its own parameter vector.
type PatchParameters interface {
	Component
	// PatchParameter returns the live per-patch values of the numeric
	// parameter key (one per patch, in patch order), or nil when key is
	// not such a parameter of the component. Writes take effect from the
	// next tick; values must stay within the key's valid range.
	PatchParameter(key string) []float64
	// PatchParameterKeys lists the keys PatchParameter answers.
	PatchParameterKeys() []string
}

// Resampler is a component that keeps per-patch state of its own besides
// the world's compartments (accumulated counts, timers). A particle filter,
// which treats patches as particles, resamples them between ticks: after
// Resample(ancestors), patch j must hold what patch ancestors[j] held
// before. ancestors has one entry per patch; indices may repeat.
type Resampler interface {
	Component
	Resample(ancestors []int32)
}
