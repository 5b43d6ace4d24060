package systems

import (
	"slices"

	"github.com/rubeola/rubeola/mixing"
)

// The block work of Infection's Step and StepBatch, as [phases.Blocker]s.
// Each is a named type over the struct that does the work, passed as a
// converted pointer ((*forceRanges)(c)): no method value is built, so no
// parallel section allocates.

// Block turns the force into new infections for the patches of block b,
// from block b's stream ([phases.Blocker]; Step runs every block).
func (c *Infection) Block(b int) {
	lo, hi := c.blocks.Range(b)
	acc := c.pressure(lo, hi)
	c.faults.record(b, lo, infectBlock(c.blocks.Stream(b), c.s[lo:hi], c.i[lo:hi], c.r[lo:hi], acc, c.roles, lo), c.ids)
	c.recordIncidence(lo, hi)
}

// forceRanges evaluates the active-source force, one destination range of
// c.ranges contiguous ranges per block (whole row segments stream best).
type forceRanges Infection

// Block evaluates the force for destination range b.
func (f *forceRanges) Block(b int) {
	c := (*Infection)(f)
	n := len(c.lambda)
	lo, hi := b*n/c.ranges, (b+1)*n/c.ranges
	ForceActive(c.lambda, c.x, c.active, c.mix, lo, hi)
}

// combineRanges finishes the factored force, one range of min(c.ranges,
// Blocks) contiguous ranges of destination blocks per block (the blocks cost
// alike; the source-major pass streams longer runs of its cached rows over
// a wider range). The bits do not depend on the split.
type combineRanges Infection

// Block finishes the factored force for range b.
func (f *combineRanges) Block(b int) {
	c := (*Infection)(f)
	nb := c.ff.Blocks()
	parts := min(c.ranges, nb)
	c.ff.Combine(c.lambda, b*nb/parts, (b+1)*nb/parts)
}

// forceTiles is a factored force evaluator whose blocks are its tiles.
type forceTiles mixing.FactoredForce

// Block evaluates tile t.
func (f *forceTiles) Block(t int) { (*mixing.FactoredForce)(f).Tile(t) }

// batchTiles is a batched force evaluator whose blocks are its tiles.
type batchTiles mixing.BatchForce

// Block evaluates tile t for every peer.
func (f *batchTiles) Block(t int) { (*mixing.BatchForce)(f).Tile(t) }

// batchCombine finishes the batched force, one range of destination blocks
// per block (as combineRanges).
type batchCombine infectionBatch

// Block finishes the batched force for range k.
func (f *batchCombine) Block(k int) {
	nb := f.bf.Blocks()
	f.bf.Combine(f.accs, k*nb/f.ranges, (k+1)*nb/f.ranges)
}

// batchDraws runs the draws of every peer in one section: task t is block
// t − from[k] of peer k.
type batchDraws infectionBatch

// Block runs draw task t.
func (f *batchDraws) Block(t int) {
	k, _ := slices.BinarySearch(f.from, t+1)
	f.peers[k-1].Block(t - f.from[k-1])
}
