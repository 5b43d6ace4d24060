package abm

import (
	"fmt"
	"math"
	"slices"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// MaternalCalendar is the agent table's calendar of the end of maternal
// protection.
const MaternalCalendar = "maternal"

// maternalHorizon is the maternal calendar's ring in days (longer
// protections wait in its overflow).
const maternalHorizon = 1024

// motherTries bounds the draws of a mother among a patch's listed agents
// (a listed agent who has died or moved since the listing is redrawn).
const motherTries = 16

// MaternalImmunity is the agent-based model's maternal antibodies (name
// "MaternalImmunityProcess"). Each newborn of the tick
// ([agents.Table.Newborns]; the phase follows the births phase) is
// protected when its mother is immune (source "mother": the mother is a
// random agent of the newborn's patch aged mother_min_age ≤ age <
// mother_max_age years at the last listing, immune when in state R) or with
// probability maternal_share (source "share"). A protected newborn is in R
// with the immunity source Maternal for a lognormal duration D (mean
// duration_mean, sd duration_sd days, rounded, ≥ 1 day): it cannot be
// infected, counts in its patch's R, and becomes S on day birth + D (its
// own calendar "maternal", validated against a column of the phase). Its
// routine or campaign doses during protection fail (efficacy applies to
// susceptibles).
//
// At Initialize, each susceptible agent of age a days is protected as a
// newborn would have been, if its drawn D > a (the infants of an endemic
// start); the initial states must therefore be drawn first:
// InitializeEquilibriumStates must come before this phase.
//
// Cost: a column of 4 bytes per agent of capacity, one listing pass over
// every agent every census_days days (source "mother"), and O(1) per
// newborn and per end of protection. Draws come from the stream of the
// agent's patch block in newborn order, so results do not depend on the
// workers.
type MaternalImmunity struct {
	p         MaternalImmunityParams
	blocks    phases.Blocks
	t         *agents.Table
	cal       *agents.Calendar
	mu, sigma float64    // the lognormal's underlying normal
	wane      []int32    // per agent: the day its protection ends (the calendar's column)
	mothers   [][]uint32 // per patch: the agents of childbearing age at the last listing
	census    int32      // day of the last listing
	minAge    int32      // days
	maxAge    int32      // days
}

// NewMaternalImmunity returns a factory; nil params mean the defaults.
func NewMaternalImmunity(p *MaternalImmunityParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultMaternalImmunityParams())
		if err != nil {
			return nil, err
		}
		mu, sigma := rng.LogNormalParams(q.DurationMean, q.DurationSD)
		return &MaternalImmunity{p: q, mu: mu, sigma: sigma,
			minAge: int32(q.MotherMinAge * daysPerYear), maxAge: int32(q.MotherMaxAge * daysPerYear)}, nil
	}
}

// Name returns "MaternalImmunityProcess".
func (c *MaternalImmunity) Name() string { return MaternalImmunityName }

// Params returns the instance's params.
func (c *MaternalImmunity) Params() MaternalImmunityParams { return c.p }

// Initialize checks the schedule (ages drawn, equilibrium states before
// this phase), creates and claims the maternal calendar, lists the mothers
// and protects the initial infants.
func (c *MaternalImmunity) Initialize(m phases.Model) error {
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", MaternalImmunityName, err)
	}
	if err := needAges(MaternalImmunityName, t); err != nil {
		return err
	}
	inst := m.Instances()
	self := slices.IndexFunc(inst, func(x phases.Component) bool { return x == phases.Component(c) })
	if k := slices.IndexFunc(inst[self+1:], func(x phases.Component) bool { return x.Name() == systems.EquilibriumName }); k >= 0 {
		return fmt.Errorf("%s must come after %s in the schedule: the initial infants' protection depends on their mothers' initial states", MaternalImmunityName, systems.EquilibriumName)
	}
	if err := c.attach(m, t); err != nil {
		return err
	}
	today := int32(m.Tick())
	c.list(today)
	// The oldest age worth a draw: far in the duration's tail.
	oldest := int32(min(c.p.DurationMean+12*c.p.DurationSD+1, maxTimerDays))
	streams := c.blocks.Streams()
	infants := countInfants(t, today)
	for id := range t.Len() {
		if today-t.DOB[id] < oldest {
			c.offer(uint32(id), t.DOB[id], today, streams)
		}
	}
	reserveBirths(infants, c.cal)
	return nil
}

// attach sets up the streams, gets and claims the maternal calendar (the
// restored one after a snapshot load) and makes the column and the
// mothers' lists, empty.
func (c *MaternalImmunity) attach(m phases.Model, t *agents.Table) error {
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	cal, err := t.Calendar(MaternalCalendar, maternalHorizon, int32(m.Tick()))
	if err != nil {
		return err
	}
	if err := cal.Claim(MaternalImmunityName, c); err != nil {
		return err
	}
	c.t, c.cal = t, cal
	c.wane = make([]int32, t.Cap())
	c.mothers = make([][]uint32, t.Patches())
	return nil
}

// reserveBirths gives every bucket of the calendars room for a day's
// births (twice the mean daily cohort of the infants, at least 16), so
// that a steady run allocates nothing.
func reserveBirths(infants int, cals ...*agents.Calendar) {
	for _, cal := range cals {
		cal.Reserve(2*infants/daysPer12Months + 16)
	}
}

// countInfants returns the live agents of t younger than 12 months on day
// today (born on or before it).
func countInfants(t *agents.Table, today int32) int {
	var n int
	for id := range t.Len() {
		if a := today - t.DOB[id]; t.State[id] != agents.Dead && a >= 0 && a < daysPer12Months {
			n++
		}
	}
	return n
}

// list records each patch's agents of childbearing age on day today.
func (c *MaternalImmunity) list(today int32) {
	c.census = today
	if c.p.Source != MaternalFromMother {
		return
	}
	for j := range c.mothers {
		c.mothers[j] = c.mothers[j][:0]
	}
	t := c.t
	for id := range t.Len() {
		if t.State[id] == agents.Dead {
			continue
		}
		if a := today - t.DOB[id]; a >= c.minAge && a < c.maxAge {
			j := t.Patch[id]
			c.mothers[j] = append(c.mothers[j], uint32(id))
		}
	}
}

// protected draws whether a newborn of patch j is protected: its mother
// is immune (a listed agent of the patch drawn at random, still of the
// patch and of childbearing age at the listing), or with probability
// maternal_share. A patch without a listed mother protects no one.
func (c *MaternalImmunity) protected(j int, src *rng.Source) bool {
	if c.p.Source == MaternalFromShare {
		return Reached(c.p.Share, src)
	}
	t, list := c.t, c.mothers[j]
	if len(list) == 0 {
		return false
	}
	for range motherTries {
		id := list[rng.Uint32n(src, uint32(len(list)))]
		a := c.census - t.DOB[id]
		if t.State[id] != agents.Dead && int(t.Patch[id]) == j && a >= c.minAge && a < c.maxAge {
			return t.State[id] == agents.R
		}
	}
	return false
}

// offer protects susceptible agent id as a newborn of day born (drawn from
// its patch's stream: protected, then the duration) when its protection
// lasts past today; a newborn of today (born = today) always does, its
// duration being at least a day.
func (c *MaternalImmunity) offer(id uint32, born, today int32, streams *rng.Streams) {
	if c.t.State[id] != agents.S {
		return
	}
	j := int(c.t.Patch[id])
	src := streams.ForPatch(j)
	if c.protected(j, src) {
		if end := born + days(src.LogNormal(c.mu, c.sigma)); end > today {
			c.protect(id, end)
		}
	}
}

// protect moves susceptible agent id to R (source Maternal) until day end.
func (c *MaternalImmunity) protect(id uint32, end int32) {
	immunise(c.t, id, agents.ImmuneMaternal)
	c.wane[id] = end
	c.cal.Add(id, end)
}

// Step lists the mothers when census_days have passed, protects the
// tick's newborns, then ends the protections due today (R → S, unless the
// agent has another source of immunity).
func (c *MaternalImmunity) Step(_ phases.Model, tick int) error {
	t := c.t
	today := int32(tick)
	if today-c.census >= int32(c.p.CensusDays) {
		c.list(today)
	}
	streams := c.blocks.Streams()
	for _, id := range t.Newborns() {
		c.offer(id, today, today, streams)
	}
	ids, err := c.cal.Due(today, c.wane)
	if err != nil {
		return fmt.Errorf("%s: %w", MaternalImmunityName, err)
	}
	for _, id := range ids {
		if t.State[id] != agents.R || t.Immunity[id]&agents.ImmuneMaternal == 0 {
			continue // dead, or a duplicate entry already fired
		}
		t.Immunity[id] &^= agents.ImmuneMaternal
		c.wane[id] = agents.NoDeath
		if t.Immunity[id] == 0 {
			t.SetState(id, agents.S)
		}
	}
	return nil
}

// agentCapacity is the model view that knows the agent table's capacity
// before it exists (model.Model's AgentCapacity).
type agentCapacity interface {
	AgentCapacity() int64
}

// TickStorage describes the phase's per-agent storage for the memory
// estimate ([phases.StorageSizer]): the end-of-protection column and, at
// most, one mothers' list entry per agent, 8 bytes per agent of capacity.
func (c *MaternalImmunity) TickStorage(m phases.Model, _ int) phases.Storage {
	var n int64
	if a, ok := m.(agentCapacity); ok {
		n = a.AgentCapacity()
	}
	return phases.Storage{ElemBytes: 8, Dims: []phases.Dim{{N: int(min(n, math.MaxInt32)), Unit: "agents"}}}
}
