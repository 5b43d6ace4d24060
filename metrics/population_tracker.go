package metrics

import (
	"encoding/json"
	"iter"
	"time"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// PopulationTrackerName is the component name of [PopulationTracker].
const PopulationTrackerName = "PopulationTracker"

// PopulationTrackerParams configures a [PopulationTracker]. The tracker has
// no parameters (SPEC §8.3); the empty struct lets run files and snapshots
// decode it like every other component, and any key is unknown.
type PopulationTrackerParams struct{}

// DefaultPopulationTrackerParams returns the (empty) params.
func DefaultPopulationTrackerParams() PopulationTrackerParams { return PopulationTrackerParams{} }

// Validate accepts the empty params.
func (PopulationTrackerParams) Validate() error { return nil }

var populationTrackerKeys = params.KeyRules{Component: PopulationTrackerName}

// DecodePopulationTrackerParams decodes a JSON object strictly: only {} is
// accepted.
func DecodePopulationTrackerParams(data []byte) (PopulationTrackerParams, error) {
	return params.DecodeComponent(data, DefaultPopulationTrackerParams(), populationTrackerKeys)
}

// PopulationTracker records, every tick, each patch's population (the sum
// of its states, S+I+R). Storage is [patch][tick] int64 ([PopulationTracker.Counts]).
type PopulationTracker struct {
	p       PopulationTrackerParams
	ids     []string
	columns [][]int64
	rec     records // row t: one value per patch
	dates   func(t int) time.Time
}

// NewPopulationTracker returns a factory; nil params mean the defaults.
func NewPopulationTracker(p *PopulationTrackerParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultPopulationTrackerParams())
		if err != nil {
			return nil, err
		}
		return &PopulationTracker{p: q, ids: m.Scenario().ID}, nil
	}
}

// Name returns "PopulationTracker".
func (c *PopulationTracker) Name() string { return PopulationTrackerName }

// Params returns the instance's params.
func (c *PopulationTracker) Params() PopulationTrackerParams { return c.p }

// Initialize fetches the state columns and sizes storage for num_ticks.
func (c *PopulationTracker) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	c.rec.size(len(c.ids), m.Params().NumTicks)
	return nil
}

// attach fetches the state columns and the tick dates.
func (c *PopulationTracker) attach(m phases.Model) error {
	cols, err := stateColumns(m)
	if err != nil {
		return err
	}
	c.columns, c.dates = cols, m.TickDate
	return nil
}

// Step records every patch's population at tick.
func (c *PopulationTracker) Step(_ phases.Model, tick int) error {
	row, err := c.rec.record(PopulationTrackerName, tick)
	if err != nil {
		return err
	}
	for _, col := range c.columns {
		for j, v := range col {
			row[j] += v
		}
	}
	return nil
}

// PatchIDs returns the scenario ids, one per row of [PopulationTracker.Counts].
func (c *PopulationTracker) PatchIDs() []string { return append([]string(nil), c.ids...) }

// NumTicks returns the number of ticks the tracker holds (num_ticks).
func (c *PopulationTracker) NumTicks() int { return c.rec.ticks }

// Recorded returns the number of ticks recorded so far.
func (c *PopulationTracker) Recorded() int { return c.rec.count() }

// Counts returns the populations as [patch][tick], shape (N, num_ticks)
// (ticks not yet run are 0).
func (c *PopulationTracker) Counts() [][]int64 { return c.rec.byColumn(len(c.ids)) }

// populationStates is the PopulationTracker's one exported state.
var populationStates = []string{"N"}

// Blocks yields one block per recorded tick: state "N", ids the scenario
// ids ([Tracker]).
func (c *PopulationTracker) Blocks(yield func(Block) bool) { c.BlocksBetween(0, allTicks)(yield) }

// BlocksBetween yields the blocks of the recorded ticks from ≤ tick < to,
// as Blocks does ([TickRanger]).
func (c *PopulationTracker) BlocksBetween(from, to int) iter.Seq[Block] {
	return c.rec.blocks(from, to, c.dates, c.ids, populationStates)
}

// Tidy returns the recorded populations as rows ([Tidy]): tick-major, then
// patch; state "N", patch_id the scenario id.
func (c *PopulationTracker) Tidy() []Row { return Tidy(c) }

// SnapshotState returns the recorded rows (each tick's per-patch
// populations) and the patch count (SPEC §9).
func (c *PopulationTracker) SnapshotState() (json.RawMessage, error) {
	n := len(c.ids)
	return encodeState(PopulationTrackerName, trackerState{Patches: &n, Rows: c.rec.rows()})
}

// RestoreState fetches the columns as Initialize does, sizes storage for
// m's num_ticks and copies the saved rows. A different patch count is an
// error.
func (c *PopulationTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	s, err := decodeState(PopulationTrackerName, state)
	if err != nil {
		return err
	}
	if err := checkPatches(PopulationTrackerName, s.Patches, len(c.ids)); err != nil {
		return err
	}
	if err := c.attach(m); err != nil {
		return err
	}
	return c.rec.restore(PopulationTrackerName, len(c.ids), m.Params().NumTicks, s.Rows)
}
