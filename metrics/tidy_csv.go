package metrics

import (
	"fmt"
	"io"
	"strconv"
	"time"
)

// csvBufferSize is how many bytes the CSV writer gathers before handing
// them to the underlying writer in one Write: large enough that a file
// sees few system calls (a 17 MB table takes 33), small enough to stay in
// the L2 cache. Larger writes would not be cheaper: writing 34 MB to a
// file costs the kernel the same ≈ 6 ms in chunks of 256 KiB to 8 MiB,
// the time of copying the bytes into the page cache.
const csvBufferSize = 512 << 10

// csvLabelsHeader is the tidy header's label columns, before the value
// column ("count", or "value" for a [FloatTracker]).
const csvLabelsHeader = "tick,date,patch_id,state,"

// WriteTidyCSV streams the trackers' tidy rows as CSV into w (SPEC §8.5).
// One tracker: header tick,date,patch_id,state,count; several: a leading
// tracker column. Dates are YYYY-MM-DD, integers base 10, fields quoted as
// encoding/csv quotes them (only when needed). Rows are formatted straight
// from [Tracker.Blocks] into one reused buffer of [csvBufferSize] bytes
// that is written to w whenever it fills, so memory is O(buffer) whatever
// the table's size; the output is byte-identical to encoding/csv's. Each
// tick's labels (tracker, tick, date) are formatted once per tick and each
// id's (with the state) once per id list and state, not once per row.
// Trackers of float values ([FloatTracker]) have a "value" column instead
// of "count", each value the shortest decimal that reads back to the same
// float64; they cannot share a file with trackers of counts.
func WriteTidyCSV(w io.Writer, trackers ...Tracker) error {
	col, err := valueKind(trackers)
	if err != nil {
		return err
	}
	e := newCSVEncoder(w, len(trackers) > 1, csvLabelsHeader+col+"\n")
	for _, t := range trackers {
		e.startTracker(t.Name())
		for b := range t.Blocks {
			if !e.block(b) {
				break
			}
		}
		if e.err != nil {
			return e.err
		}
	}
	e.flush()
	return e.err
}

// csvEncoder formats blocks into buf and writes buf to w when it fills.
type csvEncoder struct {
	w     io.Writer
	buf   []byte
	err   error
	multi bool // a leading tracker column

	name     string    // current tracker's name (for messages)
	prefix   []byte    // "tracker," or nothing
	head     []byte    // prefix + "tick,date," of headTick
	headTick int       // tick head was built for; −1 none
	headDate time.Time // date head was built for
	labels   csvLabelCache
}

// newCSVEncoder returns an encoder whose buffer starts with the header
// (after "tracker," when multi).
func newCSVEncoder(w io.Writer, multi bool, header string) *csvEncoder {
	e := &csvEncoder{w: w, buf: make([]byte, 0, csvBufferSize+4<<10), multi: multi}
	if multi {
		e.buf = append(e.buf, "tracker,"...)
	}
	e.buf = append(e.buf, header...)
	return e
}

// startTracker begins the rows of the tracker or table called name.
func (e *csvEncoder) startTracker(name string) {
	e.prefix = e.prefix[:0]
	if e.multi {
		e.prefix = append(appendCSVField(e.prefix, name), ',')
	}
	e.name, e.headTick = name, -1
}

// rowLabels returns the labels of a block's rows: the head (prefix, tick
// and date, formatted once per tick, not per row) and the ids' labels
// (each id's field and ",state,", encoded once per id list and state).
func (e *csvEncoder) rowLabels(tick int, date time.Time, ids []string, state string) ([]byte, *csvLabels) {
	if tick != e.headTick || !date.Equal(e.headDate) {
		e.head = append(e.head[:0], e.prefix...)
		e.head = strconv.AppendInt(e.head, int64(tick), 10)
		e.head = append(e.head, ',')
		e.head = append(date.AppendFormat(e.head, time.DateOnly), ',')
		e.headTick, e.headDate = tick, date
	}
	return e.head, e.labels.get(ids, state)
}

// block appends b's rows; false stops the sequence after a write error or
// a malformed block.
func (e *csvEncoder) block(b Block) bool {
	if len(b.IDs) != b.Len() {
		e.err = fmt.Errorf("%s: block of tick %d, state %q has %d ids but %d counts", e.name, b.Tick, b.State, len(b.IDs), b.Len())
		return false
	}
	head, labels := e.rowLabels(b.Tick, b.Date, b.IDs, b.State)
	if b.Values != nil {
		return e.floatRows(head, labels, b.Values)
	}
	counts := b.Counts[:len(labels.ends)]
	buf, ok, start := e.buf, true, 0
	for k, end := range labels.ends {
		buf = append(buf, head...)
		buf = append(buf, labels.text[start:end]...)
		buf = append(appendCount(buf, counts[k]), '\n')
		start = end
		if buf, ok = e.rowEnd(buf); !ok {
			return false
		}
	}
	e.buf = buf
	return true
}

// rowEnd follows a row's end ('\n', appended by the caller): it writes buf
// out when it is full and returns the buffer to go on with, false after a
// write error. It inlines, leaving one comparison per row.
func (e *csvEncoder) rowEnd(buf []byte) ([]byte, bool) {
	if len(buf) < csvBufferSize {
		return buf, true
	}
	return e.spill(buf)
}

// spill writes the full buffer buf out and returns it emptied, false after
// a write error (rowEnd's slow path, kept apart so rowEnd inlines).
func (e *csvEncoder) spill(buf []byte) ([]byte, bool) {
	e.buf = buf
	ok := e.flush()
	return e.buf, ok
}

// flush writes the buffered bytes to w; false after an error.
func (e *csvEncoder) flush() bool {
	if e.err == nil && len(e.buf) > 0 {
		_, e.err = e.w.Write(e.buf)
		e.buf = e.buf[:0]
	}
	return e.err == nil
}

// floatRows appends a float-valued block's rows (head and labels as in
// [csvEncoder.block]); false after a write error.
func (e *csvEncoder) floatRows(head []byte, labels *csvLabels, values []float64) bool {
	buf, ok, start := e.buf, true, 0
	for k, end := range labels.ends {
		buf = append(buf, head...)
		buf = append(buf, labels.text[start:end]...)
		buf = append(strconv.AppendFloat(buf, values[k], 'g', -1, 64), '\n')
		start = end
		if buf, ok = e.rowEnd(buf); !ok {
			return false
		}
	}
	e.buf = buf
	return true
}
