package main

import (
	"context"
	"io"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params/paramstest"
)

// TestTrackersReadLive reads both trackers from other goroutines while the
// model runs, as the output writers do (output/live.go): the model
// publishes the ticks it completed under a mutex after each tick
// (model.WithAfterTick), and each reader walks the blocks of the ticks
// published so far, as often as it can until the run ends, then once more. Under
// `go test -race` an unsynchronised access to a tracker's records (the
// example's old plain-int tick count) is reported. At the end each reader
// has seen the run's whole table.
func TestTrackersReadLive(t *testing.T) {
	var (
		mu   sync.Mutex
		done int // ticks completed, published by the model's goroutine
	)
	published := func() int {
		mu.Lock()
		defer mu.Unlock()
		return done
	}
	m, err := model.NewBiweekly(grid(t), paramstest.QuietParams(numTicks, seed), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard),
		model.WithAfterTick(func(n int) { mu.Lock(); done = n; mu.Unlock() }))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(schedule(&WaningImmunityParams{RatePerTick: 0.01})...))
	require.NoError(t, m.Initialize(), "readers start on an initialised model, as the CLI's do")
	trackers := []metrics.TickRanger{model.InstancesOf[*SusceptibleTracker](m)[0], model.InstancesOf[*SusceptibleShare](m)[0]}
	rows := make([]int, len(trackers)) // rows seen by each reader's last full walk
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for k, tr := range trackers {
		wg.Go(func() {
			for {
				var stopped bool
				select {
				case <-stop: // one more walk: every tick is published now
					stopped = true
				default:
				}
				n, sum := 0, 0.0
				for b := range tr.BlocksBetween(0, published()) {
					for i := range b.Len() {
						if b.Values != nil {
							sum += b.Values[i]
						} else {
							sum += float64(b.Counts[i])
						}
						n++
					}
				}
				assert.GreaterOrEqual(t, sum, 0.0, "counts and shares are never negative")
				if stopped {
					rows[k] = n
					return
				}
			}
		})
	}
	require.NoError(t, m.Run(context.Background()))
	close(stop)
	wg.Wait()
	// 2 rows (S, N) per tick; gridSize rows per sampled tick of the share.
	assert.Equal(t, []int{2 * numTicks, gridSize * numTicks / shareEvery}, rows)
}
