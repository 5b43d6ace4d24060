//go:build unix

package mixing

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// benchSizes are the issue-27 sizes; HIER_BENCH_N (comma-free, one size)
// restricts the run to one of them so peak RSS can be measured per size
// (docs/scale.md: /usr/bin/time -v go test -bench …). Under -short (CI's
// run of every benchmark once) only the smallest: the build at 10⁵ takes
// minutes, at 10⁶ far more.
func benchSizes(b *testing.B) []int {
	if s := os.Getenv("HIER_BENCH_N"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatalf("HIER_BENCH_N = %q: want an integer", s)
		}
		return []int{n}
	}
	if testing.Short() {
		return []int{5000}
	}
	return []int{5000, 100000, 1000000}
}

// BenchmarkHierarchicalBuild builds the operator for clustered points
// (clusteredPoints: heavy-tailed clusters over Nigeria) at the default
// tolerance 1e−6 on every core, and reports the stored bytes.
func BenchmarkHierarchicalBuild(b *testing.B) {
	for _, n := range benchSizes(b) {
		lat, lon := clusteredPoints(n, 1)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			var h *Hierarchical
			for b.Loop() {
				var err error
				if h, err = NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			reportStats(b, h)
		})
	}
}

// BenchmarkHierarchicalApply times one Apply (one force evaluation) at the
// default tolerance on every core, and reports the wall and CPU time of
// the one build before it (build-s, build-cpu-s), so one run gives both at
// N = 10⁶.
func BenchmarkHierarchicalApply(b *testing.B) {
	for _, n := range benchSizes(b) {
		lat, lon := clusteredPoints(n, 1)
		start, buildCPU0 := time.Now(), processCPU()
		h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{})
		if err != nil {
			b.Fatal(err)
		}
		build, buildCPU := time.Since(start).Seconds(), processCPU()-buildCPU0
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			y, z := randomWeights(n, 1), make([]float64, n)
			cpu0 := processCPU()
			for b.Loop() {
				h.Apply(z, y)
			}
			// CPU seconds of the process per Apply: on a shared machine the
			// wall time includes waiting for a core, this does not.
			b.ReportMetric((processCPU()-cpu0)/float64(b.N), "cpu-s/op")
			b.ReportMetric(build, "build-s")
			b.ReportMetric(buildCPU, "build-cpu-s")
			reportStats(b, h)
		})
	}
}

// processCPU returns the process's user + system CPU seconds so far.
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// BenchmarkHierarchicalTolerance times Apply at N = 20 000 (clustered) for
// tolerances 1e−3 … 1e−10 and reports the error measured on every row
// against the exact direct sum (random weights in [0, 1)). Under -short
// (CI's run of every benchmark once) N is 2 000: eight builds and N² error
// checks at 20 000 take minutes.
func BenchmarkHierarchicalTolerance(b *testing.B) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	lat, lon := clusteredPoints(n, 1)
	for e := 3; e <= 10; e++ {
		tol := 1 / pow10(e)
		b.Run(fmt.Sprintf("tol=1e-%d", e), func(b *testing.B) {
			h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Tolerance: tol})
			if err != nil {
				b.Fatal(err)
			}
			y, z := randomWeights(n, 1), make([]float64, n)
			for b.Loop() {
				h.Apply(z, y)
			}
			b.StopTimer()
			rep, err := h.Check(y, 0)
			if err != nil {
				b.Fatal(err)
			}
			// As multiples of the tolerance: the benchmark output prints
			// metrics with 7 decimals, too few for 1e−10.
			b.ReportMetric(rep.Max/tol, "max-err/tol")
			b.ReportMetric(rep.Mean/tol, "mean-err/tol")
			reportStats(b, h)
		})
	}
}

// pow10 returns 10^e for e ≥ 0.
func pow10(e int) float64 {
	v := 1.0
	for range e {
		v *= 10
	}
	return v
}

// reportStats reports the operator's order and stored megabytes.
func reportStats(b *testing.B, h *Hierarchical) {
	s := h.Stats()
	b.ReportMetric(float64(s.Order), "order")
	b.ReportMetric(float64(h.StoredBytes())/1e6, "stored-MB")
}

// BenchmarkHierarchicalVsFactored compares, at N = 5 000 on one
// goroutine, one Apply of the hierarchical operator (default tolerance)
// with one exact factored force with every source active (the tile pass,
// SPEC §7.5), on the same coordinates (randomTable: uniform in a 4°×4° box).
// cpu-s/op is the process's CPU time per call (on a loaded machine the
// wall time includes waiting for the core); err-max/tol and err-mean/tol
// are the hierarchical operator's relative error on every row over its
// tolerance.
func BenchmarkHierarchicalVsFactored(b *testing.B) {
	const n = 5000
	scn := randomTable(n, 42)
	y := randomWeights(n, 1)
	z := make([]float64, n)
	b.Run("hierarchical", func(b *testing.B) {
		h, err := NewHierarchical(scn.Lat, scn.Lon, gravityDecay, HierarchicalOptions{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		cpu0 := processCPU()
		for b.Loop() {
			h.Apply(z, y)
		}
		b.ReportMetric((processCPU()-cpu0)/float64(b.N), "cpu-s/op")
		// The error on every row (N ≤ 20 000) against the exact direct sum.
		rep, err := h.Check(y, 0)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(rep.Max/h.Tolerance(), "err-max/tol")
		b.ReportMetric(rep.Mean/h.Tolerance(), "err-mean/tol")
		// The build's estimate: the worst state of its sampled rows.
		b.ReportMetric(h.Estimate().Max/h.Tolerance(), "worst-state/tol")
		reportStats(b, h)
	})
	b.Run("factored", func(b *testing.B) {
		fac, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		w := fac.NewForce()
		cpu0 := processCPU()
		for b.Loop() {
			w.Force(z, y)
		}
		b.ReportMetric((processCPU()-cpu0)/float64(b.N), "cpu-s/op")
		b.ReportMetric(float64(fac.StoredBytes())/1e6, "stored-MB")
	})
}
