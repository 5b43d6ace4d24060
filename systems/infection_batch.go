package systems

import (
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/phases"
)

// infectionBatch is the batched force of a set of Infection peers (the
// replicates of an ensemble) sharing one factored mixing build.
type infectionBatch struct {
	peers  []*Infection
	bf     *mixing.BatchForce
	xs     [][]float64 // peers' x
	accs   [][]float64 // peers' lambda
	ranges int         // destination ranges of Combine
	from   []int       // per peer: its first draw task; then the total
}

// StepBatch runs one tick of transmission for every peer (phases.BatchStepper):
// with the factored kernel (Parallel and a factored mixer: gravity or mixing.FromKernel) the force of all
// peers sharing the receiver's mixing build is evaluated in one pass over
// the stored tiles of D ([mixing.BatchForce], each peer's force bit for bit
// the one its Step computes), then every peer draws its infections on its
// own streams, all peers' blocks in one parallel section. The reference kernel (Parallel false), non-factored mixing
// and the operator storages ("streaming", "hierarchical": the peers share one operator, each applies it with its own
// scratch) step the peers one by one, as does a peer set with another mixing build.
func (c *Infection) StepBatch(ms []phases.Model, peers []phases.Stepper, tick int) error {
	b := c.batchFor(peers)
	if b == nil {
		for k, p := range peers {
			if err := p.Step(ms[k], tick); err != nil {
				return err
			}
		}
		return nil
	}
	for _, p := range b.peers {
		p.loadSources(tick)
	}
	b.bf.Load(b.xs)
	ms[0].ForBlocks(b.bf.Tiles(), (*batchTiles)(b.bf))
	ms[0].ForBlocks(b.ranges, (*batchCombine)(b))
	ms[0].ForBlocks(b.from[len(b.peers)], (*batchDraws)(b))
	return nil
}

// batchFor returns the batch of peers, built on first use and kept while
// the peers stay the same; nil when they cannot be batched (not all
// factored Infections over the receiver's build).
func (c *Infection) batchFor(peers []phases.Stepper) *infectionBatch {
	if c.fac == nil || len(peers) == 0 {
		return nil
	}
	if b := c.batch; b != nil && len(b.peers) == len(peers) {
		same := true
		for k, p := range peers {
			if q, ok := p.(*Infection); !ok || q != b.peers[k] {
				same = false
				break
			}
		}
		if same {
			return b
		}
	}
	b := &infectionBatch{peers: make([]*Infection, len(peers)), xs: make([][]float64, len(peers)),
		accs: make([][]float64, len(peers))}
	for k, p := range peers {
		q, ok := p.(*Infection)
		if !ok || q.fac != c.fac {
			return nil
		}
		b.peers[k], b.xs[k], b.accs[k] = q, q.x, q.lambda
	}
	b.bf = c.fac.NewBatchForce(len(peers))
	b.ranges = min(c.ranges, b.bf.Blocks())
	b.from = make([]int, len(peers)+1)
	for k, p := range b.peers {
		b.from[k+1] = b.from[k] + p.blocks.NumBlocks()
	}
	c.batch = b
	return b
}
