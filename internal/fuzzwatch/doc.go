// Package fuzzwatch helps the module's Go fuzz targets report hangs: an
// input that runs longer than [Deadline] fails like a crash and is saved
// under the package's testdata/fuzz, where a stalled fuzzer would otherwise
// end with PASS and lose it. It imports nothing of the module, so every
// package's tests can use it.
package fuzzwatch
