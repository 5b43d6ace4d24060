package agents

import (
	"testing"

	ark "github.com/mlange-42/ark/ecs"

	"github.com/rubeola/rubeola/rng"
)

// The layout benchmark behind the agent table (docs/abm.md): one ark
// entity per person (components Home, Health, Timer) against the
// struct-of-arrays Table, for the agent-based model's access pattern:
// layoutAgents agents in layoutPatches patches, and per day layoutK
// infections of random agents by id, each with a timer 1…16 days ahead,
// then that day's timer expiries. "ark/query" finds the expiries by
// iterating every entity (the reference's per-agent loop); "ark/calendar"
// keeps ark entities but queues them on a Calendar; "soa/calendar" is the
// Table with its calendar.
const (
	layoutAgents  = 1_000_000
	layoutPatches = 1000
	layoutK       = 1000 // infections per day (a large epidemic's 0.1 % a day)
)

// Home, Health and Timer are the ark layout's components.
type (
	Home   struct{ Patch uint32 }
	Health struct{ State uint8 }
	Timer  struct{ Due int32 }
)

// arkPeople is the ark layout: the world and its entities by agent id.
type arkPeople struct {
	world  *ark.World
	people []ark.Entity
	comps  *ark.Map3[Home, Health, Timer]
	filter *ark.Filter2[Health, Timer]
}

// newArkPeople creates n entities, agent k in patch k·patches/n.
func newArkPeople(n, patches int) *arkPeople {
	w := ark.NewWorld(n)
	p := &arkPeople{world: w, people: make([]ark.Entity, 0, n), comps: ark.NewMap3[Home, Health, Timer](w),
		filter: ark.NewFilter2[Health, Timer](w)}
	k := 0
	p.comps.NewBatchFn(n, func(e ark.Entity, h *Home, s *Health, t *Timer) {
		h.Patch = uint32(k * patches / n)
		t.Due = NoDeath
		p.people = append(p.people, e)
		k++
	})
	return p
}

// infect moves k random susceptibles to E with timers, returning their ids.
func (p *arkPeople) infect(day int32, src *rng.Source, cal *Calendar, due []int32) {
	for range layoutK {
		id := rng.Uint32n(src, uint32(len(p.people)))
		_, s, t := p.comps.Get(p.people[id])
		if s.State != S {
			continue
		}
		s.State = E
		t.Due = day + 1 + int32(rng.Uint32n(src, 16))
		if cal != nil {
			due[id] = t.Due
			cal.Add(id, t.Due)
		}
	}
}

// BenchmarkLayoutCreate creates 1 M agents in each layout.
func BenchmarkLayoutCreate(b *testing.B) {
	b.Run("ark", func(b *testing.B) {
		for b.Loop() {
			newArkPeople(layoutAgents, layoutPatches)
		}
	})
	b.Run("soa", func(b *testing.B) {
		for b.Loop() {
			newSoAPeople(b)
		}
	})
}

// newSoAPeople creates the Table of 1 M susceptible agents.
func newSoAPeople(b *testing.B) *Table {
	pops := make([]int64, layoutPatches)
	for j := range pops {
		pops[j] = layoutAgents / layoutPatches
	}
	_, t := newWorldTable(b, pops, layoutAgents)
	return t
}

// BenchmarkLayoutDay runs one day of the access pattern (k infections by
// id, then the day's expiries moved E → I → R) in each layout, after 30
// days of warm-up, recovering agents back to S so the pattern is steady.
func BenchmarkLayoutDay(b *testing.B) {
	b.Run("ark/query", func(b *testing.B) {
		p := newArkPeople(layoutAgents, layoutPatches)
		src := rng.NewSource(1, "layout", 0)
		day := int32(0)
		step := func() {
			p.infect(day, src, nil, nil)
			q := p.filter.Query()
			for q.Next() {
				s, t := q.Get()
				if t.Due == day {
					s.State = (s.State + 1) % NumStates
					t.Due = NoDeath
					if s.State != S {
						t.Due = day + 1 + int32(rng.Uint32n(src, 16))
					}
				}
			}
			day++
		}
		runLayout(b, step)
	})
	b.Run("ark/calendar", func(b *testing.B) {
		p := newArkPeople(layoutAgents, layoutPatches)
		src := rng.NewSource(1, "layout", 0)
		cal, _ := NewCalendar("layout", 32)
		due := make([]int32, layoutAgents)
		day := int32(0)
		step := func() {
			p.infect(day, src, cal, due)
			ids, _ := cal.Due(day, due)
			for _, id := range ids {
				_, s, t := p.comps.Get(p.people[id])
				s.State = (s.State + 1) % NumStates
				t.Due, due[id] = NoDeath, NoDeath
				if s.State != S {
					t.Due = day + 1 + int32(rng.Uint32n(src, 16))
					due[id] = t.Due
					cal.Add(id, t.Due)
				}
			}
			day++
		}
		runLayout(b, step)
	})
	b.Run("soa/calendar", func(b *testing.B) {
		t := newSoAPeople(b)
		src := rng.NewSource(1, "layout", 0)
		cal, _ := t.Calendar("layout", 32, 0)
		day := int32(0)
		step := func() {
			for range layoutK {
				id := rng.Uint32n(src, uint32(t.Len()))
				if t.State[id] != S {
					continue
				}
				t.SetState(id, E)
				t.Due[id] = day + 1 + int32(rng.Uint32n(src, 16))
				cal.Add(id, t.Due[id])
			}
			ids, _ := cal.Due(day, t.Due)
			for _, id := range ids {
				t.SetState(id, (t.State[id]+1)%NumStates)
				t.Due[id] = NoDeath
				if t.State[id] != S {
					t.Due[id] = day + 1 + int32(rng.Uint32n(src, 16))
					cal.Add(id, t.Due[id])
				}
			}
			day++
		}
		runLayout(b, step)
	})
}

// runLayout warms step up for 30 days, then times it per day.
func runLayout(b *testing.B, step func()) {
	for range 30 {
		step()
	}
	b.ReportAllocs()
	for b.Loop() {
		step()
	}
}
