package metrics

import (
	"encoding/json"
	"fmt"
	"iter"
	"slices"
	"time"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// people is the storage, sampling, grouping and export the agent-based
// model's trackers of people share: a row of states × groups int64 counts
// per sampled tick (or per closed window), read live like a [Kit]'s.
type people struct {
	name, file string
	p          AgeTrackerParams
	bins       ageBins
	states     []string
	groupIDs   []string
	groupOf    []int32 // each patch's group
	windows    bool    // a row per window, dated its last tick (else per sample)
	ticks      []int   // row i's tick
	rec        records // row i: state-major, then group
	dates      func(t int) time.Time
	t          *agents.Table
}

// newPeople returns the shared part of tracker name for model m: its
// groups from p's aggregation level, bins from p's edges, states from
// states(bin labels).
func newPeople(m phases.Model, name, file string, p AgeTrackerParams, windows bool, states func(labels []string) []string) (*people, error) {
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	ids, members, err := Groups(m.Scenario().ID, p.AggregationLevel, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	c := &people{name: name, file: file, p: p, bins: newAgeBins(p.AgeBins), groupIDs: ids, windows: windows,
		groupOf: make([]int32, m.Scenario().Len())}
	c.states = states(c.bins.labels)
	for g, js := range members {
		for _, j := range js {
			c.groupOf[j] = int32(g)
		}
	}
	return c, nil
}

// peopleFactory returns the factory of a tracker of people: params p
// over the defaults def (nil: def), its shared part built by newPeople and
// wrapped by wrap.
func peopleFactory[C phases.Component](p *AgeTrackerParams, def AgeTrackerParams, name, file string, windows bool,
	states func(labels []string) []string, wrap func(*people) C) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, def)
		if err != nil {
			return nil, err
		}
		c, err := newPeople(m, name, file, q, windows, states)
		if err != nil {
			return nil, err
		}
		return wrap(c), nil
	}
}

// Name returns the tracker's component name.
func (c *people) Name() string { return c.name }

// FileBase returns the tidy table's file name without extension.
func (c *people) FileBase() string { return c.file }

// States returns the recorded state names in order.
func (c *people) States() []string { return slices.Clone(c.states) }

// GroupIDs returns the group ids.
func (c *people) GroupIDs() []string { return slices.Clone(c.groupIDs) }

// Ticks returns the tick of each row (sampled ticks, or the windows' last
// ticks) for num_ticks.
func (c *people) Ticks() []int { return slices.Clone(c.ticks) }

// Recorded returns the number of rows recorded so far (safe from another
// goroutine).
func (c *people) Recorded() int { return c.rec.count() }

// sampleTicks returns the ticks in [0, n) that a frequency samples: tick 0
// and every tick dated 1 January ("yearly") or the 1st of a month
// ("monthly"), or every tick ("daily").
func sampleTicks(freq string, dates func(t int) time.Time, n int) []int {
	var out []int
	for t := range n {
		d := dates(t)
		if t == 0 || freq == Daily || (d.Day() == 1 && (freq == Monthly || d.Month() == time.January)) {
			out = append(out, t)
		}
	}
	return out
}

// rowTicks returns the ticks of the rows for a run of n ticks: the sampled
// ticks, or for windows each window's last tick (a window runs from one
// sampled tick to the tick before the next, the last to tick n−1).
func (c *people) rowTicks(dates func(t int) time.Time, n int) []int {
	ts := sampleTicks(c.p.Frequency, dates, n)
	if c.windows {
		for i := range ts {
			if i+1 < len(ts) {
				ts[i] = ts[i+1] - 1
			} else {
				ts[i] = n - 1
			}
		}
	}
	return ts
}

// bind keeps the model's agent table, dates and the rows' ticks for
// num_ticks; agents without an age are an error (the model needs an age
// initialiser: VitalDynamics, WPPVitalDynamics or ConstantPop).
func (c *people) bind(m phases.Model) error {
	t, err := agents.Of(m.World())
	if err != nil {
		return fmt.Errorf("%s: %w", c.name, err)
	}
	for id := range t.Len() {
		if t.State[id] != agents.Dead && t.DOB[id] == agents.UnknownDOB {
			return fmt.Errorf("%s: agent %d has no date of birth: the schedule needs a component that draws ages (VitalDynamics, WPPVitalDynamics or ConstantPop)", c.name, id)
		}
	}
	c.t, c.dates = t, m.TickDate
	c.ticks = c.rowTicks(m.TickDate, m.Params().NumTicks)
	return nil
}

// Initialize binds the model and sizes storage.
func (c *people) Initialize(m phases.Model) error {
	if err := c.bind(m); err != nil {
		return err
	}
	c.rec.size(len(c.states)*len(c.groupIDs), len(c.ticks))
	return nil
}

// row returns the row of tick for writing (cleared), or nil when no row
// is dated tick.
func (c *people) row(tick int) ([]int64, error) {
	i, ok := slices.BinarySearch(c.ticks, tick)
	if !ok {
		return nil, nil
	}
	return c.rec.record(c.name, i)
}

// Blocks yields the recorded rows ([Tracker]).
func (c *people) Blocks(yield func(Block) bool) { c.BlocksBetween(0, allTicks)(yield) }

// BlocksBetween yields the recorded rows dated from ≤ tick < to
// ([TickRanger]).
func (c *people) BlocksBetween(from, to int) iter.Seq[Block] {
	rows := func() (int, int) {
		first, _ := slices.BinarySearch(c.ticks, from)
		end, _ := slices.BinarySearch(c.ticks, to)
		return first, min(end, c.rec.count())
	}
	return c.rec.rowBlocks(rows, func(i int) int { return c.ticks[i] }, c.dates, c.groupIDs, c.states)
}

// TickStorage describes the counts: states × groups × rows of 8 bytes
// ([phases.StorageSizer]).
func (c *people) TickStorage(m phases.Model, ticks int) phases.Storage {
	return phases.Storage{ElemBytes: int64Bytes, Dims: []phases.Dim{{N: len(c.states), Unit: "states"},
		groupDim(c.p.AggregationLevel, len(c.groupIDs)), {N: len(c.rowTicks(m.TickDate, ticks)), Unit: "samples"}}}
}

// snapshot returns the recorded rows, states, groups and partial (the
// window under way, if any).
func (c *people) snapshot(partial []int64) (json.RawMessage, error) {
	return encodeState(c.name, trackerState{GroupIDs: c.groupIDs, States: c.states, Rows: c.rec.rows(), Partial: partial})
}

// restore rebinds m and copies the saved rows; it returns the saved
// partial counts (checked to have want values).
func (c *people) restore(m phases.Model, state json.RawMessage, want int) ([]int64, error) {
	s, err := decodeState(c.name, state)
	if err != nil {
		return nil, err
	}
	if err := checkList(c.name, "states", s.States, c.states); err != nil {
		return nil, err
	}
	if err := checkList(c.name, "group_ids", s.GroupIDs, c.groupIDs); err != nil {
		return nil, err
	}
	if len(s.Partial) != want {
		return nil, fmt.Errorf("%s: snapshot state: %d partial counts, want %d", c.name, len(s.Partial), want)
	}
	if err := c.bind(m); err != nil {
		return nil, err
	}
	return s.Partial, c.rec.restore(c.name, len(c.states)*len(c.groupIDs), len(c.ticks), s.Rows)
}
