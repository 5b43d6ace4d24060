package metrics

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
)

// CaseSurveillanceTrackerName is the component name of
// [CaseSurveillanceTracker].
const CaseSurveillanceTrackerName = "CaseSurveillanceTracker"

// CaseSurveillanceTrackerParams configures a [CaseSurveillanceTracker]
// (SPEC §8.4).
type CaseSurveillanceTrackerParams struct {
	// DetectionRate is the probability that an infectious individual is
	// reported, in [0, 1].
	DetectionRate float64 `json:"detection_rate" alias:"detection_probability,reporting_prob,reporting_probability,notification_rate,notification_probability" doc:"probability that an infectious person is reported, in [0, 1]"`
	// AggregationLevel groups patches (§8.1): −1 all, −2 per patch, k ≥ 0
	// the first k+1 id parts.
	AggregationLevel int `json:"aggregation_level" doc:"grouping of patches: −1 one group \"all_patches\", −2 one group per patch, k ≥ 0 the first k+1 colon-separated id parts"`
	// Filter keeps the patches for which it returns true (nil keeps all).
	// Go API only.
	Filter func(id string) bool `json:"-"`
}

// DefaultCaseSurveillanceTrackerParams returns detection rate 0.1, one
// group per patch (the reference's default grouping).
func DefaultCaseSurveillanceTrackerParams() CaseSurveillanceTrackerParams {
	return CaseSurveillanceTrackerParams{DetectionRate: 0.1, AggregationLevel: PerPatch}
}

// Validate checks the detection rate and the aggregation level.
func (p CaseSurveillanceTrackerParams) Validate() error {
	var errs []error
	if !(p.DetectionRate >= 0 && p.DetectionRate <= 1) {
		errs = append(errs, fmt.Errorf("%s: detection_rate must be in [0, 1], got %v", CaseSurveillanceTrackerName, p.DetectionRate))
	}
	if err := scenario.CheckAggregationLevel(p.AggregationLevel); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", CaseSurveillanceTrackerName, err))
	}
	return errors.Join(errs...)
}

var caseSurveillanceKeys = params.KeyRules{Component: CaseSurveillanceTrackerName}

// DecodeCaseSurveillanceTrackerParams decodes a JSON object strictly over
// the defaults.
func DecodeCaseSurveillanceTrackerParams(data []byte) (CaseSurveillanceTrackerParams, error) {
	return params.DecodeComponent(data, DefaultCaseSurveillanceTrackerParams(), caseSurveillanceKeys)
}

// CaseSurveillanceTracker records reported cases per group every tick: with
// detection rate r < 1, c_j ~ Binomial(I_j, r) for each considered patch (in
// patch order, from the tracker's own per-block streams); with r = 1, c_j =
// I_j without draws. Storage is [group][tick] int64
// ([CaseSurveillanceTracker.Counts]). With the biweekly model (tracker after
// Infection) I is the tick's incidence, so this is reported incidence.
type CaseSurveillanceTracker struct {
	p        CaseSurveillanceTrackerParams
	ids      []string // scenario ids (for messages)
	groupIDs []string
	groupOf  []int // per patch: group index, −1 when not considered

	inf    []int64
	blocks phases.Blocks
	draws  []int64 // per patch: this tick's reported cases
	bad    []int   // per block: first patch whose I cannot be drawn from, −1 none
	rec    records // row t: one value per group
	dates  func(t int) time.Time
}

// NewCaseSurveillanceTracker returns a factory; nil params mean the
// defaults. A filter that keeps no patch is an error.
func NewCaseSurveillanceTracker(p *CaseSurveillanceTrackerParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultCaseSurveillanceTrackerParams())
		if err != nil {
			return nil, err
		}
		ids, members, err := Groups(m.Scenario().ID, q.AggregationLevel, q.Filter)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", CaseSurveillanceTrackerName, err)
		}
		groupOf := make([]int, m.Scenario().Len())
		for j := range groupOf {
			groupOf[j] = -1
		}
		for g, idx := range members {
			for _, j := range idx {
				groupOf[j] = g
			}
		}
		return &CaseSurveillanceTracker{p: q, ids: m.Scenario().ID, groupIDs: ids, groupOf: groupOf}, nil
	}
}

// Name returns "CaseSurveillanceTracker".
func (c *CaseSurveillanceTracker) Name() string { return CaseSurveillanceTrackerName }

// Params returns the instance's params.
func (c *CaseSurveillanceTracker) Params() CaseSurveillanceTrackerParams { return c.p }

// Initialize fetches the I column and the streams and sizes storage for
// num_ticks.
func (c *CaseSurveillanceTracker) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	c.rec.size(len(c.groupIDs), m.Params().NumTicks)
	return nil
}

// attach fetches the I column, the streams and the tick dates and sizes the
// per-tick buffers.
func (c *CaseSurveillanceTracker) attach(m phases.Model) error {
	inf, err := m.World().State("I")
	if err != nil {
		return fmt.Errorf("%s: %w", CaseSurveillanceTrackerName, err)
	}
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	c.inf, c.dates = inf, m.TickDate
	c.draws = make([]int64, len(inf))
	c.bad = make([]int, c.blocks.NumBlocks())
	return nil
}

// Step records the reported cases of every group at tick.
func (c *CaseSurveillanceTracker) Step(m phases.Model, tick int) error {
	row, err := c.rec.record(CaseSurveillanceTrackerName, tick)
	if err != nil {
		return err
	}
	cases := c.inf
	if c.p.DetectionRate < 1 {
		c.blocks.Run(m, c)
		for _, j := range c.bad {
			if j >= 0 {
				return fmt.Errorf("%s: patch %d (%q) has I = %d, outside [0, 2^53] for a binomial draw",
					CaseSurveillanceTrackerName, j, c.ids[j], c.inf[j])
			}
		}
		cases = c.draws
	}
	for j, g := range c.groupOf {
		if g >= 0 {
			row[g] += cases[j]
		}
	}
	return nil
}

// Block draws the reported cases of block b's considered patches, in patch
// order from the block's stream ([phases.Blocker]; Step runs every block).
func (c *CaseSurveillanceTracker) Block(b int) {
	lo, hi := c.blocks.Range(b)
	src := c.blocks.Stream(b)
	c.bad[b] = -1
	for j := lo; j < hi; j++ {
		if c.groupOf[j] < 0 {
			continue
		}
		n := c.inf[j]
		if n < 0 || n > rng.MaxBinomialN {
			c.draws[j] = 0
			if c.bad[b] < 0 {
				c.bad[b] = j
			}
			continue
		}
		c.draws[j] = rng.Binomial(src, n, c.p.DetectionRate)
	}
}

// GroupIDs returns the group ids in first-appearance order.
func (c *CaseSurveillanceTracker) GroupIDs() []string { return append([]string(nil), c.groupIDs...) }

// AggregationLevel returns the tracker's aggregation level.
func (c *CaseSurveillanceTracker) AggregationLevel() int { return c.p.AggregationLevel }

// DetectionRate returns the tracker's detection rate.
func (c *CaseSurveillanceTracker) DetectionRate() float64 { return c.p.DetectionRate }

// NumTicks returns the number of ticks the tracker holds (num_ticks).
func (c *CaseSurveillanceTracker) NumTicks() int { return c.rec.ticks }

// Recorded returns the number of ticks recorded so far.
func (c *CaseSurveillanceTracker) Recorded() int { return c.rec.count() }

// Counts returns the reported cases as [group][tick], shape (G, num_ticks)
// (ticks not yet run are 0).
func (c *CaseSurveillanceTracker) Counts() [][]int64 { return c.rec.byColumn(len(c.groupIDs)) }

// Series returns the reported cases summed over groups, one per tick
// (length num_ticks).
func (c *CaseSurveillanceTracker) Series() []int64 {
	out := make([]int64, c.rec.ticks)
	for t := range out {
		for _, v := range c.rec.row(t) {
			out[t] += v
		}
	}
	return out
}

// caseStates is the CaseSurveillanceTracker's one exported state.
var caseStates = []string{"cases"}

// Blocks yields one block per recorded tick: state "cases", ids the group
// ids ([Tracker]).
func (c *CaseSurveillanceTracker) Blocks(yield func(Block) bool) {
	c.rec.blocks(yield, c.dates, c.groupIDs, caseStates)
}

// Tidy returns the recorded cases as rows ([Tidy]): tick-major, then group;
// state "cases".
func (c *CaseSurveillanceTracker) Tidy() []Row { return Tidy(c) }

// SnapshotState returns the recorded rows (each tick's per-group cases)
// with the group ids (SPEC §9).
func (c *CaseSurveillanceTracker) SnapshotState() (json.RawMessage, error) {
	return encodeState(CaseSurveillanceTrackerName, trackerState{GroupIDs: c.groupIDs, Rows: c.rec.rows()})
}

// RestoreState fetches the I column and streams as Initialize does (it
// draws nothing), sizes storage for m's num_ticks and copies the saved
// rows. Groups that differ from the model's are an error.
func (c *CaseSurveillanceTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	s, err := decodeState(CaseSurveillanceTrackerName, state)
	if err != nil {
		return err
	}
	if err := checkList(CaseSurveillanceTrackerName, "group_ids", s.GroupIDs, c.groupIDs); err != nil {
		return err
	}
	if err := c.attach(m); err != nil {
		return err
	}
	return c.rec.restore(CaseSurveillanceTrackerName, len(c.groupIDs), m.Params().NumTicks, s.Rows)
}
