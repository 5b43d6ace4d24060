package tidyparquet

import (
	"fmt"
	"io"
	"time"

	"github.com/rubeola/rubeola/metrics"
)

// MaxRowGroupRows is the most rows one row group holds (SPEC §8.5: ≤ 1 M).
const MaxRowGroupRows = 1_000_000

// QuantileRowGroupRows is the most rows one row group of an ensemble's
// quantile table holds: a row group's pages stay in memory until it is
// written, and six DOUBLE columns of 1 M rows held 25–35 MB per table (peak
// RSS of a 16-replicate N = 1 000 ensemble: 201 MiB with 1 M rows, against
// 166 MiB for its CSV tables); one page of 64 Ki rows per row group bounds
// that to about 4 MB per table.
const QuantileRowGroupRows = pageRows

// pageRows is the most rows one data page holds: 64 Ki rows keep the
// widest column's page (int64 counts) at 512 KiB before encoding.
const pageRows = 1 << 16

// Write streams the trackers' tidy rows as one Parquet file into w (the
// package's schema; one tracker: no tracker column). Only the current page
// (pageRows rows, column-wise) and the current row group's compressed pages
// are held in memory.
//
// Trackers of float values ([metrics.FloatTracker]) have a REQUIRED DOUBLE
// "value" column (PLAIN, ZSTD) instead of count; they cannot share a file
// with trackers of counts.
func Write(w io.Writer, trackers ...metrics.Tracker) error {
	floats := len(trackers) > 0 && metrics.IsFloat(trackers[0])
	for _, t := range trackers {
		if metrics.IsFloat(t) != floats {
			return fmt.Errorf("%s has a %q column and %s a %q column: trackers of counts and of float values go in separate files",
				trackers[0].Name(), metrics.ValueColumn(trackers[0]), t.Name(), metrics.ValueColumn(t))
		}
	}
	var doubles []string
	if floats {
		doubles = []string{"value"}
	}
	fw, err := newFileWriter(w, len(trackers) > 1, doubles...)
	if err != nil {
		return err
	}
	for _, t := range trackers {
		name := t.Name()
		var ti int32
		if fw.multi {
			ti = fw.col(colTracker).dict.add(name)
		}
		for b := range t.Blocks {
			if len(b.IDs) != b.Len() || (b.Values != nil) != floats {
				err = fmt.Errorf("%s: block of tick %d, state %q has %d ids but %d counts", name, b.Tick, b.State, len(b.IDs), b.Len())
			} else {
				err = fw.block(b, ti)
			}
			if err != nil {
				return err
			}
		}
	}
	return fw.close()
}

// epochDay is t's calendar date (in t's location, as the CSV writes it) as
// a Parquet DATE: days since 1970-01-01.
func epochDay(t time.Time) int32 {
	y, m, d := t.Date()
	return int32(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// WriteQuantiles streams ensemble tables ([metrics.EnsembleTable]) as one
// Parquet file into w: the tidy schema's labels (tracker only with several
// tables; tick, date, patch_id, state) with the same types and encodings,
// then mean, q05, q25, q50, q75 and q95 ([metrics.QuantileColumns]) as
// REQUIRED DOUBLE columns, PLAIN-encoded and ZSTD-compressed, instead of
// count. Memory is bounded as in [Write].
func WriteQuantiles(w io.Writer, tables ...*metrics.EnsembleTable) error {
	fw, err := newFileWriter(w, len(tables) > 1, metrics.QuantileColumns[:]...)
	if err != nil {
		return err
	}
	fw.rgMax = QuantileRowGroupRows
	for _, t := range tables {
		var ti int32
		if fw.multi {
			ti = fw.col(colTracker).dict.add(t.Name())
		}
		for b, err := range t.Blocks {
			if err == nil {
				err = fw.quantileBlock(b, ti)
			}
			if err != nil {
				return err
			}
		}
	}
	return fw.close()
}
