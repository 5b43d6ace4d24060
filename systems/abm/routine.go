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

// routineDose is one routine dose: its kind, immunity bit, coverage per
// patch and schedule (age and calendar).
type routineDose struct {
	kind int   // agents.DoseMCV1 or DoseMCV2
	bit  uint8 // agents.ImmuneMCV1 or ImmuneMCV2
	cov  []float64
	at   *AtAge
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
// Each dose is scheduled by an [AtAge] helper (calendars "mcv1", "mcv2"):
// this phase must therefore follow the births phase in the schedule; the
// agents alive at the start who are younger than the dose's age are
// scheduled at Initialize (the older ones are not vaccinated
// retroactively: their immunity is the initial states'). A dose whose
// coverage is 0 in every patch is inactive (no calendar, no draw). Draws
// come from the stream of the child's patch block, in id order, so results
// do not depend on the workers.
type RoutineImmunization struct {
	p      RoutineImmunizationParams
	blocks phases.Blocks
	t      *agents.Table
	doses  *agents.Doses
	dose   []routineDose // the active doses
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
			{kind: agents.DoseMCV1, bit: agents.ImmuneMCV1, cov: slices.Clone(scn.MCV1), at: &AtAge{Calendar: MCV1Calendar, Age: q.MCV1Age}},
			{kind: agents.DoseMCV2, bit: agents.ImmuneMCV2, cov: mcv2, at: &AtAge{Calendar: MCV2Calendar, Age: q.MCV2Age}},
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
	ats := make([]*AtAge, len(c.dose))
	for k, d := range c.dose {
		ats[k] = d.at
	}
	scheduleYounger(c.t, int32(m.Tick()), ats)
	return nil
}

// attach attaches to the agent table and the doses and, when a dose is
// active, sets up the streams and attaches the active doses' schedules
// (to the restored calendars after a snapshot load, which keep their
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
	for _, d := range c.dose {
		if err := d.at.Attach(m, RoutineImmunizationName, c); err != nil {
			return err
		}
	}
	return nil
}

// Step gives the doses due today: each dose's schedule adds the tick's
// newborns and lists the children of its age.
func (c *RoutineImmunization) Step(_ phases.Model, tick int) error {
	t := c.t
	streams := c.blocks.Streams()
	for _, d := range c.dose {
		ids, err := d.at.Due(tick)
		if err != nil {
			return fmt.Errorf("%s: %w", RoutineImmunizationName, err)
		}
		eff := c.p.efficacy(d.at.Age)
		for _, id := range ids {
			j := t.Patch[id]
			src := streams.ForPatch(int(j))
			if Reached(d.cov[j], src) {
				Vaccinate(t, c.doses, d.kind, d.bit, id, eff, src)
			}
		}
	}
	return nil
}
