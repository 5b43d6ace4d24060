package benchmarks

import "testing"

// skipLargeShort skips b under -short when large: CI runs every benchmark
// once (`go test -short -run '^$' -bench . -benchtime=1x ./...`) to see
// that it compiles and completes, and the large sizes (10 and 30 million
// agents, a particle filter of 10 000 particles, streaming N² interactions
// at N = 20 000 and 10⁵) take minutes and gigabytes each at one iteration.
// Their smallest size still runs the same code.
func skipLargeShort(b *testing.B, large bool) {
	b.Helper()
	if large && testing.Short() {
		b.Skip("a large size: skipped with -short (CI's run of every benchmark once); run without -short to measure it")
	}
}
