package abm

import (
	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/internal/wppages"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// AgeBlockAgents is the number of agents per block of the initial ages'
// random streams: agent rows [k·AgeBlockAgents, (k+1)·AgeBlockAgents) draw
// from stream block k. Like rng.BlockSize it is part of the determinism
// contract (the draws do not depend on the number of workers) and never
// derived from the machine.
const AgeBlockAgents = 1 << 16

// ageStreamSuffix is appended to a component's stream name to name the
// streams of its initial ages (SPEC §6.2 derivation: seed, name, block).
const ageStreamSuffix = "/ages"

// ageDraws is the per-block work of [drawAges].
type ageDraws struct {
	t     *agents.Table
	life  abmLife
	seed  uint64
	name  string
	today int32
}

// Block draws the ages and deaths of the live agents of block b from the
// stream (seed, name + "/ages", b).
func (a *ageDraws) Block(b int) {
	lo := b * AgeBlockAgents
	hi := min(lo+AgeBlockAgents, a.t.Len())
	src := rng.NewSource(a.seed, a.name+ageStreamSuffix, uint64(b))
	for id := lo; id < hi; id++ {
		if a.t.State[id] == agents.Dead {
			continue
		}
		age := a.life.age(src)
		a.t.DOB[id] = a.today - age
		a.t.Death[id] = a.life.deathDay(src, age, a.today)
	}
}

// drawAges sets every live agent's DOB (today − age) and Death from life,
// in fixed blocks of AgeBlockAgents rows, each with its own stream derived
// from the model's seed and streamName, on the model's workers
// (m.ForBlocks): the same draws for any number of workers. It does not
// touch the calendars (the caller adds the deaths, serially).
func drawAges(m phases.Model, t *agents.Table, life abmLife, streamName string, today int32) {
	n := (t.Len() + AgeBlockAgents - 1) / AgeBlockAgents
	m.ForBlocks(n, &ageDraws{t: t, life: life, seed: m.Params().Seed, name: streamName, today: today})
}

// daysPerYear is the agent-based model's year in days (its tick is a day;
// ages in years are 365-day years, as the demographic tables').
const daysPerYear = wppages.DaysPerYear
