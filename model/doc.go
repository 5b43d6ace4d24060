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
package model
