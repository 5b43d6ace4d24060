package metrics

import (
	"io"
	"math"
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
	head, labels := e.rowLabels(b.Tick, b.Date, b.IDs, b.State)
	buf, ok, start := e.buf, true, 0
	for k, end := range labels.ends {
		buf = append(buf, head...)
		buf = append(buf, labels.text[start:end]...)
		for c, col := range b.Values {
			if c > 0 {
				buf = append(buf, ',')
			}
			buf = appendValue(buf, col[k])
		}
		start = end
		if buf, ok = e.rowEnd(append(buf, '\n')); !ok {
			return false
		}
	}
	e.buf = buf
	return true
}

// fastDecimalLimit bounds the values [appendValue] formats itself: below
// 2^36 a float64's spacing is at most 2^−16 < 10⁻⁴/6, so distinct decimals
// of four decimals are distinct float64s, and v·10⁴ rounds to the right
// integer.
const fastDecimalLimit = 1 << 36

// appendValue appends v as strconv.AppendFloat(buf, v, 'f', −1, 64) does
// (the shortest decimal that reads back as v), byte for byte, faster for
// the values of an ensemble table: when v is the float64 nearest to a
// decimal c/10⁴ of at most four decimals (quantiles of counts are
// hundredths, means of R counts often quarters or sixteenths), that
// decimal is the shortest one — another decimal of four decimals or fewer
// is another float64 at this magnitude — so it is written from the integer
// c; other values go to AppendFloat.
func appendValue(buf []byte, v float64) []byte {
	if v != 0 && math.Abs(v) < fastDecimalLimit {
		c := math.Round(v * 1e4)
		if c/1e4 == v { // division is correctly rounded: v is the float64 nearest to c/10⁴
			i := int64(c)
			if i < 0 {
				buf = append(buf, '-')
				i = -i
			}
			buf = strconv.AppendInt(buf, i/10000, 10)
			if f := i % 10000; f != 0 {
				buf = append(buf, '.')
				for d := int64(1000); f != 0; d /= 10 {
					buf = append(buf, byte('0'+f/d))
					f %= d
				}
			}
			return buf
		}
	}
	return strconv.AppendFloat(buf, v, 'f', -1, 64)
}
