package abm

import (
	"math"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// InitializeEquilibrium is InitializeEquilibriumStates in the agent-based
// model ([AgentEquilibrium]): a share 1 − 1/R0 of the susceptible agents become immune (R,
// immunity source infection), drawn from the component's streams in patch
// order. Without ages (some agent's DOB unknown), each patch gets exactly
// R = trunc(S·(1 − 1/R0)) immune agents chosen uniformly at random, as the
// patch models' split. With ages, each susceptible agent of age a days is
// immune with probability 1 − e^(−λ·a): the endemic catalytic profile at a
// constant force λ (per day), solved by bisection so that the expected
// immune share of the whole population is 1 − 1/R0 (the patch counts are
// then random).
func InitializeEquilibrium(m phases.Model, c phases.Component, t *agents.Table, r0 float64) error {
	if r0 <= 1 {
		return nil
	}
	streams, err := m.Streams(c)
	if err != nil {
		return err
	}
	target := 1 - 1/r0
	today := int32(m.Tick())
	if !agesKnown(t) {
		var buf []uint32
		for j := range t.Patches() {
			n := int64(float64(len(t.Susceptibles(j))) * target)
			buf = t.SampleSusceptibles(j, int(n), streams.ForPatch(j), buf[:0])
			for _, id := range buf {
				immunise(t, id, agents.ImmuneInfection)
			}
		}
		return nil
	}
	lambda := catalyticForce(t, today, target)
	for j := range t.Patches() {
		src := streams.ForPatch(j)
		set := t.Susceptibles(j)
		for k := 0; k < len(set); {
			id := set[k]
			age := float64(today - t.DOB[id])
			if rng.Uniform(src) < 1-rng.Exp(-lambda*age) {
				immunise(t, id, agents.ImmuneInfection) // swaps the set's last id into position k
				set = t.Susceptibles(j)
				continue
			}
			k++
		}
	}
	return nil
}

// agesKnown reports whether every live susceptible agent has a day of birth.
func agesKnown(t *agents.Table) bool {
	for j := range t.Patches() {
		for _, id := range t.Susceptibles(j) {
			if t.DOB[id] == agents.UnknownDOB {
				return false
			}
		}
	}
	return t.Live() > 0
}

// catalyticForce returns the force λ (per day) at which the mean over the
// susceptible agents of 1 − e^(−λ·age) is target, by bisection on
// [0, 1] per day (the mean is increasing in λ; 60 halvings reach the
// float64 resolution), over the histogram of ages in days.
func catalyticForce(t *agents.Table, today int32, target float64) float64 {
	var hist []float64
	var n float64
	for j := range t.Patches() {
		for _, id := range t.Susceptibles(j) {
			a := max(int(today-t.DOB[id]), 0)
			if a >= len(hist) {
				hist = append(hist, make([]float64, a+1-len(hist))...)
			}
			hist[a]++
			n++
		}
	}
	share := func(lambda float64) float64 {
		var sum float64
		for a, k := range hist {
			if k > 0 {
				sum += k * -math.Expm1(-lambda*float64(a))
			}
		}
		return sum / n
	}
	lo, hi := 0.0, 1.0
	for range 60 {
		mid := (lo + hi) / 2
		if share(mid) < target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
