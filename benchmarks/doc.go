// Package benchmarks holds rubeola's benchmark suite: whole-tick benchmarks
// of the standard schedules of the biweekly and compartmental models at
// several sizes (built with package benchkit, the harness a variant's
// author uses too), the agent-based model's ticks at 1 to 30 million agents
// and its setup, immunity, WPP-ages and snapshot benchmarks, a 16-replicate ensemble's ticks against
// 16 lone models (BenchmarkEnsembleTick), the particle filter on London
// (BenchmarkPFilterLondon), the zero-allocation tests of a tick, and the
// harness (the compare command, also run by compare.sh) that measures
// rubeola against the NumPy baseline in ../shared/baseline in the same
// invocation: whole processes with outputs written, CSV and Parquet, run
// phase, peak RSS, the mixing-matrix build and the agreement check. The
// commands scale (the hierarchical mixing operator against the number of
// patches, docs/scale.md) and epidemic (what its error means for
// epidemics) are beside it.
//
//	go test -run '^$' -bench . -benchmem ./benchmarks
//	go run ./benchmarks/compare -n 1000,5000 -reps 3 -md perf.md
//	benchmarks/compare.sh 1000,5000 520 3
package benchmarks
