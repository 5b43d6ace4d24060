package agents

import "github.com/rubeola/rubeola/rng"

// Susceptibles returns patch j's susceptible set: the ids of its agents in
// S, in no particular order (the table's slice: read it, do not keep it
// past a state change).
func (t *Table) Susceptibles(j int) []uint32 { return t.sus[j] }

// PickSusceptible returns a uniformly random susceptible of patch j
// (one [rng.Uint32n] draw from src); the patch must have one.
func (t *Table) PickSusceptible(j int, src *rng.Source) uint32 {
	set := t.sus[j]
	return set[rng.Uint32n(src, uint32(len(set)))]
}

// SampleSusceptibles appends to dst n distinct susceptibles of patch j,
// a uniformly random n-subset in random order (n ≤ the patch's S; n draws
// from src), and returns it. It reorders the patch's set (a partial
// Fisher–Yates shuffle moving the chosen ids to its end) but changes no
// state, so the caller may accept some and leave the others in S.
func (t *Table) SampleSusceptibles(j int, n int, src *rng.Source, dst []uint32) []uint32 {
	set := t.sus[j]
	last := len(set)
	for range n {
		k := rng.Uint32n(src, uint32(last))
		last--
		a, b := set[k], set[last]
		set[k], set[last] = b, a
		t.pos[b], t.pos[a] = k, uint32(last)
		dst = append(dst, a)
	}
	return dst
}
