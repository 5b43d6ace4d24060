package metrics

import (
	"encoding/json"
	"iter"
	"strconv"

	"github.com/rubeola/rubeola/phases"
)

// spillRowsInMemory is how many tick rows a spilled StateTracker holds in
// memory at once while the run goes: the row being recorded, the row the
// tidy table's writer reads back, and the row a snapshot or the summary
// reads.
const spillRowsInMemory = 3

// spillFor returns m's spill policy when the tracker's storage for ticks
// ticks reaches its threshold, else nil (rows stay in memory).
func (c *StateTracker) spillFor(m phases.Model, ticks int) *SpillPolicy {
	p := spillPolicyOf(m)
	if !c.spills(p, len(m.World().StateNames()), ticks) {
		return nil
	}
	return &p
}

// spills reports whether the tracker's rows of states states for ticks
// ticks spill under p: only a per-patch tracker's do (the one whose rows
// grow with the patches; a tracker of groups keeps its rows in memory
// whatever its size, as before).
func (c *StateTracker) spills(p SpillPolicy, states, ticks int) bool {
	return c.p.AggregationLevel == PerPatch && p.applies(states*len(c.groupIDs), ticks, int64Bytes)
}

// Spilled reports whether the tracker keeps its rows in a spill file on
// disk instead of memory ([SpillPolicy]): its exports, [StateTracker.Counts],
// [StateTracker.Series], [Summarize] and snapshots then read the rows back
// from the file, one tick at a time.
func (c *StateTracker) Spilled() bool { return c.rec.spilled() }

// tickRows yields every recorded tick and its row (every state's group
// counts, state-major). The row is a view into memory, or for a spilled
// tracker one buffer that the next tick's row overwrites: a consumer that
// keeps a row copies it.
func (c *StateTracker) tickRows() iter.Seq2[int, []int64] {
	return func(yield func(int, []int64) bool) {
		var buf []int64
		for t := range c.rec.count() {
			row := c.rec.read(t, buf)
			buf = row[:len(row):len(row)]
			if !yield(t, row) {
				return
			}
		}
	}
}

// spilledTrackerState is a spilled StateTracker's snapshot content: the
// fields of [trackerState] a StateTracker writes, in its order, with the
// rows encoded from the spill file one tick at a time. The JSON is byte
// for byte the in-memory tracker's (tested), so a snapshot does not say
// whether its run spilled, and resumes either way on any machine.
type spilledTrackerState struct {
	GroupIDs []string    `json:"group_ids,omitempty"`
	States   []string    `json:"states,omitempty"`
	Rows     spilledRows `json:"rows"`
}

// spilledRows encodes a spilled tracker's rows as [countRows] does.
type spilledRows struct{ c *StateTracker }

// MarshalJSON implements [json.Marshaler].
func (r spilledRows) MarshalJSON() ([]byte, error) {
	c := r.c
	width := len(c.states) * len(c.groupIDs)
	out := make([]byte, 0, 2+c.rec.count()*(2+4*width))
	out = append(out, '[')
	for t, row := range c.tickRows() {
		if t > 0 {
			out = append(out, ',')
		}
		if len(row) == 0 {
			row = nil // the in-memory rows() holds an empty row as nil
		}
		out = appendCountRow(out, row)
	}
	return append(out, ']'), nil
}

// appendCountRow appends row as a JSON array of base-10 integers (null
// for a nil row, as encoding/json writes a nil slice).
func appendCountRow(out []byte, row []int64) []byte {
	if row == nil {
		return append(out, "null"...)
	}
	out = append(out, '[')
	for k, v := range row {
		if k > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendInt(out, v, 10)
	}
	return append(out, ']')
}

// spilledSnapshot is SnapshotState for a spilled tracker.
func (c *StateTracker) spilledSnapshot() (json.RawMessage, error) {
	data, err := json.Marshal(spilledTrackerState{GroupIDs: c.groupIDs, States: c.states, Rows: spilledRows{c}})
	if err != nil {
		return nil, err
	}
	return data, nil
}
