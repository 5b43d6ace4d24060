package metrics

import (
	"encoding/json"
	"fmt"
	"iter"
	"time"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// StateTrackerName is the component name of [StateTracker].
const StateTrackerName = "StateTracker"

// StateTrackerParams configures a [StateTracker] (SPEC §8.2).
type StateTrackerParams struct {
	// AggregationLevel groups patches (§8.1): −1 all, −2 per patch, k ≥ 0
	// the first k+1 id parts.
	AggregationLevel int `json:"aggregation_level" doc:"grouping of patches: −1 one group \"all_patches\", −2 one group per patch, k ≥ 0 the first k+1 colon-separated id parts"`
	// Filter keeps the patches for which it returns true (nil keeps all).
	// Go API only.
	Filter func(id string) bool `json:"-"`
}

// DefaultStateTrackerParams returns one global group.
func DefaultStateTrackerParams() StateTrackerParams {
	return StateTrackerParams{AggregationLevel: AllPatches}
}

// Validate checks the aggregation level.
func (p StateTrackerParams) Validate() error {
	if err := scenario.CheckAggregationLevel(p.AggregationLevel); err != nil {
		return fmt.Errorf("%s: %w", StateTrackerName, err)
	}
	return nil
}

var stateTrackerKeys = params.KeyRules{Component: StateTrackerName}

// DecodeStateTrackerParams decodes a JSON object strictly over the defaults.
func DecodeStateTrackerParams(data []byte) (StateTrackerParams, error) {
	return params.DecodeComponent(data, DefaultStateTrackerParams(), stateTrackerKeys)
}

// StateTracker records, every tick, the current count of each state summed
// per group. Storage is [state][tick][group] int64 ([StateTracker.Counts]);
// internally each tick's row holds every state's group counts.
type StateTracker struct {
	p        StateTrackerParams
	groupIDs []string
	members  [][]int
	all      bool // one group over every patch: sum without an index list

	states    []string
	modelType string // the model's reference class name (summary model_type)
	columns   [][]int64
	rec       records // row t: state-major, then group
	dates     func(t int) time.Time
}

// NewStateTracker returns a factory; nil params mean the defaults.
func NewStateTracker(p *StateTrackerParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultStateTrackerParams())
		if err != nil {
			return nil, err
		}
		ids, members, err := Groups(m.Scenario().ID, q.AggregationLevel, q.Filter)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", StateTrackerName, err)
		}
		all := q.AggregationLevel == AllPatches && len(members[0]) == m.Scenario().Len()
		return &StateTracker{p: q, groupIDs: ids, members: members, all: all}, nil
	}
}

// Name returns "StateTracker".
func (c *StateTracker) Name() string { return StateTrackerName }

// Params returns the instance's params.
func (c *StateTracker) Params() StateTrackerParams { return c.p }

// Initialize resolves the state columns and sizes storage for num_ticks.
func (c *StateTracker) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	width, ticks := len(c.states)*len(c.groupIDs), m.Params().NumTicks
	if sp := c.spillFor(m, ticks); sp != nil {
		return c.rec.sizeSpilled(width, ticks, sp.Dir)
	}
	c.rec.size(width, ticks)
	return nil
}

// attach fetches the state names, their columns and the tick dates.
func (c *StateTracker) attach(m phases.Model) error {
	cols, err := stateColumns(m)
	if err != nil {
		return err
	}
	c.states, c.columns, c.dates = m.World().StateNames(), cols, m.TickDate
	c.modelType = modelTypeOf(m)
	return nil
}

// Step records the current counts at tick.
func (c *StateTracker) Step(_ phases.Model, tick int) error {
	rec, err := c.rec.record(StateTrackerName, tick)
	if err != nil {
		return err
	}
	g := len(c.groupIDs)
	var sums boundedSums
	for k, col := range c.columns {
		row := rec[k*g : (k+1)*g]
		if c.all {
			row[0] = sums.all(col)
			continue
		}
		for gi, idx := range c.members {
			row[gi] = sums.at(col, idx)
		}
	}
	if err := c.checkTotal(rec, sums); err != nil {
		return err
	}
	return c.rec.commit(StateTrackerName, tick)
}

// GroupIDs returns the group ids in first-appearance order.
func (c *StateTracker) GroupIDs() []string { return append([]string(nil), c.groupIDs...) }

// AggregationLevel returns the tracker's aggregation level.
func (c *StateTracker) AggregationLevel() int { return c.p.AggregationLevel }

// States returns the tracked state names in order.
func (c *StateTracker) States() []string { return append([]string(nil), c.states...) }

// NumTicks returns the number of ticks the tracker holds (num_ticks).
func (c *StateTracker) NumTicks() int { return c.rec.ticks }

// Recorded returns the number of ticks recorded so far.
func (c *StateTracker) Recorded() int { return c.rec.count() }

// Counts returns the counts of state as [tick][group], for all num_ticks
// ticks (ticks not yet run are 0). Unknown states are an error. A spilled
// tracker ([StateTracker.Spilled]) reads every recorded tick back from its
// spill file: one pass over the file, and the result is G × T values in
// memory.
func (c *StateTracker) Counts(state string) ([][]int64, error) {
	k, err := c.stateIndex(state)
	if err != nil {
		return nil, err
	}
	out := make([][]int64, c.rec.ticks)
	for t := range out {
		out[t] = make([]int64, len(c.groupIDs))
	}
	for t, row := range c.tickRows() {
		copy(out[t], c.stateOf(row, k))
	}
	return out, nil
}

// Series returns the counts of state summed over groups, one per tick (nil
// for an unknown state). A spilled tracker reads its spill file once.
func (c *StateTracker) Series(state string) []int64 {
	k, err := c.stateIndex(state)
	if err != nil {
		return nil
	}
	out := make([]int64, c.rec.ticks)
	for t, row := range c.tickRows() {
		for _, v := range c.stateOf(row, k) {
			out[t] += v
		}
	}
	return out
}

// stateOf returns the per-group counts of state index k in a tick's row.
func (c *StateTracker) stateOf(row []int64, k int) []int64 {
	g := len(c.groupIDs)
	return row[k*g : (k+1)*g]
}

func (c *StateTracker) stateIndex(state string) (int, error) {
	for k, s := range c.states {
		if s == state {
			return k, nil
		}
	}
	return 0, fmt.Errorf("%s: unknown state %q (states are %q)", StateTrackerName, state, c.states)
}

// Blocks yields the recorded counts ([Tracker]): tick-major, then one
// block per state in [StateTracker.States] order, ids the group ids.
func (c *StateTracker) Blocks(yield func(Block) bool) { c.BlocksBetween(0, allTicks)(yield) }

// BlocksBetween yields the blocks of the recorded ticks from ≤ tick < to,
// as Blocks does ([TickRanger]).
func (c *StateTracker) BlocksBetween(from, to int) iter.Seq[Block] {
	return c.rec.blocks(from, to, c.dates, c.groupIDs, c.states)
}

// Tidy returns the recorded counts as rows ([Tidy]): tick-major, then
// state, then group.
func (c *StateTracker) Tidy() []Row { return Tidy(c) }

// SnapshotState returns the recorded rows (each tick's counts, state-major
// then group) with the states and group ids (SPEC §9).
func (c *StateTracker) SnapshotState() (json.RawMessage, error) {
	if c.rec.spilled() {
		return c.spilledSnapshot()
	}
	return encodeState(StateTrackerName, trackerState{GroupIDs: c.groupIDs, States: c.states, Rows: c.rec.rows()})
}

// RestoreState fetches the columns as Initialize does, sizes storage for
// m's num_ticks and copies the saved rows. States or groups that differ
// from the model's are an error.
func (c *StateTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	ticks := m.Params().NumTicks
	if sp := c.spillFor(m, ticks); sp != nil {
		if done, err := c.restoreSpilled(m, state, sp); done {
			return err
		}
	}
	s, err := decodeState(StateTrackerName, state)
	if err != nil {
		return err
	}
	if err := c.attach(m); err != nil {
		return err
	}
	if err := checkList(StateTrackerName, "states", s.States, c.states); err != nil {
		return err
	}
	if err := checkList(StateTrackerName, "group_ids", s.GroupIDs, c.groupIDs); err != nil {
		return err
	}
	return c.rec.restoreTo(StateTrackerName, len(c.states)*len(c.groupIDs), ticks, s.Rows, c.spillFor(m, ticks))
}

// modelTypeOf returns the reference's class name of m's model type, from
// its ModelType method when it has one (model.Model has: "BiweeklyModel" or
// "CompartmentalModel"), else "BiweeklyModel".
func modelTypeOf(m phases.Model) string {
	if t, ok := m.(interface{ ModelType() string }); ok {
		return t.ModelType()
	}
	return "BiweeklyModel"
}
