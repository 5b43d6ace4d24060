package metrics

import "github.com/rubeola/rubeola/phases"

// Every tracker stores one int64 per value per tick for the whole run
// (records, sized at Initialize), which is what the model's memory check
// adds up before a run starts.
var (
	_ phases.StorageSizer = (*StateTracker)(nil)
	_ phases.StorageSizer = (*PopulationTracker)(nil)
	_ phases.StorageSizer = (*FadeOutTracker)(nil)
	_ phases.StorageSizer = (*CaseSurveillanceTracker)(nil)
)

// int64Bytes is the size of one stored value.
const int64Bytes = 8

// groupDim counts a tracker's groups: patches when there is one group per
// patch (aggregation level PerPatch), groups otherwise.
func groupDim(level, groups int) phases.Dim {
	if level == PerPatch {
		return phases.Dim{N: groups, Unit: "patches"}
	}
	return phases.Dim{N: groups, Unit: "groups"}
}

// TickStorage describes the counts array: states × groups × ticks int64,
// or for a per-patch tracker that spills its rows to disk ([SpillPolicy]) the
// rows it holds in memory at once (spillRowsInMemory).
func (c *StateTracker) TickStorage(m phases.Model, ticks int) phases.Storage {
	states := len(m.World().StateNames())
	last := phases.Dim{N: ticks, Unit: "ticks"}
	if c.spills(spillPolicyOf(m), states, ticks) {
		last = phases.Dim{N: spillRowsInMemory, Unit: "rows in memory (the ticks spill to disk)"}
	}
	return phases.Storage{ElemBytes: int64Bytes, Dims: []phases.Dim{
		{N: states, Unit: "states"}, groupDim(c.p.AggregationLevel, len(c.groupIDs)), last}}
}

// SpillsRows reports whether the tracker will keep its rows for ticks
// ticks in a spill file rather than memory ([SpillPolicy]).
func (c *StateTracker) SpillsRows(m phases.Model, ticks int) bool {
	return c.spills(spillPolicyOf(m), len(m.World().StateNames()), ticks)
}

// SnapshotValues is the number of values a snapshot of the tracker holds
// after ticks ticks: every recorded count, spilled or not (the model's
// estimate of a snapshot's encoding).
func (c *StateTracker) SnapshotValues(m phases.Model, ticks int) float64 {
	return float64(len(m.World().StateNames())) * float64(len(c.groupIDs)) * float64(ticks)
}

// TickStorage describes the population array: patches × ticks int64.
func (c *PopulationTracker) TickStorage(_ phases.Model, ticks int) phases.Storage {
	return phases.Storage{ElemBytes: int64Bytes, Dims: []phases.Dim{{N: len(c.ids), Unit: "patches"}, {N: ticks, Unit: "ticks"}}}
}

// TickStorage describes the fade-out counts: one int64 per tick.
func (c *FadeOutTracker) TickStorage(_ phases.Model, ticks int) phases.Storage {
	return phases.Storage{ElemBytes: int64Bytes, Dims: []phases.Dim{{N: ticks, Unit: "ticks"}}}
}

// TickStorage describes the case counts: groups × ticks int64, or groups ×
// complete windows with aggregate_days (an invalid aggregate_days, an
// Initialize error, counts every tick).
func (c *CaseSurveillanceTracker) TickStorage(m phases.Model, ticks int) phases.Storage {
	if stride, err := c.p.ticksPerWindow(m.TimeStepDays()); err == nil && stride > 1 {
		return phases.Storage{ElemBytes: int64Bytes, Dims: []phases.Dim{groupDim(c.p.AggregationLevel, len(c.groupIDs)), {N: ticks / stride, Unit: "windows"}}}
	}
	return phases.Storage{ElemBytes: int64Bytes, Dims: []phases.Dim{groupDim(c.p.AggregationLevel, len(c.groupIDs)), {N: ticks, Unit: "ticks"}}}
}
