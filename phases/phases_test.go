package phases

import (
	"bytes"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type initOnly struct{}

func (initOnly) Name() string           { return "InitOnly" }
func (initOnly) Initialize(Model) error { return nil }

func TestScheduleKeepsSteppersInOrder(t *testing.T) {
	var calls []string
	mk := func(name string, err error) Component {
		c, _ := Func(name, func(_ Model, tick int) error {
			calls = append(calls, name)
			return err
		})(nil)
		return c
	}
	s := NewSchedule([]Component{mk("A", nil), initOnly{}, mk("B", nil)})
	assert.Equal(t, 2, s.Len())
	assert.Equal(t, []string{"A", "B"}, s.Names())

	var timed []string
	require.NoError(t, s.RunTick(nil, 0, func(name string, d time.Duration) {
		timed = append(timed, name)
		assert.GreaterOrEqual(t, d, time.Duration(0))
	}))
	assert.Equal(t, []string{"A", "B"}, calls)
	assert.Equal(t, []string{"A", "B"}, timed)

	failing := NewSchedule([]Component{mk("A", nil), mk("Bad", errors.New("boom")), mk("C", nil)})
	calls = nil
	err := failing.RunTick(nil, 17, nil)
	require.EqualError(t, err, "tick 17, phase Bad: boom")
	assert.Equal(t, []string{"A", "Bad"}, calls, "the first error stops the tick")
}

func TestPoolRunsEveryBlockOnce(t *testing.T) {
	for _, workers := range []int{1, 2, 7} {
		p := NewPool(workers)
		p.Start()
		for _, n := range []int{2, 3, 6, 13} { // fewer blocks than workers, as many, more
			counts := make([]atomic.Int32, n)
			for range 5 {
				p.Run(len(counts), blockFunc(func(b int) { counts[b].Add(1) }))
			}
			for b := range counts {
				assert.Equal(t, int32(5), counts[b].Load(), "workers %d, %d blocks: block %d", workers, n, b)
			}
		}
		p.Stop()
		var order []int
		p.Run(4, blockFunc(func(b int) { order = append(order, b) }))
		assert.Equal(t, []int{0, 1, 2, 3}, order, "a stopped pool runs sequentially in block order")
	}
}

// TestPoolShares checks the workers' shares of a section (contiguous,
// covering every block once, in worker order) and that the other workers
// take a stalled worker's unstarted blocks: the caller's first block waits
// until every other block has run, which needs the helper to run the rest
// of the caller's share.
func TestPoolShares(t *testing.T) {
	rows := []struct {
		workers, blocks int
		want            [][2]int64 // per worker: [next, end)
	}{
		{1, 5, [][2]int64{{0, 5}}},
		{2, 4, [][2]int64{{0, 2}, {2, 4}}},
		{2, 13, [][2]int64{{0, 6}, {6, 13}}},
		{3, 2, [][2]int64{{0, 0}, {0, 1}, {1, 2}}},
	}
	for _, row := range rows {
		p := NewPool(row.workers)
		p.deal(row.blocks)
		for w, want := range row.want {
			assert.Equal(t, want, [2]int64{p.shares[w].next.Load(), p.shares[w].end}, "%d workers, %d blocks: worker %d", row.workers, row.blocks, w)
		}
	}

	p := NewPool(2)
	p.Start()
	defer p.Stop()
	const n = 13
	var done atomic.Int32
	all := make(chan struct{})
	p.Run(n, blockFunc(func(b int) {
		if b == 0 {
			select {
			case <-all:
			case <-time.After(10 * time.Second):
				t.Error("the caller's other blocks were not taken while it stalled")
			}
		}
		if done.Add(1) == n-1 && b != 0 {
			close(all)
		}
	}))
	assert.Equal(t, int32(n), done.Load())
}

func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	bar := NewProgress(&buf, 3, "test", true)
	for range 3 {
		bar.Step()
	}
	bar.Close()
	assert.Contains(t, buf.String(), "3/3")
	assert.True(t, strings.HasSuffix(buf.String(), "\n"))

	buf.Reset()
	off := NewProgress(&buf, 3, "test", false)
	off.Step()
	off.Close()
	assert.Empty(t, buf.String())
}

// blockFunc adapts a function to a Blocker (tests only: a func value made
// per call would allocate).
type blockFunc func(b int)

func (f blockFunc) Block(b int) { f(b) }
