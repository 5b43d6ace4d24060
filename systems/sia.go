package systems

import (
	"fmt"
	"slices"
	"time"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// SIACalendar runs supplementary immunisation activities on a schedule
// (SPEC §5.6): each (group, date) campaign fires once, at the first tick
// whose start date is on or after its date, moving Binomial(S_j, efficacy)
// susceptibles to R in every patch of the group. Draws are sequential:
// campaigns in schedule order, patches in index order, each patch from its
// block's stream. A campaign vaccinates S only: a declared compartment,
// even a susceptible one ([ecs.Roles]), is not reached (its people are not
// the campaign's target susceptibles; a variant that vaccinates them adds a
// phase of its own). The tick's vaccinations per patch are published in
// [ecs.Flows] SIAVaccinations.
type SIACalendar struct {
	p        SIACalendarParams
	groupIDs []string // groups of the filtered patches, first-appearance order
	members  [][]int  // patch indices per group

	rowGroup []int       // per schedule row: index into groupIDs, −1 when every patch is filtered out
	rowKey   []int       // per schedule row: index into keys
	rowDay   []time.Time // per schedule row: the campaign's day, midnight UTC
	keys     []string    // distinct "group_YYYY-MM-DD" keys, first-appearance order
	keyIndex map[string]int
	order    []int // schedule rows sorted by day (stable)

	// Run state (saved in snapshots).
	cursor      int    // order[:cursor] have been due at a past or the current Step
	fired       []bool // per key
	implemented []string

	due     []int // scratch: rows becoming due at this Step
	streams *rng.Streams
	s, r    []int64
	vacc    []int64 // per patch: the tick's vaccinations ([ecs.Flows] SIAVaccinations)
	dirty   bool    // vacc holds a campaign's counts, cleared at the next Step
}

// NewSIACalendar returns a factory. The params are required (nil is the
// error "SIACalendarParams must be provided"). Building fails when a
// schedule group is no group key of any scenario patch (all such groups are
// listed) or when the filter keeps no patch; groups whose patches are all
// filtered out are skipped silently.
func NewSIACalendar(p *SIACalendarParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		if p == nil {
			return nil, ErrSIAParamsMissing
		}
		q := *p
		if err := q.Validate(); err != nil {
			return nil, err
		}
		q.Schedule = slices.Clone(q.Schedule)
		c := &SIACalendar{p: q}
		if err := c.resolve(m.Scenario().ID); err != nil {
			return nil, err
		}
		return c, nil
	}
}

// resolve builds the group map and the per-row tables.
func (c *SIACalendar) resolve(ids []string) error {
	level := c.p.AggregationLevel
	groupIDs, members, err := scenario.Groups(ids, level, c.p.Filter)
	if err != nil {
		return fmt.Errorf("%s: %w", SIACalendarName, err)
	}
	c.groupIDs, c.members = groupIDs, members
	known := map[string]bool{}
	for _, id := range ids {
		known[scenario.GroupKey(id, level)] = true
	}
	var unknown []string
	for _, camp := range c.p.Schedule {
		if !known[camp.Group] && !slices.Contains(unknown, camp.Group) {
			unknown = append(unknown, camp.Group)
		}
	}
	if unknown != nil {
		return fmt.Errorf("%s: sia_schedule groups %q are not group keys of any patch at aggregation_level %d (e.g. %q)",
			SIACalendarName, unknown, level, scenario.GroupKey(ids[0], level))
	}
	group := make(map[string]int, len(groupIDs))
	for g, id := range groupIDs {
		group[id] = g
	}
	n := len(c.p.Schedule)
	c.rowGroup, c.rowKey, c.rowDay = make([]int, n), make([]int, n), make([]time.Time, n)
	c.keyIndex = map[string]int{}
	for k, camp := range c.p.Schedule {
		g, ok := group[camp.Group]
		if !ok {
			g = -1
		}
		c.rowGroup[k] = g
		c.rowDay[k] = camp.day()
		key := camp.key()
		ki, ok := c.keyIndex[key]
		if !ok {
			ki = len(c.keys)
			c.keyIndex[key] = ki
			c.keys = append(c.keys, key)
		}
		c.rowKey[k] = ki
	}
	c.order = make([]int, n)
	for k := range c.order {
		c.order[k] = k
	}
	slices.SortStableFunc(c.order, func(a, b int) int { return c.rowDay[a].Compare(c.rowDay[b]) })
	c.fired = make([]bool, len(c.keys))
	c.due = make([]int, 0, n)
	return nil
}

// Name returns "SIACalendarProcess".
func (c *SIACalendar) Name() string { return SIACalendarName }

// Params returns the instance's params (the schedule is a copy).
func (c *SIACalendar) Params() SIACalendarParams {
	p := c.p
	p.Schedule = slices.Clone(p.Schedule)
	return p
}

// GroupIDs returns the groups of the patches the filter keeps, in
// first-appearance order.
func (c *SIACalendar) GroupIDs() []string { return slices.Clone(c.groupIDs) }

// Implemented returns the keys ("group_YYYY-MM-DD") of the campaigns run so
// far, in firing order.
func (c *SIACalendar) Implemented() []string { return slices.Clone(c.implemented) }

// Initialize fetches columns and streams; verbose prints the number of
// groups.
func (c *SIACalendar) Initialize(m phases.Model) error {
	if err := patchcount.RefuseAgents(m, SIACalendarName); err != nil {
		return err
	}
	if err := c.attach(m); err != nil {
		return err
	}
	if m.Params().Verbose {
		fmt.Fprintf(m.Stdout(), "SIACalendar initialized with %d groups\n", len(c.groupIDs))
	}
	return nil
}

// attach fetches the columns and streams.
func (c *SIACalendar) attach(m phases.Model) error {
	streams, err := m.Streams(c)
	if err != nil {
		return err
	}
	w := m.World()
	c.streams = streams
	c.s, c.r = w.S(), w.R()
	c.publishFlows(w)
	return nil
}

// publishFlows makes the tick's vaccinations per patch, zero, and
// publishes them as w's [ecs.Flows] SIAVaccinations.
func (c *SIACalendar) publishFlows(w *ecs.World) {
	c.vacc = make([]int64, w.Len())
	c.dirty = false
	ecs.FlowsOf(w).SIAVaccinations = c.vacc
}

// clearFlows zeroes the vaccinations of the last campaign's tick at the
// next Step.
func (c *SIACalendar) clearFlows() {
	if c.dirty {
		clear(c.vacc)
		c.dirty = false
	}
}

// Step runs every campaign that has become due and has not run yet.
func (c *SIACalendar) Step(m phases.Model, _ int) error {
	c.clearFlows()
	for _, row := range c.dueRows(m.CurrentDate()) {
		for _, j := range c.members[c.rowGroup[row]] {
			v := rng.Binomial(c.streams.ForPatch(j), c.s[j], c.p.Efficacy)
			c.s[j] -= v
			c.r[j] += v
			c.vacc[j] += v
		}
		c.dirty = true
	}
	return nil
}

// dueRows returns the schedule rows whose campaign fires at date now, in
// schedule order: the rows that became due since the last call, with a
// group and a key not run yet (each key runs once: a repeated row is
// skipped). It marks them fired and implemented. The slice is reused by
// the next call.
func (c *SIACalendar) dueRows(now time.Time) []int {
	start := c.cursor
	for c.cursor < len(c.order) && !c.rowDay[c.order[c.cursor]].After(now) {
		c.cursor++
	}
	if c.cursor == start {
		return nil
	}
	// Rows due earlier have run already (or never will: filtered out), so
	// only the newly due rows can fire; they fire in schedule order.
	c.due = append(c.due[:0], c.order[start:c.cursor]...)
	slices.Sort(c.due)
	k := 0
	for _, row := range c.due {
		key := c.rowKey[row]
		if c.rowGroup[row] < 0 || c.fired[key] {
			continue
		}
		c.fired[key] = true
		c.implemented = append(c.implemented, c.keys[key])
		c.due[k] = row
		k++
	}
	c.due = c.due[:k]
	return c.due
}
