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
		counts := make([]atomic.Int32, 13)
		for range 5 {
			p.Run(len(counts), blockFunc(func(b int) { counts[b].Add(1) }))
		}
		p.Stop()
		for b := range counts {
			assert.Equal(t, int32(5), counts[b].Load(), "workers %d block %d", workers, b)
		}
		var order []int
		p.Run(4, blockFunc(func(b int) { order = append(order, b) }))
		assert.Equal(t, []int{0, 1, 2, 3}, order, "a stopped pool runs sequentially in block order")
	}
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
