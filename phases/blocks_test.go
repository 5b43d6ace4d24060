package phases

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/rng"
)

// blocksModel is the part of a Model that Blocks uses: the component's
// streams (or an error) and a sequential ForBlocks.
type blocksModel struct {
	Model
	streams *rng.Streams
	err     error
}

func (m blocksModel) Streams(Component) (*rng.Streams, error) { return m.streams, m.err }

func (m blocksModel) ForBlocks(nblocks int, w Blocker) {
	for b := range nblocks {
		w.Block(b)
	}
}

// rangeRecorder embeds Blocks, as a component does, and records the range
// and first draw of every block it is run for.
type rangeRecorder struct {
	Blocks
	ranges [][2]int
	draws  []uint64
}

func (c *rangeRecorder) Name() string { return "Recorder" }

func (c *rangeRecorder) Block(b int) {
	lo, hi := c.Range(b)
	c.ranges[b] = [2]int{lo, hi}
	c.draws[b] = c.Stream(b).Uint64()
}

// TestBlocks: Run calls the component's Block once per block with the
// streams' ranges and sources, for a partial last block and a single one;
// Init passes the model's error on.
func TestBlocks(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		wants [][2]int
	}{
		{"one block", 10, [][2]int{{0, 10}}},
		{"partial last block", 600, [][2]int{{0, 256}, {256, 512}, {512, 600}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := blocksModel{streams: rng.NewStreams(7, "Recorder", tc.n)}
			c := &rangeRecorder{}
			require.NoError(t, c.Init(m, c))
			require.Equal(t, len(tc.wants), c.NumBlocks())
			assert.Same(t, m.streams, c.Streams())
			c.ranges, c.draws = make([][2]int, c.NumBlocks()), make([]uint64, c.NumBlocks())
			c.Run(m, c)
			assert.Equal(t, tc.wants, c.ranges)
			fresh := rng.NewStreams(7, "Recorder", tc.n)
			for b := range c.draws {
				assert.Equal(t, fresh.Block(b).Uint64(), c.draws[b], "block %d draws from its own stream", b)
			}
		})
	}
	c := &rangeRecorder{}
	require.EqualError(t, c.Init(blocksModel{err: errors.New("no streams")}, c), "no streams")
}

// TestBlocksRunAllocatesNothing: running a pointer Blocker allocates nothing.
func TestBlocksRunAllocatesNothing(t *testing.T) {
	m := &blocksModel{streams: rng.NewStreams(1, "Recorder", 1000)} // a pointer: converting it to a Model allocates nothing
	c := &rangeRecorder{}
	require.NoError(t, c.Init(m, c))
	c.ranges, c.draws = make([][2]int, c.NumBlocks()), make([]uint64, c.NumBlocks())
	assert.Zero(t, testing.AllocsPerRun(100, func() { c.Run(m, c) }))
}
