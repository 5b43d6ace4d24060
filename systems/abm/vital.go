package abm

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// DeathCalendar is the name of the agent table's calendar of deaths,
// validated against the Death column.
const DeathCalendar = "death"

// deathHorizon is the death calendar's ring (2¹⁶ days, about 179 years);
// later deaths wait in its overflow.
const deathHorizon = 1 << 16

// abmVital is the demography shared by the agent-based model's
// VitalDynamicsProcess, ConstantPopProcess and WPPVitalDynamicsProcess:
// ages, scheduled deaths, births into free rows, drawn as its life says
// ([abmLife]).
type abmVital struct {
	name     string
	life     abmLife
	constant bool // one birth in the patch of each death (ConstantPop)
	blocks   phases.Blocks
	t        *agents.Table
	cal      *agents.Calendar
	births   []int64
	deaths   []int64
	pending  []int64 // births drawn for the day, per patch
}

// perDay converts a crude rate per 1000 per year to a rate per person per
// day.
func perDay(crude float64) float64 { return crude / 1000 / daysPerYear }

// attach finds the table and the death calendar.
func (v *abmVital) attach(m phases.Model, c phases.Component) error {
	if v.t != nil {
		return nil
	}
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", v.name, err)
	}
	cal, err := t.Calendar(DeathCalendar, deathHorizon, int32(m.Tick()))
	if err != nil {
		return err
	}
	if err := v.blocks.Init(m, c); err != nil {
		return err
	}
	// Room for a day's deaths in every bucket: the mean at full capacity
	// plus 6 standard deviations (Poisson), so that a tick allocates
	// nothing in the death calendar.
	mean := float64(t.Cap()) * v.life.deathRate()
	cal.Reserve(int(math.Ceil(mean + 6*math.Sqrt(mean) + 4)))
	v.t, v.cal = t, cal
	return nil
}

// initializeAges draws every live agent's age and death ([drawAges]) and
// puts the deaths on the calendar.
func (v *abmVital) initializeAges(m phases.Model, c phases.Component, t *agents.Table) error {
	if err := v.attach(m, c); err != nil {
		return err
	}
	if !v.life.hasAges() {
		return nil
	}
	today := int32(m.Tick())
	drawAges(m, t, v.life, v.blocks.Streams().Name(), today)
	for id := range t.Len() {
		if d := t.Death[id]; t.State[id] != agents.Dead && d != agents.NoDeath {
			v.cal.Add(uint32(id), d)
		}
	}
	return nil
}

// schedule draws the death of agent id, aged ageDays on day today, and
// puts it on the calendar.
func (v *abmVital) schedule(id uint32, ageDays, today int32, src *rng.Source) {
	d := v.life.deathDay(src, ageDays, today)
	v.t.Death[id] = d
	if d != agents.NoDeath {
		v.cal.Add(id, d)
	}
}

// initialize sizes the flows and publishes them.
func (v *abmVital) initialize(m phases.Model, c phases.Component) error {
	if err := v.attach(m, c); err != nil {
		return err
	}
	if err := v.cal.Claim(v.name, c); err != nil {
		return err
	}
	n := m.World().Len()
	v.births, v.deaths, v.pending = make([]int64, n), make([]int64, n), make([]int64, n)
	f := ecs.FlowsOf(m.World())
	f.Births, f.Deaths = v.births, v.deaths
	return nil
}

// step runs one day: births drawn from the start-of-day population
// (Poisson(N_j·b) per patch, or one per death with constant), the deaths
// due today, then the births into free rows (DOB today, state S, death
// scheduled), listed as the table's newborns.
func (v *abmVital) step(m phases.Model, tick int) error {
	t := v.t
	today := int32(tick)
	t.ResetNewborns()
	clear(v.deaths)
	if rate := v.life.birthRate(today); !v.constant && rate > 0 {
		for b := range v.blocks.NumBlocks() {
			lo, hi := v.blocks.Range(b)
			src := v.blocks.Stream(b)
			for j := lo; j < hi; j++ {
				var n int64
				for st := range agents.NumStates {
					n += t.Count(uint8(st), j)
				}
				v.pending[j] = rng.Poisson(src, float64(n)*rate)
			}
		}
	} else if !v.constant {
		clear(v.pending) // a period without births after one with them
	}
	ids, err := v.cal.Due(today, t.Death)
	if err != nil {
		return fmt.Errorf("%s: %w", v.name, err)
	}
	for _, id := range ids {
		j := t.Patch[id]
		t.Remove(id)
		v.deaths[j]++
	}
	if v.constant {
		copy(v.pending, v.deaths)
	}
	streams := v.blocks.Streams()
	for j, n := range v.pending {
		v.births[j] = n
		if n == 0 {
			continue
		}
		src := streams.ForPatch(j)
		for range n {
			id, ok := t.Add(j, agents.S, today)
			if !ok {
				return fmt.Errorf("%s: the agent table is full (%d rows): more births than its capacity planned", v.name, t.Cap())
			}
			v.schedule(id, 0, today, src)
			t.AddNewborn(id)
		}
	}
	return nil
}

// extraAgents returns the rows births may need beyond the initial
// population over ticks days: N0·(e^((b − d)·T) − 1) when births outpace
// the hazard d (rows freed by deaths are reused; deaths at the maximum age
// only lower the growth), else 0.
func (l crudeLife) extraAgents(m phases.Model, ticks int) int64 {
	r := l.birth - l.death
	if r <= 0 {
		return 0
	}
	return int64(min(float64(m.Scenario().TotalPop())*math.Expm1(r*float64(ticks)), math.MaxInt64/4))
}

// ABMVitalDynamics is the agent-based model's VitalDynamicsProcess with
// crude rates: initial ages from the stable age distribution truncated at
// max_age ([stableAgeRate], [agents.AgeInitializer]); per patch per day
// b_j ~ Poisson(N_j·CBR/1000/365) births into free rows (state S, day of
// birth today, listed in agents.Table.Newborns); each agent's death
// scheduled at birth (and at the start) after a remaining life
// ~ Exponential(CDR/1000/365 per day), ended at max_age, and fired from
// the death calendar. It publishes ecs.Flows Births and Deaths.
type ABMVitalDynamics struct {
	p    ABMVitalParams
	life crudeLife
	abmVital
}

// NewABMVitalDynamics returns a factory; nil params mean the defaults.
func NewABMVitalDynamics(p *ABMVitalParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultABMVitalParams())
		if err != nil {
			return nil, err
		}
		life := newCrudeLife(perDay(q.CrudeBirthRate), perDay(q.CrudeDeathRate), int32(math.Round(q.MaxAge*daysPerYear)), false)
		return &ABMVitalDynamics{p: q, life: life, abmVital: abmVital{name: systems.VitalDynamicsName, life: life}}, nil
	}
}

// Name returns "VitalDynamicsProcess".
func (c *ABMVitalDynamics) Name() string { return systems.VitalDynamicsName }

// Params returns the instance's params.
func (c *ABMVitalDynamics) Params() ABMVitalParams { return c.p }

// InitializeAges draws the initial ages and deaths ([agents.AgeInitializer]).
func (c *ABMVitalDynamics) InitializeAges(m phases.Model, t *agents.Table) error {
	return c.initializeAges(m, c, t)
}

// ExtraAgents returns the rows the births may need ([agents.CapacityPlanner]).
func (c *ABMVitalDynamics) ExtraAgents(m phases.Model, ticks int) int64 {
	return c.life.extraAgents(m, ticks)
}

// Initialize attaches to the table and publishes the flows.
func (c *ABMVitalDynamics) Initialize(m phases.Model) error { return c.initialize(m, c) }

// Step runs one day of births and deaths.
func (c *ABMVitalDynamics) Step(m phases.Model, tick int) error { return c.step(m, tick) }

// ABMConstantPop is the agent-based model's ConstantPopProcess: as
// [ABMVitalDynamics] with death rate = birth rate = crude_birth_rate, and
// every death replaced by a birth in its patch on the same day, so each
// patch's population is constant.
type ABMConstantPop struct {
	p systems.ConstantPopParams
	abmVital
}

// NewABMConstantPop returns a factory; nil params mean the defaults.
func NewABMConstantPop(p *systems.ConstantPopParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, systems.DefaultConstantPopParams())
		if err != nil {
			return nil, err
		}
		r := perDay(q.CrudeBirthRate)
		return &ABMConstantPop{p: q, abmVital: abmVital{name: systems.ConstantPopName, life: newCrudeLife(r, r, 0, true), constant: true}}, nil
	}
}

// Name returns "ConstantPopProcess".
func (c *ABMConstantPop) Name() string { return systems.ConstantPopName }

// Params returns the instance's params.
func (c *ABMConstantPop) Params() systems.ConstantPopParams { return c.p }

// InitializeAges draws the initial ages and deaths ([agents.AgeInitializer]).
func (c *ABMConstantPop) InitializeAges(m phases.Model, t *agents.Table) error {
	return c.initializeAges(m, c, t)
}

// Initialize attaches to the table and publishes the flows.
func (c *ABMConstantPop) Initialize(m phases.Model) error { return c.initialize(m, c) }

// Step runs one day: deaths, each replaced by a birth in its patch.
func (c *ABMConstantPop) Step(m phases.Model, tick int) error { return c.step(m, tick) }
