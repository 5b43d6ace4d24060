package agents

import (
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/phases"
)

// Of returns the agent table of world w (an agent-based model's, stored
// as a world resource when the model initialises), or an error naming what
// is missing: a patch model has none.
func Of(w *ecs.World) (*Table, error) {
	if t := ecs.GetResource[Table](w); t != nil {
		return t, nil
	}
	return nil, errors.New("agents: the world has no agent table: this component needs the agent-based model (model = \"abm\")")
}

// Attach stores t on w as its agent table (what [Of] returns).
func Attach(w *ecs.World, t *Table) { ecs.AddResource(w, t) }

// WorldCounts returns the S, E, I and R columns of an SEIR world, the
// counts a table keeps ([New]); an SIR world is an error.
func WorldCounts(w *ecs.World) (Counts, error) {
	if w.E() == nil {
		return Counts{}, errors.New("agents: the agent-based model needs an SEIR world (S, E, I, R)")
	}
	return Counts{w.S(), w.E(), w.I(), w.R()}, nil
}

// CheckCounts recounts the agents of t by patch and state and compares
// them with the world's S, E, I and R columns and with the susceptible
// sets; it returns an error naming the first patch and state that differ
// (nil when all agree). It reads every row: for tests and snapshot loads,
// not for every tick.
func CheckCounts(t *Table, w *ecs.World) error {
	c, err := WorldCounts(w)
	if err != nil {
		return err
	}
	np := len(c[S])
	if np != t.Patches() {
		return fmt.Errorf("agents: the table has %d patches, the world %d", t.Patches(), np)
	}
	var got [NumStates][]int64
	for k := range got {
		got[k] = make([]int64, np)
	}
	var live int64
	for id := range t.n {
		st := t.State[id]
		if st == Dead {
			continue
		}
		if st >= NumStates || int(t.Patch[id]) >= np {
			return fmt.Errorf("agents: agent %d has state %d and patch %d (want a state < %d and a patch < %d)", id, st, t.Patch[id], NumStates, np)
		}
		got[st][t.Patch[id]]++
		live++
	}
	if live != t.live {
		return fmt.Errorf("agents: %d live agents, the table counts %d", live, t.live)
	}
	names := [NumStates]string{"S", "E", "I", "R"}
	for j := range np {
		for k := range NumStates {
			if got[k][j] != c[k][j] {
				return fmt.Errorf("agents: patch %d: %s = %d in the world, %d agents in %s", j, names[k], c[k][j], got[k][j], names[k])
			}
		}
		if int64(len(t.sus[j])) != got[S][j] {
			return fmt.Errorf("agents: patch %d: susceptible set has %d ids, %d agents in S", j, len(t.sus[j]), got[S][j])
		}
		for k, id := range t.sus[j] {
			if t.State[id] != S || int(t.Patch[id]) != j || int(t.pos[id]) != k {
				return fmt.Errorf("agents: patch %d: susceptible set entry %d is agent %d (state %d, patch %d, position %d)", j, k, id, t.State[id], t.Patch[id], t.pos[id])
			}
		}
	}
	return nil
}

// AgeInitializer is a component that draws the initial agents' ages. The
// agent-based model calls InitializeAges on every instance that implements
// it, in schedule order, after creating the table and before any
// component's Initialize, so that initialisers (equilibrium states by age,
// maternal immunity) see the ages wherever they sit in the schedule.
type AgeInitializer interface {
	phases.Component
	InitializeAges(m phases.Model, t *Table) error
}

// CapacityPlanner is a component that adds agents during the run (births).
// ExtraAgents returns how many rows it may need beyond the initial
// population, for a run of ticks ticks, without allocating: the model
// sizes the table (and its memory estimate) as the initial population plus
// the planners' sum.
type CapacityPlanner interface {
	phases.Component
	ExtraAgents(m phases.Model, ticks int) int64
}
