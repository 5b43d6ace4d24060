// Package fuzzwatch helps the module's Go fuzz targets report hangs: an
// input that runs longer than [Deadline] fails like a crash and is saved
// under the package's testdata/fuzz, where a stalled fuzzer would otherwise
// end with PASS and lose it. [NamesDevice] picks out inputs that name
// device or kernel files, which targets reading the files an input names
// skip. It imports nothing of the module, so every package's tests can use
// it.
package fuzzwatch
