package fit

import (
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// columnPermuter permutes a filter's per-particle columns by the
// ancestors, one column per work item on the model's workers: the
// states, the accumulated cases (when the counter does not resample
// itself), ρ and ψ, each with scratch of its own, then every
// [phases.Resampler] component (its own columns with its own scratch).
// The columns are disjoint, so the items run in any order.
type columnPermuter struct {
	anc     []int32
	ints    [][]int64
	floats  [][]float64
	resamp  []phases.Resampler
	scratch [][]float64 // per int column, then per float column
}

// newColumnPermuter collects the columns of ps (initialised).
func newColumnPermuter(ps *particles) *columnPermuter {
	c := &columnPermuter{anc: ps.anc, ints: append([][]int64(nil), ps.states...),
		floats: [][]float64{ps.rho, ps.psi}, resamp: ps.resamp}
	if _, ok := ps.counter.(phases.Resampler); !ok {
		c.ints = append(c.ints, ps.counter.Cases())
	}
	c.scratch = make([][]float64, len(c.ints)+len(c.floats))
	for k := range c.scratch {
		c.scratch[k] = make([]float64, len(ps.anc))
	}
	return c
}

// items returns the number of work items: one per column and component.
func (c *columnPermuter) items() int { return len(c.ints) + len(c.floats) + len(c.resamp) }

// Block permutes item it's column, or its component's.
func (c *columnPermuter) Block(it int) {
	ni, nf := len(c.ints), len(c.floats)
	switch {
	case it < ni:
		systems.PermuteInt64(c.ints[it], c.scratch[it], c.anc)
	case it < ni+nf:
		systems.PermuteFloat64(c.floats[it-ni], c.scratch[it], c.anc)
	default:
		c.resamp[it-ni-nf].Resample(c.anc)
	}
}
