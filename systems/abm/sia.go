package abm

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// SIAResult is what one campaign of the agent-based model did.
type SIAResult struct {
	// Key is the campaign's "group_YYYY-MM-DD".
	Key string `json:"key"`
	// Tick is the tick it ran.
	Tick int `json:"tick"`
	// Coverage is the probability that it reached a targeted child.
	Coverage float64 `json:"coverage"`
	// Targeted counts the live agents of the group's patches in the age
	// range on the day.
	Targeted int64 `json:"targeted"`
	// Doses counts the targeted children it reached (each given a dose).
	Doses int64 `json:"doses"`
	// Immunised counts the doses that moved a susceptible to R.
	Immunised int64 `json:"immunised"`
}

// ABMSIACalendar is the agent-based model's SIACalendarProcess: the patch
// model's schedule (groups, dates, aggregation, filter; each campaign runs
// once, at the first tick on or after its date), aimed at the children
// aged min_age ≤ age ≤ max_age days of the group's patches. The campaign
// reaches each of them with its coverage (coverage, or group_coverage of
// its group) and gives a dose (recorded in [agents.Doses] and in the
// campaign's [SIAResult]); a susceptible child becomes immune (R,
// immunity source SIA) with probability sia_efficacy, any other state is
// unchanged. The tick's S → R per patch are published as [ecs.Flows]
// SIAVaccinations, as the patch model's.
//
// Cost: the agents are not indexed by patch, so a campaign day is one
// pass over every agent row (all the campaigns due that day together when
// their groups differ), O(rows) — 0.25 s per campaign day at 30 million
// agents on a shared 2-core VM (docs/abm.md, "Immunity by age"); the other
// days cost nothing. Draws come from the stream of the child's
// patch block in row order, so results do not depend on the workers.
type ABMSIACalendar struct {
	sia     systems.SIACalendar // the schedule, groups and campaigns run (its Step and snapshot state are the patch model's)
	q       ABMSIAParams
	blocks  phases.Blocks
	t       *agents.Table
	doses   *agents.Doses
	rowCov  []float64 // per schedule row: its coverage
	camp    []int32   // per patch: the index in results of its campaign in the current pass, −1 none
	pass    []int     // scratch: the rows of one pass
	results []SIAResult
}

// NewABMSIACalendar returns a factory. The params are required (nil is an
// error); a group_coverage key that is no group of the scenario is an
// error, as a schedule group is.
func NewABMSIACalendar(p *ABMSIAParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		if p == nil {
			return nil, systems.ErrSIAParamsMissing
		}
		if err := p.Validate(); err != nil {
			return nil, err
		}
		sia, err := systems.NewSIACalendar(&p.SIACalendarParams)(m)
		if err != nil {
			return nil, err
		}
		q := *p
		q.Schedule = slices.Clone(q.Schedule)
		q.GroupCoverage = maps.Clone(q.GroupCoverage)
		c := &ABMSIACalendar{sia: *sia.(*systems.SIACalendar), q: q}
		groups := c.sia.GroupIDs()
		var unknown []string
		for _, g := range slices.Sorted(maps.Keys(q.GroupCoverage)) {
			if !slices.Contains(groups, g) {
				unknown = append(unknown, g)
			}
		}
		if unknown != nil {
			return nil, fmt.Errorf("%s: group_coverage keys %q are not groups of the scenario's patches at aggregation_level %d (groups: %q)",
				systems.SIACalendarName, unknown, q.AggregationLevel, groups[:min(len(groups), 5)])
		}
		c.rowCov = make([]float64, len(q.Schedule))
		for k, camp := range q.Schedule {
			c.rowCov[k] = q.Coverage
			if v, ok := q.GroupCoverage[camp.Group]; ok {
				c.rowCov[k] = v
			}
		}
		return c, nil
	}
}

// Params returns the instance's params (copies of the schedule and the
// group coverages).
func (c *ABMSIACalendar) Params() ABMSIAParams {
	p := c.q
	p.Schedule = slices.Clone(p.Schedule)
	p.GroupCoverage = maps.Clone(p.GroupCoverage)
	return p
}

// Name returns "SIACalendarProcess".
func (c *ABMSIACalendar) Name() string { return systems.SIACalendarName }

// GroupIDs returns the groups of the patches the filter keeps, in
// first-appearance order.
func (c *ABMSIACalendar) GroupIDs() []string { return c.sia.GroupIDs() }

// Implemented returns the keys ("group_YYYY-MM-DD") of the campaigns run
// so far, in firing order.
func (c *ABMSIACalendar) Implemented() []string { return c.sia.Implemented() }

// Results returns what the campaigns run so far did, in firing order.
func (c *ABMSIACalendar) Results() []SIAResult { return slices.Clone(c.results) }

// Initialize attaches to the agent table and publishes the flows; the
// agents need ages.
func (c *ABMSIACalendar) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	if m.Params().Verbose {
		fmt.Fprintf(m.Stdout(), "SIACalendar initialized with %d groups\n", len(c.sia.GroupIDs()))
	}
	return nil
}

// attach attaches to the agent table and the doses, sets up the streams
// and publishes the flows.
func (c *ABMSIACalendar) attach(m phases.Model) error {
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", systems.SIACalendarName, err)
	}
	if err := needAges(systems.SIACalendarName, t); err != nil {
		return err
	}
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	w := m.World()
	c.t, c.doses = t, agents.DosesOf(w)
	c.camp = make([]int32, w.Len())
	for j := range c.camp {
		c.camp[j] = -1
	}
	c.sia.PublishFlows(w)
	return nil
}

// Step runs the campaigns due: passes over the agents, each with campaigns
// of distinct groups (a group due twice at once gets a second pass).
func (c *ABMSIACalendar) Step(m phases.Model, tick int) error {
	c.sia.ClearFlows()
	rows := c.sia.DueRows(m.CurrentDate())
	for len(rows) > 0 {
		c.pass, rows = c.split(rows, tick)
		c.run(int32(tick))
		for _, row := range c.pass {
			for _, j := range c.sia.RowPatches(row) {
				c.camp[j] = -1
			}
		}
		c.sia.MarkFlows()
		if m.Params().Verbose {
			for _, r := range c.results[len(c.results)-len(c.pass):] {
				fmt.Fprintf(m.Stdout(), "Date %s: Implementing SIA %s - %d doses to %d targeted children, %d immunised\n",
					m.CurrentDate().Format(time.DateOnly), r.Key, r.Doses, r.Targeted, r.Immunised)
			}
		}
	}
	return nil
}

// split takes from rows the campaigns of one pass (the first row of each
// group, in order), marks their patches and opens their results; it
// returns the pass and the rows left for the next.
func (c *ABMSIACalendar) split(rows []int, tick int) (pass, rest []int) {
	pass = c.pass[:0]
	k := 0
	for _, row := range rows {
		members := c.sia.RowPatches(row)
		if c.camp[members[0]] >= 0 {
			rows[k] = row
			k++
			continue
		}
		for _, j := range members {
			c.camp[j] = int32(len(c.results))
		}
		c.results = append(c.results, SIAResult{Key: c.sia.RowKey(row), Tick: tick, Coverage: c.rowCov[row]})
		pass = append(pass, row)
	}
	return pass, rows[:k]
}

// run is one pass over the agents: each live agent of a marked patch in
// the age range is targeted, reached with its campaign's coverage, and
// vaccinated.
func (c *ABMSIACalendar) run(today int32) {
	t, streams := c.t, c.blocks.Streams()
	efficacy, vacc := c.sia.Params().Efficacy, c.sia.Vaccinations()
	lo, hi := int32(c.q.MinAge), int32(c.q.MaxAge)
	for id := range t.Len() {
		j := t.Patch[id]
		r := c.camp[j]
		if r < 0 || t.State[id] == agents.Dead {
			continue
		}
		if a := today - t.DOB[id]; a < lo || a > hi {
			continue
		}
		res := &c.results[r]
		res.Targeted++
		src := streams.ForPatch(int(j))
		if !Reached(res.Coverage, src) {
			continue
		}
		res.Doses++
		if Vaccinate(t, c.doses, agents.DoseSIA, agents.ImmuneSIA, uint32(id), efficacy, src) {
			res.Immunised++
			vacc[j]++
		}
	}
}
