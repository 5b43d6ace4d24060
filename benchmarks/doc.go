// Package benchmarks holds rubeola's benchmark suite: whole-tick benchmarks
// of the standard schedule at several sizes, and (compare.sh) the harness
// that measures rubeola against the NumPy baseline in ../shared/baseline in
// the same run.
//
//	go test -run '^$' -bench . -benchmem ./benchmarks
//	benchmarks/compare.sh 1000 520
package benchmarks
