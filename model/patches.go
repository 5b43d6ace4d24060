package model

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/scenario"
)

// Counts are one patch's (or the total) counts of the compartments S, I
// and R. A model with extra compartments ([WithCompartments]) reads them
// with [Patches.Column] and [Patches.Total].
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

// States returns the state names in order: S, I, R, then the compartments
// declared with [WithCompartments].
func (p *Patches) States() []string { return p.world.StateNames() }

// Column returns a copy of the named state's column ("S", "I", "R" or a
// declared compartment).
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

// Total returns the named state summed over patches. Unknown names are an
// error listing the known ones.
func (p *Patches) Total(state string) (int64, error) {
	col, err := p.world.State(state)
	if err != nil {
		return 0, err
	}
	var t int64
	for _, v := range col {
		t += v
	}
	return t, nil
}

// Population returns every compartment summed over patches (S + I + R in
// the biweekly model).
func (p *Patches) Population() int64 {
	var t int64
	for _, col := range p.world.States() {
		for _, v := range col {
			t += v
		}
	}
	return t
}
