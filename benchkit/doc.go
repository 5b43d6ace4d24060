// Package benchkit is the benchmark harness of rubeola's own suite
// (benchmarks/), exported for the author of a model variant: tick
// benchmarks of any model type (the biweekly, compartmental or agent-based
// model) with any component list — built-ins, run-file
// entries or the author's own registered components — on a scenario of
// any size, with allocation counts.
//
// A variant's *_test.go describes the model once as a [Config] and hands
// it to [Ticks] (one tick per benchmark op: ns/tick, patch-ticks/s and,
// through b.ReportAllocs, allocs/op = allocations per tick) or to
// [AllocsPerTick] (the steady-state allocations of one tick, for a test of
// the zero-allocation rule, DESIGN §4 rule 1):
//
//	func BenchmarkMyVariant(b *testing.B) {
//		benchkit.Ticks(b, benchkit.Config{
//			Type:       model.TypeCompartmental,
//			N:          1000,
//			Components: myComponents, // func() []phases.Factory
//		})
//	}
//
//	go test -run '^$' -bench MyVariant -benchmem .
//
// [FromRunFile] makes the Config of a run file's model (type, components,
// compartments, scenario), so that a variant is benchmarked as it runs.
// [Config.NewModel] and [Config.NewEnsemble] build the same quiet,
// initialised models for benchmarks of one's own; [QuietParams] and
// [ProcessCPU] are the params and CPU clock rubeola's suite uses.
// examples/mybinary/bench_test.go benchmarks a user component,
// examples/abmcatchup/bench_test.go a run file.
package benchkit
