package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/abm"
)

// CatchupName is the component name of [Catchup] (also the name of its
// random streams).
const CatchupName = "CatchupDoseProcess"

// catchupCalendar names Catchup's calendar in the agent table (and in its
// snapshots).
const catchupCalendar = "catchup"

// The dose kind and the immunity source of the catch-up dose, registered
// when the program starts, before any model is built: doses.csv then has
// the states "catchup" and "catchup_immunised", immunity_by_age.csv the
// class "catchup", and snapshots carry both.
var (
	catchupKind = agents.MustRegisterDoseKind("catchup")
	catchupBit  = agents.MustRegisterImmunitySource("catchup")
)

// CatchupParams configures [Catchup].
type CatchupParams struct {
	// Age is the age of the dose in days.
	Age int `json:"age" doc:"age of the catch-up dose in days, 1…36500 (1825 = 5 years: school entry)"`
	// Coverage is the share of the eligible children the school check
	// reaches.
	Coverage float64 `json:"coverage" doc:"share of the children of that age without MCV2 who are given the dose, in [0, 1]"`
	// Efficacy is the probability that the dose immunises a susceptible
	// child.
	Efficacy float64 `json:"efficacy" doc:"probability that the dose immunises a susceptible child, in [0, 1]"`
}

// DefaultCatchupParams returns a dose at 1825 days (5 years), coverage
// 0.9 and efficacy 0.95 (a dose after 12 months: WHO measles position
// paper, Wkly Epidemiol Rec 2009 84:349).
func DefaultCatchupParams() CatchupParams {
	return CatchupParams{Age: 5 * 365, Coverage: 0.9, Efficacy: 0.95}
}

// Validate checks the age and the shares.
func (p CatchupParams) Validate() error {
	var errs []error
	if p.Age < 1 || p.Age > abm.MaxAtAgeDays {
		errs = append(errs, fmt.Errorf("%s: age must be 1…%d days, got %d", CatchupName, abm.MaxAtAgeDays, p.Age))
	}
	for _, f := range []struct {
		key string
		v   float64
	}{{"coverage", p.Coverage}, {"efficacy", p.Efficacy}} {
		if !(f.v >= 0 && f.v <= 1) {
			errs = append(errs, fmt.Errorf("%s: %s must be in [0, 1], got %v", CatchupName, f.key, f.v))
		}
	}
	return errors.Join(errs...)
}

// catchupType is Catchup's entry in the component catalogue, for the
// agent-based model (registered by main and TestMain).
var catchupType = model.NewComponentType(model.ComponentSpec[*Catchup, CatchupParams]{
	Name: CatchupName, GoName: "CatchupDose", Kind: model.KindPhase, Model: model.TypeABM,
	Summary:  "School-entry catch-up: each child reaching age days (1825) not immunised by MCV2 is reached with coverage and given a dose (kind catchup); a susceptible one becomes R (source catchup) with efficacy.",
	Defaults: DefaultCatchupParams, New: NewCatchup,
})

// Catchup is a school-entry catch-up dose: every child who turns Age days
// old and was not immunised by MCV2 (its immunity sources lack the MCV2
// bit — the agent table keeps why an agent is immune, not every dose it
// was given) is reached with the coverage and given a dose of kind
// "catchup" (counted whatever its state); a susceptible one becomes immune
// (R, source "catchup") with the efficacy. The children of the age are
// listed by an [abm.AtAge] schedule, so Catchup follows the births phase
// in the schedule; draws come from the stream of the child's patch block,
// in id order, so results do not depend on the workers.
type Catchup struct {
	p      CatchupParams
	at     abm.AtAge
	blocks phases.Blocks
	t      *agents.Table
	doses  *agents.Doses
}

// NewCatchup returns a factory; nil params mean the defaults.
func NewCatchup(p *CatchupParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultCatchupParams())
		if err != nil {
			return nil, err
		}
		return &Catchup{p: q, at: abm.AtAge{Calendar: catchupCalendar, Age: q.Age}}, nil
	}
}

// Name returns "CatchupDoseProcess".
func (c *Catchup) Name() string { return CatchupName }

// Params returns the instance's params.
func (c *Catchup) Params() CatchupParams { return c.p }

// Initialize attaches and schedules the children younger than the age.
func (c *Catchup) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	c.at.Start(m)
	return nil
}

// attach finds the agent table and the doses, the streams and the
// calendar (the restored one after a snapshot load).
func (c *Catchup) attach(m phases.Model) error {
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", CatchupName, err)
	}
	c.t, c.doses = t, agents.DosesOf(m.World())
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	return c.at.Attach(m, CatchupName, c)
}

// Step gives the dose to the children of the age today without MCV2.
func (c *Catchup) Step(_ phases.Model, tick int) error {
	ids, err := c.at.Due(tick)
	if err != nil {
		return fmt.Errorf("%s: %w", CatchupName, err)
	}
	streams := c.blocks.Streams()
	for _, id := range ids {
		if c.t.Immunity[id]&agents.ImmuneMCV2 != 0 {
			continue
		}
		j := c.t.Patch[id]
		src := streams.ForPatch(int(j))
		if abm.Reached(c.p.Coverage, src) {
			abm.Vaccinate(c.t, c.doses, catchupKind, catchupBit, id, c.p.Efficacy, src)
		}
	}
	return nil
}

// SnapshotState returns an empty state: the calendar is saved with the
// agent table, the doses with the model.
func (c *Catchup) SnapshotState() (json.RawMessage, error) { return json.RawMessage("{}"), nil }

// RestoreState attaches to the restored table and calendar, which keep
// every child's scheduled dose: no child is scheduled again.
func (c *Catchup) RestoreState(m phases.Model, _ json.RawMessage) error { return c.attach(m) }
