package metrics

import (
	"encoding/json"
	"fmt"
	"iter"
	"time"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// CaseSurveillanceTrackerName is the component name of
// [CaseSurveillanceTracker].
const CaseSurveillanceTrackerName = "CaseSurveillanceTracker"

// CaseSurveillanceTracker records reported cases per group: for each
// considered patch (in patch order, from the tracker's own per-block streams)
// a report is drawn from the count C, which is the patch's I (count = "I") or
// the tick's incidence (count = "incidence", from the model's
// [IncidenceSource]) — or, with aggregate_days longer than the tick, C summed
// over the window. Binomial reporting draws Binomial(C, r) with the patch's
// detection rate r < 1 (detection_rate and psi are one number or a scenario
// column) and takes C itself with r = 1; negative_binomial reporting
// draws with mean r·C and variance r·C·(1 − r) + ψ²(r·C)² ([reportDraw]).
//
// Storage is [group][row] int64 ([CaseSurveillanceTracker.Counts]) with one
// row per tick, or with aggregate_days = d (a multiple of the tick) one row
// per complete window of d days: window w covers ticks [w·d/step,
// (w+1)·d/step), is drawn at its last tick and labelled with that tick and
// its date in [CaseSurveillanceTracker.Blocks] and Tidy rows (as a per-tick
// row of that tick would be; a weekly report of the daily models,
// compartmental and agent-based, is dated on the week's last day). A
// partial window at the end of the run is not reported; its partial sums are
// part of the snapshot state. With the biweekly model (tracker after
// Infection) I is the tick's incidence, so count = "I" is reported
// incidence.
type CaseSurveillanceTracker struct {
	p        CaseSurveillanceTrackerParams
	rates    reportRates // detection rate and ψ per patch
	ids      []string    // scenario ids (for messages)
	groupIDs []string
	groupOf  []int // per patch: group index, −1 when not considered

	inf    []int64         // the I column
	source IncidenceSource // count = "incidence": the model's incidence phase
	stride int             // ticks per row (window)
	sums   []int64         // stride > 1: per patch, C summed over the current window
	counts []int64         // what Block draws from this row: inf, the incidence or sums
	blocks phases.Blocks
	draws  []int64 // per patch: this row's reported cases
	bad    []int   // per block: first patch whose count cannot be drawn from, −1 none
	rec    records // row w: one value per group
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
		// aggregate_days against the model's step here too (Initialize
		// checks it again), so that building the components — what
		// `rubeola validate` does — already refuses a window that is no
		// multiple of the tick.
		stride, err := q.ticksPerWindow(m.TimeStepDays())
		if err != nil {
			return nil, err
		}
		if err := checkCountSource(m, q, stride); err != nil {
			return nil, err
		}
		rates, err := resolveRates(q, m.Scenario())
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
		return &CaseSurveillanceTracker{p: q, rates: rates, ids: m.Scenario().ID, groupIDs: ids, groupOf: groupOf}, nil
	}
}

// Name returns "CaseSurveillanceTracker".
func (c *CaseSurveillanceTracker) Name() string { return CaseSurveillanceTrackerName }

// Params returns the instance's params.
func (c *CaseSurveillanceTracker) Params() CaseSurveillanceTrackerParams { return c.p }

// Initialize fetches the counts and the streams, checks aggregate_days
// against the model's step and sizes storage for the complete windows of
// num_ticks.
func (c *CaseSurveillanceTracker) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	c.rec.size(len(c.groupIDs), m.Params().NumTicks/c.stride)
	return nil
}

// attach fetches the I column (and the incidence source), the streams and
// the tick dates, checks aggregate_days and sizes the per-tick buffers.
func (c *CaseSurveillanceTracker) attach(m phases.Model) error {
	inf, err := m.World().State("I")
	if err != nil {
		return fmt.Errorf("%s: %w", CaseSurveillanceTrackerName, err)
	}
	c.stride, err = c.p.ticksPerWindow(m.TimeStepDays())
	if err != nil {
		return err
	}
	c.source = nil
	if c.p.incidence() {
		if c.source, err = incidenceSource(m.Instances(), c); err != nil {
			return err
		}
	}
	if err := c.blocks.Init(m, c); err != nil {
		return err
	}
	c.inf, c.dates = inf, m.TickDate
	c.draws = make([]int64, len(inf))
	c.sums = nil
	if c.stride > 1 {
		c.sums = make([]int64, len(inf))
	}
	c.bad = make([]int, c.blocks.NumBlocks())
	return nil
}

// checkCountSource refuses, when the tracker is built, what its count
// cannot mean: count = "incidence" without an incidence phase before the
// tracker (the components built so far), and count = "I" summed over
// windows of several ticks in a model with E, where I is the number of
// infectious people on a day (a prevalence) and its sum over a week counts
// each case about inf_mu times.
func checkCountSource(m phases.Model, q CaseSurveillanceTrackerParams, stride int) error {
	if q.incidence() {
		_, err := incidenceSource(m.Instances(), nil)
		return err
	}
	if stride > 1 && m.World().E() != nil {
		return fmt.Errorf("%s: count = \"I\" with aggregate_days = %d: in a model with E, I is the number of infectious people each day, and its sum over a window counts every case once per day it stays infectious; report new cases with count = %q", CaseSurveillanceTrackerName, q.AggregateDays, CountIncidence)
	}
	return nil
}

// incidenceSource returns the first [IncidenceSource] among insts that
// comes before the tracker self (nil: all of insts do, as while the
// component list is being built), since the tracker reads the tick's flow
// after the phase has recorded it. The error names a source that comes
// only after the tracker.
func incidenceSource(insts []phases.Component, self phases.Component) (IncidenceSource, error) {
	after := false
	for _, inst := range insts {
		if self != nil && inst == self {
			after = true
			continue
		}
		if src, ok := inst.(IncidenceSource); ok {
			if after {
				return nil, fmt.Errorf("%s: count = %q needs a phase that records incidence (an infection phase) before the tracker in the component list; %s comes after it",
					CaseSurveillanceTrackerName, CountIncidence, inst.Name())
			}
			return src, nil
		}
	}
	return nil, fmt.Errorf("%s: count = %q needs a phase that records incidence (an infection phase) before the tracker in the component list", CaseSurveillanceTrackerName, CountIncidence)
}

// tickCounts returns this tick's per-patch counts: the incidence or I.
func (c *CaseSurveillanceTracker) tickCounts() ([]int64, error) {
	if c.source == nil {
		return c.inf, nil
	}
	v := c.source.Incidence()
	if len(v) != len(c.inf) {
		return nil, fmt.Errorf("%s: the incidence source has %d patches, the model %d", CaseSurveillanceTrackerName, len(v), len(c.inf))
	}
	return v, nil
}

// Step adds the tick's counts to the window and, at a row's last tick,
// records the reported cases of every group.
func (c *CaseSurveillanceTracker) Step(m phases.Model, tick int) error {
	counts, err := c.tickCounts()
	if err != nil {
		return err
	}
	if c.stride > 1 {
		for j, g := range c.groupOf {
			if g >= 0 {
				c.sums[j] += counts[j]
			}
		}
		if (tick+1)%c.stride != 0 {
			return nil
		}
		counts = c.sums
	}
	row, err := c.rec.record(CaseSurveillanceTrackerName, tick/c.stride)
	if err != nil {
		return err
	}
	c.counts = counts
	cases := counts
	if c.rates.draw {
		c.blocks.Run(m, c)
		for _, j := range c.bad {
			if j >= 0 {
				return c.countError(j)
			}
		}
		cases = c.draws
	}
	for j, g := range c.groupOf {
		if g >= 0 {
			row[g] += cases[j]
		}
	}
	if c.stride > 1 {
		clear(c.sums)
	}
	return nil
}

// countError describes patch j's count, which is outside the sampler's
// range.
func (c *CaseSurveillanceTracker) countError(j int) error {
	what := "I"
	if c.source != nil {
		what = "incidence"
	}
	if c.stride > 1 {
		what += " summed over the window"
	}
	if c.p.negativeBinomial() || c.p.he2010() {
		return fmt.Errorf("%s: patch %d (%q) has %s = %d, outside [0, 2^52] for a %s report",
			CaseSurveillanceTrackerName, j, c.ids[j], what, c.counts[j], c.p.Reporting)
	}
	return fmt.Errorf("%s: patch %d (%q) has %s = %d, outside [0, 2^53] for a binomial draw",
		CaseSurveillanceTrackerName, j, c.ids[j], what, c.counts[j])
}

// Block draws the reported cases of block b's considered patches from the
// block's stream ([phases.Blocker]; Step runs every block): binomial
// reports (reporting = "binomial", or "negative_binomial" with psi 0, the
// same law) batched over the considered patches in patch order
// ([rng.BinomialsSame]), overdispersed ones patch by patch.
func (c *CaseSurveillanceTracker) Block(b int) {
	lo, hi := c.blocks.Range(b)
	src := c.blocks.Stream(b)
	c.bad[b] = -1
	limit := int64(rng.MaxBinomialN)
	if c.p.negativeBinomial() || c.p.he2010() {
		limit = rng.MaxPoissonMean
	}
	var lanes [rng.BlockSize]int
	var counts, draws [rng.BlockSize]int64
	var rates [rng.BlockSize]float64
	m := 0
	for j := lo; j < hi; j++ {
		if c.groupOf[j] < 0 {
			continue
		}
		n := c.counts[j]
		if n < 0 || n > limit {
			c.draws[j] = 0
			if c.bad[b] < 0 {
				c.bad[b] = j
			}
			continue
		}
		rate, psi := c.rates.rate[j], c.rates.psi[j]
		if c.p.he2010() {
			c.draws[j] = DrawHe2010Report(src, n, rate, psi)
			continue
		}
		if c.p.negativeBinomial() && psi > 0 {
			c.draws[j] = reportDraw(src, n, rate, psi)
			continue
		}
		lanes[m], counts[m], rates[m] = j, n, rate
		m++
	}
	if c.rates.same >= 0 {
		rng.BinomialsSame(src, counts[:m], c.rates.same, draws[:m])
	} else {
		rng.Binomials(src, counts[:m], rates[:m], draws[:m])
	}
	for k, j := range lanes[:m] {
		c.draws[j] = draws[k]
	}
}

// GroupIDs returns the group ids in first-appearance order.
func (c *CaseSurveillanceTracker) GroupIDs() []string { return append([]string(nil), c.groupIDs...) }

// AggregationLevel returns the tracker's aggregation level.
func (c *CaseSurveillanceTracker) AggregationLevel() int { return c.p.AggregationLevel }

// DetectionRates returns the tracker's detection rate of every patch.
func (c *CaseSurveillanceTracker) DetectionRates() []float64 {
	return append([]float64(nil), c.rates.rate...)
}

// Psis returns the tracker's overdispersion ψ of every patch.
func (c *CaseSurveillanceTracker) Psis() []float64 { return append([]float64(nil), c.rates.psi...) }

// NumTicks returns the number of rows the tracker holds: num_ticks, or with
// aggregate_days the number of complete windows in num_ticks.
func (c *CaseSurveillanceTracker) NumTicks() int { return c.rec.ticks }

// TicksPerRow returns the ticks one row covers: 1, or aggregate_days over
// the model's step (set at Initialize).
func (c *CaseSurveillanceTracker) TicksPerRow() int { return c.stride }

// Recorded returns the number of rows recorded so far.
func (c *CaseSurveillanceTracker) Recorded() int { return c.rec.count() }

// Counts returns the reported cases as [group][row], shape (G, NumTicks())
// (rows not yet recorded are 0); row w covers ticks [w·TicksPerRow(),
// (w+1)·TicksPerRow()).
func (c *CaseSurveillanceTracker) Counts() [][]int64 { return c.rec.byColumn(len(c.groupIDs)) }

// Series returns the reported cases summed over groups, one per row
// (length NumTicks()).
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

// Blocks yields one block per recorded row: state "cases", ids the group
// ids ([Tracker]); a window's block carries its last tick (where it is
// drawn) and that tick's date, so that a block's tick is complete once it
// is yielded, as for every tracker (the CLI streams outputs during a run).
func (c *CaseSurveillanceTracker) Blocks(yield func(Block) bool) { c.BlocksBetween(0, allTicks)(yield) }

// BlocksBetween yields the blocks whose tick is from ≤ tick < to, as
// Blocks does ([TickRanger]): with aggregate_days, the windows whose last
// tick is in that range.
func (c *CaseSurveillanceTracker) BlocksBetween(from, to int) iter.Seq[Block] {
	off := c.p.dateOffset()
	if c.stride <= 1 {
		return c.rec.blocks(from, to, func(t int) time.Time { return c.dates(t + off) }, c.groupIDs, caseStates)
	}
	// Window w's last tick (w+1)·stride−1 is ≥ from from w = from/stride
	// on, and < to before w = to/stride.
	windows := c.rec.blocks(from/c.stride, to/c.stride, func(w int) time.Time { return c.dates(c.lastTick(w) + off) }, c.groupIDs, caseStates)
	return func(yield func(Block) bool) {
		for b := range windows {
			b.Tick = c.lastTick(b.Tick)
			if !yield(b) {
				return
			}
		}
	}
}

// lastTick returns the last tick of window w, where its report is drawn.
func (c *CaseSurveillanceTracker) lastTick(w int) int { return (w+1)*c.stride - 1 }

// Tidy returns the recorded cases as rows ([Tidy]): tick-major, then group;
// state "cases".
func (c *CaseSurveillanceTracker) Tidy() []Row { return Tidy(c) }

// SnapshotState returns the recorded rows (each row's per-group cases)
// with the group ids, and with aggregate_days the per-patch sums of the
// window under way (SPEC §9).
func (c *CaseSurveillanceTracker) SnapshotState() (json.RawMessage, error) {
	s := trackerState{GroupIDs: c.groupIDs, Rows: c.rec.rows()}
	if c.stride > 1 {
		s.Partial = append([]int64{}, c.sums...)
	}
	return encodeState(CaseSurveillanceTrackerName, s)
}

// RestoreState fetches the counts and streams as Initialize does (it draws
// nothing), sizes storage for m's num_ticks, copies the saved rows and, with
// aggregate_days, the window's partial sums. Groups that differ from the
// model's, or partial sums missing, of the wrong length or negative, are
// errors.
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
	if err := c.restorePartial(s.Partial); err != nil {
		return err
	}
	return c.rec.restore(CaseSurveillanceTrackerName, len(c.groupIDs), m.Params().NumTicks/c.stride, s.Rows)
}

// restorePartial copies a snapshot's window sums into c.sums (sized by
// attach): required, one per patch and none negative with aggregate_days,
// absent without.
func (c *CaseSurveillanceTracker) restorePartial(saved []int64) error {
	if c.stride <= 1 {
		if saved != nil {
			return fmt.Errorf("%s: snapshot state has window sums (\"partial\") but aggregate_days is one tick", CaseSurveillanceTrackerName)
		}
		return nil
	}
	if len(saved) != len(c.sums) {
		return fmt.Errorf("%s: snapshot state has %d window sums (\"partial\"), want one per patch (%d)", CaseSurveillanceTrackerName, len(saved), len(c.sums))
	}
	for j, v := range saved {
		if v < 0 {
			return fmt.Errorf("%s: snapshot window sum of patch %d is %d: counts must be >= 0", CaseSurveillanceTrackerName, j, v)
		}
	}
	copy(c.sums, saved)
	return nil
}
