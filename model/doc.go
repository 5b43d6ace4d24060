// Package model assembles the biweekly measles model: a world of patch
// entities (package ecs), the component instances and their schedule
// (package phases), per-phase timing (package metrics) and the run loop.
//
// Build, choose components, run, read the trackers:
//
//	scn, _ := scenario.TwoPatch(100000, 0)
//	p := params.Default()
//	p.NumTicks = 52
//	m, _ := model.NewBiweekly(scn, p)
//	_ = m.SetComponents(model.DefaultComponents()...)
//	_ = m.Run(context.Background())
//	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
//	fmt.Println(tracker.Series("I"))
//
// [DefaultComponents] is the standard schedule, the model's table of contents.
// External code changes states only through [Biweekly.Infect] and
// [Biweekly.Recover], which check every argument before changing anything.
//
// # Ensembles
//
// An [Ensemble] runs R replicates of one scenario and component list
// together: replicate r is a [Biweekly] with seed Seed + r and gives,
// byte for byte, the states, tracker arrays and results summary of the lone
// model with that seed, for any R, worker count and GOMAXPROCS. The
// replicates share one scenario copy, one worker pool and the mixing matrix
// (built once through [phases.Model]'s Shared); each tick runs phase by
// phase, every replicate in turn, each phase on all workers. The ensemble
// prints its verbose lines and timing summary once (component messages of
// replicate 0 only), its progress bar counts replicate-ticks, and it saves
// and loads snapshots of all replicates in one file
// ([Ensemble.SaveSnapshot], [LoadEnsembleSnapshot]).
//
//	e, _ := model.NewEnsemble(scn, p, 16)
//	_ = e.SetComponents(model.DefaultComponents()...)
//	_ = e.Run(context.Background())
//	for r := range e.Replicates() {
//		tracker := model.InstancesOf[*metrics.StateTracker](e.Replicate(r))[0]
//		fmt.Println(r, tracker.Series("I"))
//	}
package model
