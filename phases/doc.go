// Package phases defines how model processes plug into a tick, the same
// for every model type (biweekly, compartmental and agent-based): the
// component protocol and the [Model] view components see, per-block
// parallel work with its streams ([Blocks]), the per-tick [Schedule], the
// worker [Pool] and the progress bar, and the optional interfaces the
// engine asks of components: run state for snapshots ([Snapshotter]),
// storage estimates checked before a run ([StorageSizer], [SetupSizer]),
// and per-patch parameters and state for model fitting ([PatchParameters],
// [Resampler]; package fit).
//
// The component protocol:
//
//	type Component   interface{ Name() string }
//	type Initializer interface{ Initialize(m Model) error }    // once, before tick 0
//	type Stepper     interface{ Step(m Model, tick int) error } // a phase: every tick
//	type Finalizer   interface{ Finalize(m Model) error }      // once, after the last tick
//	type Factory     func(m Model) (Component, error)           // builds an instance
//
// A model is given factories; each builds an instance against the model, and
// an instance is a phase iff it implements [Stepper]. Components see the model
// only through the [Model] interface: scenario, params, the patch world with
// its column views, tick and dates, their own random streams, the verbose
// writer and instance lookup.
//
// Writing a phase:
//
//	f := phases.Func("Doubler", func(m phases.Model, tick int) error {
//		for j, i := range m.World().I() { … }
//		return nil
//	})
//	err := model.AddComponent(f)
//
// The Func example runs such a phase after the Infection in a model.
//
// A system with state implements Initialize (fetch column views, size
// buffers, derive streams — no lookups per tick) and Step.
//
// Build, then initialise: a model builds every factory of its list in
// order, then, before the first tick, initialises every [Initializer] in
// the same order. A [Factory] sees the scenario, the params, the world as
// created (S = pop, the other compartments 0) and only the instances
// before its own; it validates its params against the scenario and has no
// side effects (it may run once per ensemble replicate, again for a
// snapshot or a sweep's check). Initialize sees every instance and the
// counts earlier initialisers set; it is where checks that need them go.
// Both run when a run file is validated (`rubeola validate` builds and
// initialises the model without ticking), so an error from either is
// reported there with exit code 2, never first by the run.
//
// Block work: patches are split into blocks of [rng.BlockSize], each with
// its own random stream. [Model.ForBlocks] runs a [Blocker] (a type with
// Block(b int)) for every block, in parallel when the params allow it; pass
// a pointer, which allocates nothing per tick. The [Blocks] helper owns a
// component's streams and ranges:
//
//	type Waning struct {
//		phases.Blocks
//		s, r []int64
//	}
//
//	func (c *Waning) Initialize(m phases.Model) error {
//		c.s, c.r = m.World().S(), m.World().R()
//		return c.Init(m, c) // the component's own streams
//	}
//
//	func (c *Waning) Step(m phases.Model, _ int) error { c.Run(m, c); return nil }
//
//	func (c *Waning) Block(b int) { // the kernel: block b's patches, block b's stream
//		lo, hi := c.Range(b)
//		src := c.Stream(b)
//		for j := lo; j < hi; j++ { … rng.Binomial(src, c.r[j], p) … }
//	}
//
// Time: [Model.TimeStepDays] is the length of a tick in days (14 for the
// biweekly model, 1 in the daily models, compartmental and agent-based),
// the one source for converting yearly rates and day windows to ticks.
//
// Ensembles: a model.Ensemble steps the replicates of one scenario phase by
// phase. A phase implementing [BatchStepper] is run for all replicates in
// one call (the Infection evaluates all their forces in one pass over the
// mixing data), and [Model]'s Shared lets the replicates' instances build
// immutable data (the mixing matrix) once.
//
// The [Schedule] runs phases in order for one tick, timing each through a
// [TimingFunc] callback; a [Pool] runs per-block kernels in parallel with
// deterministic results; [Progress] draws the progress bar.
package phases
