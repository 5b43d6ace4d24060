package benchmarks

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/rubeola/rubeola/benchkit"
	"github.com/rubeola/rubeola/model"
)

// ensembleR is the replicate count of the ensemble benchmarks (issue 13
// item 5: a 16-replicate ensemble).
const ensembleR = 16

// BenchmarkEnsembleTick measures ticks of a 16-replicate ensemble of the
// NumPy baseline's component list (one op: one ensemble tick, 16
// replicate-ticks) against 16 lone models of the same list (one op: one
// tick of each), at N = 1 000 and 5 000, optimised kernels. Both report
// replicate-ticks per second (wall time; their ratio in one invocation is
// the ensemble's speed-up) and CPU ms per replicate-tick (process CPU time,
// every thread: the work, which a busy machine does not inflate; setup
// outside the timer included, negligible over 100+ ops). Models run the
// baseline's 520 ticks and are rebuilt outside the timer.
func BenchmarkEnsembleTick(b *testing.B) {
	const runTicks = 520
	for _, n := range []int{1000, 5000} {
		c := benchkit.Config{N: n, RunTicks: runTicks, Components: baselineComponents(b)}
		b.Run(fmt.Sprintf("N=%d/ensemble", n), func(b *testing.B) {
			ctx := context.Background()
			e := c.NewEnsemble(b, ensembleR)
			cpu := benchkit.ProcessCPU()
			for b.Loop() {
				if e.Tick() >= runTicks {
					b.StopTimer()
					e = c.NewEnsemble(b, ensembleR)
					b.StartTimer()
				}
				if err := e.RunTicks(ctx, 1); err != nil {
					b.Fatal(err)
				}
			}
			reportReplicateTicks(b, cpu)
		})
		b.Run(fmt.Sprintf("N=%d/single×16", n), func(b *testing.B) {
			ctx := context.Background()
			ms := make([]*model.Model, ensembleR)
			build := func() {
				for r := range ms {
					ms[r] = c.NewModel(b)
				}
			}
			build()
			cpu := benchkit.ProcessCPU()
			for b.Loop() {
				if ms[0].Tick() >= runTicks {
					b.StopTimer()
					build()
					b.StartTimer()
				}
				for _, m := range ms {
					if err := m.RunTicks(ctx, 1); err != nil {
						b.Fatal(err)
					}
				}
			}
			reportReplicateTicks(b, cpu)
		})
	}
}

// reportReplicateTicks reports replicate-ticks per second and the process
// CPU ms per replicate-tick since cpu (benchkit.ProcessCPU at the start).
func reportReplicateTicks(b *testing.B, cpu time.Duration) {
	reps := float64(ensembleR * b.N)
	b.ReportMetric(reps/b.Elapsed().Seconds(), "replicate-ticks/s")
	b.ReportMetric(float64((benchkit.ProcessCPU()-cpu).Milliseconds())/reps, "cpu-ms/replicate-tick")
}
