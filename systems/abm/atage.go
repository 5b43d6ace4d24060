package abm

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
)

// MaxAtAgeDays is the oldest age an [AtAge] schedule may name: 100 years
// of 365 days (its calendar keeps a ring of one bucket per day of age).
const MaxAtAgeDays = 100 * 365

// AtAge is the scheduling helper of a component of the agent-based model
// that acts on the agents reaching one age: every tick (one day), [AtAge.Due]
// returns the live agents who are exactly Age days old that day, each once,
// in increasing id order, without the component knowing the calendar
// behind it. Routine immunisation gives MCV1 and MCV2 with it; a school-entry
// dose at 5 years (examples/abmcatchup) is
//
//	// in the factory: c := &Catchup{at: abm.AtAge{Calendar: "catchup", Age: 5 * 365}}
//
//	func (c *Catchup) Initialize(m phases.Model) error {
//		if err := c.at.Attach(m, "CatchupDoseProcess", c); err != nil {
//			return err
//		}
//		c.at.Start(m) // only here: not after a snapshot
//		return nil
//	}
//
//	func (c *Catchup) RestoreState(m phases.Model, _ json.RawMessage) error {
//		return c.at.Attach(m, "CatchupDoseProcess", c) // the restored calendar
//	}
//
//	func (c *Catchup) Step(m phases.Model, tick int) error {
//		ids, err := c.at.Due(tick)
//		… // act on ids
//	}
//
// It keeps the agents on a calendar of the agent table named Calendar,
// keyed by the day of birth (fired at tick t for the agents born on day
// t − Age, validated against the DOB column, so a row reused by a birth
// never receives a stale event): the calendar is saved with the table in
// snapshots, so a resumed run fires exactly what the uninterrupted one
// would. Due adds the tick's newborns ([agents.Table.Newborns]) first: the
// component must follow the births phase in the schedule (before it, it
// adds the previous tick's newborns, the same days of birth). The agents
// alive at the start who are younger than Age are added by Start (the
// older ones have passed the age: nothing fires for them). The schedule
// needs a phase that draws ages.
type AtAge struct {
	// Calendar names the calendar: one per event kind (and component) in
	// a model, stored in its snapshots ("mcv1", "mcv2" are routine
	// immunisation's).
	Calendar string
	// Age is the age in days, 1…[MaxAtAgeDays].
	Age int

	t   *agents.Table
	cal *agents.Calendar
	ids []uint32 // Due's result
}

// Attach finds the agent table of m and gets its calendar (creating it,
// or the one restored from a snapshot with its entries) and claims it for
// the component by, named owner (the component's Name()): one component
// fires a calendar. Call it from Initialize and from RestoreState.
func (a *AtAge) Attach(m phases.Model, owner string, by any) error {
	if a.Age < 1 || a.Age > MaxAtAgeDays {
		return fmt.Errorf("%s: calendar %q: age must be 1…%d days, got %d", owner, a.Calendar, MaxAtAgeDays, a.Age)
	}
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", owner, err)
	}
	if err := needAges(owner, t); err != nil {
		return err
	}
	age := int32(a.Age)
	// The ring's days are days of birth, from today − age (fired today)
	// to today (the newborns).
	cal, err := t.Calendar(a.Calendar, a.Age+1, int32(m.Tick())-age)
	if err != nil {
		return err
	}
	if err := cal.Claim(owner, by); err != nil {
		return err
	}
	a.t, a.cal = t, cal
	a.reserve(int32(m.Tick()))
	return nil
}

// reserve gives the calendar room for a day's births.
func (a *AtAge) reserve(today int32) { reserveBirths(countInfants(a.t, today), a.cal) }

// Start schedules the live agents of m already born who are younger than
// Age, in id order. Call it once, from Initialize after Attach — not after
// restoring a snapshot, whose calendar has them already.
func (a *AtAge) Start(m phases.Model) { scheduleYounger(a.t, int32(m.Tick()), []*AtAge{a}) }

// scheduleYounger schedules on each of ats the live agents of t born by today who
// are younger than its age, one pass over the table in id order.
func scheduleYounger(t *agents.Table, today int32, ats []*AtAge) {
	for id := range t.Len() {
		dob := t.DOB[id]
		if t.State[id] == agents.Dead || dob > today {
			continue
		}
		for _, a := range ats {
			if dob >= today-int32(a.Age) {
				a.cal.Add(uint32(id), dob)
			}
		}
	}
}

// Due adds tick's newborns to the calendar and returns the live agents
// who are Age days old on day tick, in increasing id order, each once.
// Call it every tick, for consecutive ticks. The slice is the helper's:
// use it before the next call.
func (a *AtAge) Due(tick int) ([]uint32, error) {
	t, today := a.t, int32(tick)
	for _, id := range t.Newborns() {
		a.cal.Add(id, t.DOB[id])
	}
	ids, err := a.cal.Due(today-int32(a.Age), t.DOB)
	if err != nil {
		return nil, err
	}
	// An id can be listed twice (a row freed and reused by a newborn on
	// its predecessor's day of birth): once each.
	a.ids = append(a.ids[:0], ids...)
	slices.Sort(a.ids)
	a.ids = slices.Compact(a.ids)
	live := a.ids[:0]
	for _, id := range a.ids {
		if t.State[id] != agents.Dead {
			live = append(live, id)
		}
	}
	a.ids = live
	return live, nil
}
