package systems

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// DeathCalendar is the name of the agent table's calendar of deaths,
// validated against the Death column.
const DeathCalendar = "death"

// deathHorizon is the death calendar's ring (2¹⁶ days, about 179 years);
// later deaths wait in its overflow.
const deathHorizon = 1 << 16

// abmVital is the demography shared by the agent-based model's
// VitalDynamicsProcess and ConstantPopProcess: ages, scheduled deaths,
// births into free rows.
type abmVital struct {
	name     string
	birth    float64 // births per person per day
	death    float64 // deaths per person per day
	constant bool    // one birth in the patch of each death (ConstantPop)
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

// ageRate returns the rate of the stable exponential age distribution:
// with constant mortality d and births b per person, the population grows
// at r = b − d and the stable age density is b·e^(−b·a) (Lotka); without
// births, d.
func (v *abmVital) ageRate() float64 {
	if v.birth > 0 {
		return v.birth
	}
	return v.death
}

// remaining draws a remaining life in days from src: Exponential at the
// death rate, NoDeath without deaths.
func (v *abmVital) deathDay(today int32, src *rng.Source) int32 {
	if v.death <= 0 {
		return agents.NoDeath
	}
	d := math.Round(rng.Exponential(src) / v.death)
	return int32(min(float64(today)+d, float64(agents.NoDeath-1)))
}

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
	mean := float64(t.Cap()) * v.death
	cal.Reserve(int(math.Ceil(mean + 6*math.Sqrt(mean) + 4)))
	v.t, v.cal = t, cal
	return nil
}

// initializeAges draws every live agent's age from the stable age
// distribution and schedules its death (memoryless: the remaining life is
// drawn afresh), from the stream of its patch's block.
func (v *abmVital) initializeAges(m phases.Model, c phases.Component, t *agents.Table) error {
	if err := v.attach(m, c); err != nil {
		return err
	}
	rate := v.ageRate()
	if rate <= 0 {
		return nil
	}
	today := int32(m.Tick())
	streams := v.blocks.Streams()
	for id := range t.Len() {
		if t.State[id] == agents.Dead {
			continue
		}
		src := streams.ForPatch(int(t.Patch[id]))
		age := min(math.Floor(rng.Exponential(src)/rate), float64(math.MaxInt32/2))
		t.DOB[id] = today - int32(age)
		v.schedule(uint32(id), today, src)
	}
	return nil
}

// schedule draws agent id's death and puts it on the calendar.
func (v *abmVital) schedule(id uint32, today int32, src *rng.Source) {
	d := v.deathDay(today, src)
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
	if err := v.cal.Claim(v.name); err != nil {
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
	if !v.constant && v.birth > 0 {
		for b := range v.blocks.NumBlocks() {
			lo, hi := v.blocks.Range(b)
			src := v.blocks.Stream(b)
			for j := lo; j < hi; j++ {
				var n int64
				for st := range agents.NumStates {
					n += t.Count(uint8(st), j)
				}
				v.pending[j] = rng.Poisson(src, float64(n)*v.birth)
			}
		}
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
				return fmt.Errorf("%s: the agent table is full (%d rows): more births than its capacity planned (a crude birth rate far above the death rate?)", v.name, t.Cap())
			}
			v.schedule(id, today, src)
			t.AddNewborn(id)
		}
	}
	return nil
}

// extraAgents returns the rows births may need beyond the initial
// population over ticks days: N0·(e^((b − d)·T) − 1) when births outpace
// deaths (rows freed by deaths are reused), else 0.
func (v *abmVital) extraAgents(m phases.Model, ticks int) int64 {
	r := v.birth - v.death
	if v.constant || r <= 0 {
		return 0
	}
	var n0 float64
	for _, p := range m.Scenario().Pop {
		n0 += float64(p)
	}
	return int64(min(n0*math.Expm1(r*float64(ticks)), math.MaxInt64/4))
}

// ABMVitalDynamics is the agent-based model's VitalDynamicsProcess with
// crude rates: initial ages from the stable age distribution (rate
// crude_birth_rate, [agents.AgeInitializer]); per patch per day
// b_j ~ Poisson(N_j·CBR/1000/365) births into free rows (state S, day of
// birth today, listed in agents.Table.Newborns); each agent's death
// scheduled at birth (and at the start) after a remaining life
// ~ Exponential(CDR/1000/365 per day) and fired from the death calendar.
// It publishes ecs.Flows Births and Deaths.
type ABMVitalDynamics struct {
	p ABMVitalParams
	abmVital
}

// NewABMVitalDynamics returns a factory; nil params mean the defaults.
func NewABMVitalDynamics(p *ABMVitalParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultABMVitalParams())
		if err != nil {
			return nil, err
		}
		return &ABMVitalDynamics{p: q, abmVital: abmVital{name: VitalDynamicsName,
			birth: perDay(q.CrudeBirthRate), death: perDay(q.CrudeDeathRate)}}, nil
	}
}

// Name returns "VitalDynamicsProcess".
func (c *ABMVitalDynamics) Name() string { return VitalDynamicsName }

// Params returns the instance's params.
func (c *ABMVitalDynamics) Params() ABMVitalParams { return c.p }

// InitializeAges draws the initial ages and deaths ([agents.AgeInitializer]).
func (c *ABMVitalDynamics) InitializeAges(m phases.Model, t *agents.Table) error {
	return c.initializeAges(m, c, t)
}

// ExtraAgents returns the rows the births may need ([agents.CapacityPlanner]).
func (c *ABMVitalDynamics) ExtraAgents(m phases.Model, ticks int) int64 {
	return c.extraAgents(m, ticks)
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
	p ConstantPopParams
	abmVital
}

// NewABMConstantPop returns a factory; nil params mean the defaults.
func NewABMConstantPop(p *ConstantPopParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultConstantPopParams())
		if err != nil {
			return nil, err
		}
		r := perDay(q.CrudeBirthRate)
		return &ABMConstantPop{p: q, abmVital: abmVital{name: ConstantPopName, birth: r, death: r, constant: true}}, nil
	}
}

// Name returns "ConstantPopProcess".
func (c *ABMConstantPop) Name() string { return ConstantPopName }

// Params returns the instance's params.
func (c *ABMConstantPop) Params() ConstantPopParams { return c.p }

// InitializeAges draws the initial ages and deaths ([agents.AgeInitializer]).
func (c *ABMConstantPop) InitializeAges(m phases.Model, t *agents.Table) error {
	return c.initializeAges(m, c, t)
}

// Initialize attaches to the table and publishes the flows.
func (c *ABMConstantPop) Initialize(m phases.Model) error { return c.initialize(m, c) }

// Step runs one day: deaths, each replaced by a birth in its patch.
func (c *ABMConstantPop) Step(m phases.Model, tick int) error { return c.step(m, tick) }
