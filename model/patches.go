package model

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/scenario"
)

// Counts are one patch's (or the total) compartment counts.
type Counts struct {
	S, I, R int64
}

// N returns S + I + R.
func (c Counts) N() int64 { return c.S + c.I + c.R }

// Patches is a read-only view of the model's patch states.
type Patches struct {
	world *ecs.World
	scn   *scenario.Table
}

// Len returns the number of patches.
func (p *Patches) Len() int { return p.world.Len() }

// ID returns patch j's scenario id.
func (p *Patches) ID(j int) string { return p.scn.ID[j] }

// Get returns patch j's counts.
func (p *Patches) Get(j int) Counts {
	return Counts{S: p.world.S()[j], I: p.world.I()[j], R: p.world.R()[j]}
}

// Column returns a copy of the named state's column ("S", "I" or "R").
func (p *Patches) Column(state string) ([]int64, error) {
	col, err := p.world.State(state)
	if err != nil {
		return nil, err
	}
	return append([]int64(nil), col...), nil
}

// Totals returns the counts summed over patches.
func (p *Patches) Totals() Counts {
	var t Counts
	s, i, r := p.world.S(), p.world.I(), p.world.R()
	for j := range s {
		t.S += s[j]
		t.I += i[j]
		t.R += r[j]
	}
	return t
}
