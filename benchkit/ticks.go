package benchkit

import (
	"context"
	"testing"

	"github.com/rubeola/rubeola/model"
)

// Runner is what [AllocsPerTick] ticks: a [model.Model] or a
// [model.Ensemble].
type Runner interface {
	RunTicks(ctx context.Context, n int) error
}

// Ticks benchmarks the configured model one tick per op: b.Loop runs
// ticks of a model built by [Config.NewModel], and when the model has run
// its RunTicks ticks a fresh one is built outside the timer, so that
// populations stay realistic. Each model's first tick, which starts the
// worker pool and sizes lazily built buffers, also runs outside the timer.
// Ticks calls b.ReportAllocs, so allocs/op and B/op are the allocations of
// one tick in steady state (a model's finalising tick, once in RunTicks
// ticks, is counted too), and reports ns/tick and patch-ticks/s (patches ×
// ticks per second of wall time).
func Ticks(b *testing.B, c Config) {
	b.Helper()
	runTicks := c.runTicks()
	ctx := context.Background()
	build := func() *model.Model {
		m := c.NewModel(b)
		must(b, m.RunTicks(ctx, 1), "first tick")
		return m
	}
	m := build()
	b.ReportAllocs()
	ticks := 0
	for b.Loop() {
		if m.Tick() >= runTicks {
			b.StopTimer()
			m = build()
			b.StartTimer()
		}
		if err := m.RunTicks(ctx, 1); err != nil {
			b.Fatalf("benchkit: tick %d: %v", m.Tick(), err)
		}
		ticks++
	}
	perTick := float64(b.Elapsed().Nanoseconds()) / float64(ticks)
	b.ReportMetric(perTick, "ns/tick")
	b.ReportMetric(float64(c.patches())*1e9/perTick, "patch-ticks/s")
}

// AllocsPerTick returns the mean number of heap allocations of one tick
// of r in steady state: one tick first (it starts the worker pool and
// fills lazily sized buffers), then [testing.AllocsPerRun] over runs
// ticks. r must have at least runs + 2 ticks left; [Config.AllocsPerTick]
// builds such a model.
func AllocsPerTick(tb testing.TB, r Runner, runs int) float64 {
	tb.Helper()
	ctx := context.Background()
	must(tb, r.RunTicks(ctx, 1), "first tick")
	var err error
	allocs := testing.AllocsPerRun(runs, func() {
		if err == nil {
			err = r.RunTicks(ctx, 1)
		}
	})
	must(tb, err, "RunTicks")
	return allocs
}

// AllocsPerTick builds the configured model with room for Warmup + runs +
// 1 ticks (or RunTicks, if more), runs its warm-up and returns
// [AllocsPerTick] of it: 0 when a tick
// of the variant keeps the zero-allocation rule (DESIGN §4 rule 1).
func (c Config) AllocsPerTick(tb testing.TB, runs int) float64 {
	tb.Helper()
	warm := max(c.Warmup, 1)
	m := c.newModel(tb, max(c.runTicks(), warm+runs+1))
	must(tb, m.RunTicks(context.Background(), warm-1), "warm-up")
	return AllocsPerTick(tb, m, runs)
}
