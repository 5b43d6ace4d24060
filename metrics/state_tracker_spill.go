package metrics

import (
	"encoding/json"
	"fmt"
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

// savedStateText is [trackerState] with the rows left as JSON text: the
// same fields, so that it accepts what RestoreState accepts.
type savedStateText struct {
	GroupIDs []string        `json:"group_ids,omitempty"`
	States   []string        `json:"states,omitempty"`
	Patches  *int            `json:"patches,omitempty"`
	Rows     json.RawMessage `json:"rows"`
	Partial  []int64         `json:"partial,omitempty"`
}

// restoreSpilled is RestoreState for a tracker that spills under sp: the
// saved rows go from the snapshot's text to the spill file one tick at a
// time, never all decoded at once (resuming tick 13 of a 10⁶-patch run
// held 39·10⁶ decoded values, 312 MB, before the rows reached the file).
// done is false when the state is not in the form this reads (it does not
// decode, the rows are missing or are not arrays of base-10 integers):
// the caller then decodes it whole, for the same result or error.
func (c *StateTracker) restoreSpilled(m phases.Model, state json.RawMessage, sp *SpillPolicy) (done bool, err error) {
	var s savedStateText
	if decodeStrict(state, &s) != nil || s.Rows == nil || string(s.Rows) == "null" {
		return false, nil
	}
	if err := c.attach(m); err != nil {
		return true, err
	}
	if err := checkList(StateTrackerName, "states", s.States, c.states); err != nil {
		return true, err
	}
	if err := checkList(StateTrackerName, "group_ids", s.GroupIDs, c.groupIDs); err != nil {
		return true, err
	}
	return restoreText(&c.rec, StateTrackerName, len(c.states)*len(c.groupIDs), m.Params().NumTicks, s.Rows, sp.Dir)
}

// restoreText fills a new spill file in dir, r's, with the saved rows of text,
// a JSON array of rows, checked as [store.restore] checks them and with
// its errors (a count past ticks first, then the first bad row); done is
// false when text is not an array of null or arrays of base-10 int64s.
func restoreText(r *records, name string, width, ticks int, text []byte, dir string) (done bool, err error) {
	sc := rowScanner{data: text}
	if !sc.byte('[') {
		return false, nil
	}
	if err := r.sizeSpilled(width, ticks, dir); err != nil {
		return true, err
	}
	n, buf := 0, make([]int64, 0, width)
	var rowErr error
	for !sc.byte(']') {
		if n > 0 && !sc.byte(',') {
			return false, nil
		}
		row, ok := sc.appendRow(buf)
		if !ok {
			return false, nil
		}
		if row != nil {
			buf = row[:0]
		}
		if n < ticks && rowErr == nil {
			if rowErr = r.checkSaved(name, n, width, row); rowErr == nil {
				copy(r.data, row)
				if err := r.commit(name, n); err != nil {
					return true, err
				}
			}
		}
		n++
	}
	if !sc.end() {
		return false, nil
	}
	if n > ticks {
		return true, fmt.Errorf("%s: snapshot holds %d recorded ticks, more than num_ticks %d", name, n, ticks)
	}
	return true, rowErr
}
