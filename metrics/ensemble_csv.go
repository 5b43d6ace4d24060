package metrics

import (
	"io"
	"strconv"
)

// quantileCSVHeader is the ensemble tables' header without the leading
// tracker column.
const quantileCSVHeader = "tick,date,patch_id,state,mean,q05,q25,q50,q75,q95\n"

// WriteQuantileCSV streams the ensemble tables as CSV into w. One table:
// header tick,date,patch_id,state,mean,q05,q25,q50,q75,q95 (the labels of
// the replicates' tidy tables, then [QuantileColumns]); several: a leading
// tracker column, as [WriteTidyCSV]. Labels are formatted as in the tidy
// CSV (same quoting, dates YYYY-MM-DD); values are the shortest decimal
// that reads back as the same float64, never in exponent form
// (strconv 'f', −1: 1234, 1234.5, 0.25). Like WriteTidyCSV it formats
// straight into one reused buffer, so memory is O(buffer).
func WriteQuantileCSV(w io.Writer, tables ...*EnsembleTable) error {
	e := newCSVEncoder(w, len(tables) > 1, quantileCSVHeader)
	for _, t := range tables {
		e.startTracker(t.Name())
		for b, err := range t.Blocks {
			if err != nil {
				return err
			}
			if !e.quantileBlock(b) {
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

// quantileBlock appends b's rows; false stops the sequence after a write
// error.
func (e *csvEncoder) quantileBlock(b QuantileBlock) bool {
	e.labels(b.Tick, b.Date, b.State)
	buf := e.buf
	for k, id := range b.IDs {
		buf = append(buf, e.head...)
		buf = appendCSVField(buf, id)
		buf = append(buf, e.mid[:len(e.mid)-1]...) // ",state" …
		for _, col := range b.Values {
			buf = append(buf, ',') // … then ",value" per column
			buf = strconv.AppendFloat(buf, col[k], 'f', -1, 64)
		}
		buf = append(buf, '\n')
		if len(buf) >= csvBufferSize {
			e.buf = buf
			if !e.flush() {
				return false
			}
			buf = e.buf
		}
	}
	e.buf = buf
	return true
}
