package abm

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// Calendars of the routine doses: keyed by day of birth, fired at the
// dose's age.
const (
	MCV1Calendar = "mcv1"
	MCV2Calendar = "mcv2"
)

// routineDose is one routine dose: its age, coverage per patch, calendar
// and immunity bit.
type routineDose struct {
	kind int   // agents.DoseMCV1 or DoseMCV2
	bit  uint8 // agents.ImmuneMCV1 or ImmuneMCV2
	age  int32 // days
	cov  []float64
	cal  *agents.Calendar
}

// RoutineImmunization is the agent-based model's routine immunisation
// (name "RoutineImmunizationProcess"), MCV1 and MCV2 in one place: every
// child is offered MCV1 on the day it is mcv1_age days old and MCV2 at
// mcv2_age. The programme reaches the child with its patch's coverage (the
// scenario's mcv1, mcv2 columns); a reached child is given the dose
// (recorded in [agents.Doses] whatever its state), and a susceptible one
// becomes immune (R, immunity source MCV1 or MCV2) with the efficacy of
// its age (efficacy_under_12m before 365 days, else efficacy). An infant
// still protected by maternal antibodies is in R: its dose fails.
//
// Each dose has a calendar keyed by the day of birth ("mcv1", "mcv2"),
// fired at tick t for the agents born on day t − age and validated against
// the DOB column, so that it needs no column of its own: the newborns of
// each tick ([agents.Table.Newborns]) are added by this phase, which must
// therefore follow the births phase in the schedule (before it, it adds
// the previous tick's newborns, the same days of birth); the agents alive
// at the start who are younger than the dose's age are added at
// Initialize (the older ones are not vaccinated retroactively: their
// immunity is the initial states'). A dose whose coverage is 0 in every
// patch is inactive (no calendar, no draw). Draws come from the stream of
// the child's patch block, in calendar order (sorted by id), so results do
// not depend on the workers.
type RoutineImmunization struct {
	p      RoutineImmunizationParams
	blocks phases.Blocks
	t      *agents.Table
	doses  *agents.Doses
	dose   []routineDose // the active doses
	ids    []uint32      // scratch: one day's ids
}

// NewRoutineImmunization returns a factory; nil params mean the defaults.
// The scenario's mcv2 column is read here: a bad cell, or a column with
// mcv2_coverage ≠ 0, is an error.
func NewRoutineImmunization(p *RoutineImmunizationParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultRoutineImmunizationParams())
		if err != nil {
			return nil, err
		}
		scn := m.Scenario()
		mcv2, ok, err := scn.MCV2()
		if err != nil {
			return nil, fmt.Errorf("%s: scenario: %w", RoutineImmunizationName, err)
		}
		switch {
		case ok && q.MCV2Coverage != 0:
			return nil, fmt.Errorf("%s: mcv2_coverage = %v and the scenario's mcv2 column both give the MCV2 coverage: drop one", RoutineImmunizationName, q.MCV2Coverage)
		case !ok:
			mcv2 = make([]float64, scn.Len())
			for j := range mcv2 {
				mcv2[j] = q.MCV2Coverage
			}
		}
		c := &RoutineImmunization{p: q}
		for _, d := range []routineDose{
			{kind: agents.DoseMCV1, bit: agents.ImmuneMCV1, age: int32(q.MCV1Age), cov: slices.Clone(scn.MCV1)},
			{kind: agents.DoseMCV2, bit: agents.ImmuneMCV2, age: int32(q.MCV2Age), cov: mcv2},
		} {
			if slices.ContainsFunc(d.cov, func(v float64) bool { return v > 0 }) {
				c.dose = append(c.dose, d)
			}
		}
		return c, nil
	}
}

// Name returns "RoutineImmunizationProcess".
func (c *RoutineImmunization) Name() string { return RoutineImmunizationName }

// Params returns the instance's params.
func (c *RoutineImmunization) Params() RoutineImmunizationParams { return c.p }

// Active reports whether some patch has MCV1 or MCV2 coverage above 0.
func (c *RoutineImmunization) Active() bool { return len(c.dose) > 0 }

// Initialize attaches to the agent table, creates and claims the active
// doses' calendars and schedules the agents younger than each dose's age.
func (c *RoutineImmunization) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil || len(c.dose) == 0 {
		return err
	}
	t, today := c.t, int32(m.Tick())
	for id := range t.Len() {
		dob := t.DOB[id]
		if t.State[id] == agents.Dead || dob > today {
			continue
		}
		for k := range c.dose {
			if d := &c.dose[k]; dob >= today-d.age {
				d.cal.Add(uint32(id), dob)
			}
		}
	}
	c.reserve(today)
	return nil
}

// attach attaches to the agent table and the doses and, when a dose is
// active, sets up the streams and gets and claims the active doses'
// calendars (the restored ones after a snapshot load, which keep their
// entries).
func (c *RoutineImmunization) attach(m phases.Model) error {
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", RoutineImmunizationName, err)
	}
	c.t, c.doses = t, agents.DosesOf(m.World())
	if len(c.dose) == 0 {
		return nil
	}
	if err := needAges(RoutineImmunizationName, t); err != nil {
		return err
	}
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	today := int32(m.Tick())
	for k := range c.dose {
		d := &c.dose[k]
		name := MCV1Calendar
		if d.kind == agents.DoseMCV2 {
			name = MCV2Calendar
		}
		// The ring's days are days of birth, from today − age (fired
		// today) to today (the newborns).
		cal, err := t.Calendar(name, int(d.age)+1, today-d.age)
		if err != nil {
			return err
		}
		if err := cal.Claim(RoutineImmunizationName, c); err != nil {
			return err
		}
		d.cal = cal
	}
	return nil
}

// reserve gives the calendars room for a day's births.
func (c *RoutineImmunization) reserve(today int32) {
	infants := countInfants(c.t, today)
	for k := range c.dose {
		reserveBirths(infants, c.dose[k].cal)
	}
}

// Step adds the tick's newborns to the calendars, then gives the doses due
// today.
func (c *RoutineImmunization) Step(_ phases.Model, tick int) error {
	if len(c.dose) == 0 {
		return nil
	}
	t := c.t
	today := int32(tick)
	for _, id := range t.Newborns() {
		for k := range c.dose {
			c.dose[k].cal.Add(id, t.DOB[id])
		}
	}
	streams := c.blocks.Streams()
	for k := range c.dose {
		d := &c.dose[k]
		ids, err := d.cal.Due(today-d.age, t.DOB)
		if err != nil {
			return fmt.Errorf("%s: %w", RoutineImmunizationName, err)
		}
		// An id can be listed twice (a row freed and reused by a newborn
		// on its predecessor's day of birth): one dose each.
		c.ids = append(c.ids[:0], ids...)
		slices.Sort(c.ids)
		c.ids = slices.Compact(c.ids)
		eff := c.p.efficacy(int(d.age))
		for _, id := range c.ids {
			if t.State[id] == agents.Dead {
				continue
			}
			j := t.Patch[id]
			src := streams.ForPatch(int(j))
			if reached(d.cov[j], src) {
				vaccinate(t, c.doses, d.kind, d.bit, id, eff, src)
			}
		}
	}
	return nil
}
