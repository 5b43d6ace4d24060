package phases

import (
	"github.com/rubeola/rubeola/rng"
)

// Blocker is per-block work: Block(b) does the share of block b, touching
// only block b's patches and drawing only from block b's stream, so that
// blocks may run in any order and on any worker. A pointer passed as a
// Blocker allocates nothing, so [Model.ForBlocks] costs no allocation per
// tick; a component with several kinds of block work gives each its own
// named type over the same struct (e.g. type drawTask Infection, passed as
// (*drawTask)(c)).
type Blocker interface {
	Block(b int)
}

// Blocks is the block layout of one component's random streams: block b
// covers patches Range(b) and draws from Stream(b). Embed it in a component
// (or keep it as a field), call Init from Initialize and Run from Step:
//
//	type Waning struct {
//		phases.Blocks
//		r, s []int64
//	}
//
//	func (c *Waning) Initialize(m phases.Model) error { …; return c.Init(m, c) }
//	func (c *Waning) Step(m phases.Model, _ int) error { c.Run(m, c); return nil }
//	func (c *Waning) Block(b int) { lo, hi := c.Range(b); src := c.Stream(b); … }
//
// The streams are the component's own ([Model.Streams]: keyed by its name,
// saved and restored by snapshots), one per [rng.BlockSize] patches.
type Blocks struct {
	streams *rng.Streams
}

// Init fetches the streams owned by c from m; call it from c's Initialize,
// and from its RestoreState when c is a [Snapshotter] (a component restored
// from a snapshot gets RestoreState instead of Initialize).
func (k *Blocks) Init(m Model, c Component) error {
	streams, err := m.Streams(c)
	if err != nil {
		return err
	}
	k.streams = streams
	return nil
}

// Streams returns the streams fetched by Init.
func (k *Blocks) Streams() *rng.Streams { return k.streams }

// NumBlocks returns the number of blocks.
func (k *Blocks) NumBlocks() int { return k.streams.NumBlocks() }

// Range returns the patch range [lo, hi) of block b.
func (k *Blocks) Range(b int) (lo, hi int) { return k.streams.Range(b) }

// Stream returns block b's random source.
func (k *Blocks) Stream(b int) *rng.Source { return k.streams.Block(b) }

// Run calls w.Block(b) for every block through m.ForBlocks (in parallel when
// the model allows it).
func (k *Blocks) Run(m Model, w Blocker) { m.ForBlocks(k.streams.NumBlocks(), w) }
