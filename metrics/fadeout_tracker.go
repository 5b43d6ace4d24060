package metrics

import (
	"encoding/json"
	"fmt"
	"iter"
	"time"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// FadeOutTrackerName is the component name of [FadeOutTracker].
const FadeOutTrackerName = "FadeOutTracker"

// FadeOutTrackerParams configures a [FadeOutTracker] (SPEC §8.3; the
// reference takes no params).
type FadeOutTrackerParams struct {
	// Filter keeps the patches for which it returns true (nil keeps all).
	// Go API only.
	Filter func(id string) bool `json:"-"`
}

// DefaultFadeOutTrackerParams returns params that consider every patch.
func DefaultFadeOutTrackerParams() FadeOutTrackerParams { return FadeOutTrackerParams{} }

// Validate accepts any params (a filter that keeps no patch is an error when
// the tracker is built).
func (FadeOutTrackerParams) Validate() error { return nil }

var fadeOutTrackerKeys = params.KeyRules{Component: FadeOutTrackerName}

// DecodeFadeOutTrackerParams decodes a JSON object strictly: the filter is
// Go only, so only {} is accepted.
func DecodeFadeOutTrackerParams(data []byte) (FadeOutTrackerParams, error) {
	return params.DecodeComponent(data, DefaultFadeOutTrackerParams(), fadeOutTrackerKeys)
}

// FadeOutTracker counts, every tick, the considered patches with no
// infectious individual (I == 0; never-infected patches count).
type FadeOutTracker struct {
	p       FadeOutTrackerParams
	patches []int // considered patch indices; nil = every patch
	n       int   // number of considered patches
	inf     []int64
	rec     records // row t: one value
	dates   func(t int) time.Time
}

// NewFadeOutTracker returns a factory; nil params mean the defaults. A
// filter that keeps no patch is an error.
func NewFadeOutTracker(p *FadeOutTrackerParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultFadeOutTrackerParams())
		if err != nil {
			return nil, err
		}
		_, members, err := Groups(m.Scenario().ID, AllPatches, q.Filter)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", FadeOutTrackerName, err)
		}
		c := &FadeOutTracker{p: q, n: len(members[0])}
		if q.Filter != nil {
			c.patches = members[0]
		}
		return c, nil
	}
}

// Name returns "FadeOutTracker".
func (c *FadeOutTracker) Name() string { return FadeOutTrackerName }

// Params returns the instance's params.
func (c *FadeOutTracker) Params() FadeOutTrackerParams { return c.p }

// Initialize fetches the I column and sizes storage for num_ticks.
func (c *FadeOutTracker) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	c.rec.size(1, m.Params().NumTicks)
	return nil
}

// attach fetches the I column and the tick dates.
func (c *FadeOutTracker) attach(m phases.Model) error {
	inf, err := m.World().State("I")
	if err != nil {
		return fmt.Errorf("%s: %w", FadeOutTrackerName, err)
	}
	c.inf, c.dates = inf, m.TickDate
	return nil
}

// Step counts the considered patches with I == 0 at tick.
func (c *FadeOutTracker) Step(_ phases.Model, tick int) error {
	row, err := c.rec.record(FadeOutTrackerName, tick)
	if err != nil {
		return err
	}
	var n int64
	if c.patches == nil {
		for _, v := range c.inf {
			if v == 0 {
				n++
			}
		}
	} else {
		for _, j := range c.patches {
			if c.inf[j] == 0 {
				n++
			}
		}
	}
	row[0] = n
	return nil
}

// NumPatches returns the number of considered patches.
func (c *FadeOutTracker) NumPatches() int { return c.n }

// NumTicks returns the number of ticks the tracker holds (num_ticks).
func (c *FadeOutTracker) NumTicks() int { return c.rec.ticks }

// Recorded returns the number of ticks recorded so far.
func (c *FadeOutTracker) Recorded() int { return c.rec.count() }

// Counts returns the number of faded-out patches per tick, length num_ticks
// (ticks not yet run are 0).
func (c *FadeOutTracker) Counts() []int64 { return append([]int64(nil), c.rec.data...) }

// The FadeOutTracker's one exported state and its one id.
var (
	fadeOutStates = []string{"fadeouts"}
	fadeOutIDs    = []string{AllPatchesID}
)

// Blocks yields one block per recorded tick: patch_id "all_patches", state
// "fadeouts" ([Tracker]).
func (c *FadeOutTracker) Blocks(yield func(Block) bool) { c.BlocksBetween(0, allTicks)(yield) }

// BlocksBetween yields the blocks of the recorded ticks from ≤ tick < to,
// as Blocks does ([TickRanger]).
func (c *FadeOutTracker) BlocksBetween(from, to int) iter.Seq[Block] {
	return c.rec.blocks(from, to, c.dates, fadeOutIDs, fadeOutStates)
}

// Tidy returns one row per recorded tick ([Tidy]): patch_id "all_patches",
// state "fadeouts".
func (c *FadeOutTracker) Tidy() []Row { return Tidy(c) }

// SnapshotState returns the recorded counts (one row of one value per tick)
// and the number of considered patches (SPEC §9).
func (c *FadeOutTracker) SnapshotState() (json.RawMessage, error) {
	return encodeState(FadeOutTrackerName, trackerState{Patches: &c.n, Rows: c.rec.rows()})
}

// RestoreState fetches the I column as Initialize does, sizes storage for
// m's num_ticks and copies the saved counts. A different number of
// considered patches is an error.
func (c *FadeOutTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	s, err := decodeState(FadeOutTrackerName, state)
	if err != nil {
		return err
	}
	if err := checkPatches(FadeOutTrackerName, s.Patches, c.n); err != nil {
		return err
	}
	if err := c.attach(m); err != nil {
		return err
	}
	return c.rec.restore(FadeOutTrackerName, 1, m.Params().NumTicks, s.Rows)
}
