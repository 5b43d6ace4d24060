package tidyparquet

import (
	"fmt"
	"io"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/rubeola/rubeola/metrics"
)

// MaxRowGroupRows is the most rows one row group holds (SPEC §8.5: ≤ 1 M).
const MaxRowGroupRows = 1_000_000

// batchRows is how many rows are gathered in a reused slice before they
// are handed to the Parquet writer, which splits them into columns.
const batchRows = 4096

// row is one tidy row of a single-tracker file. The struct tags are the
// schema (field order = column order). Integers use DELTA_BINARY_PACKED:
// tick and date are constant within a tick and counts change little, so
// they pack into a few bits before compression, which halves the time
// spent in zstd compared with PLAIN.
type row struct {
	Tick    int32  `parquet:"tick,delta"`
	Date    int32  `parquet:"date,date,delta"`
	PatchID string `parquet:"patch_id,dict"`
	State   string `parquet:"state,dict"`
	Count   int64  `parquet:"count,delta"`
}

// trackerRow is one tidy row of a several-tracker file: row with a leading
// tracker column.
type trackerRow struct {
	Tracker string `parquet:"tracker,dict"`
	Tick    int32  `parquet:"tick,delta"`
	Date    int32  `parquet:"date,date,delta"`
	PatchID string `parquet:"patch_id,dict"`
	State   string `parquet:"state,dict"`
	Count   int64  `parquet:"count,delta"`
}

// stringColumns are the dictionary-encoded columns. Their min/max page
// statistics and column-index bounds are not written: computing them
// compares every value's string (a quarter of the writing time), and a
// reader finds an id through the dictionary anyway.
var stringColumns = []string{"tracker", "patch_id", "state"}

// Write streams the trackers' tidy rows as one Parquet file into w (the
// schema is the package's). One tracker: no tracker column. Nothing but a
// batch of [batchRows] rows and the writer's current row group (compressed
// pages) is held in memory.
func Write(w io.Writer, trackers ...metrics.Tracker) error {
	if len(trackers) > 1 {
		return write(w, trackers, func(name string, b *metrics.Block, day int32, k int) trackerRow {
			return trackerRow{Tracker: name, Tick: int32(b.Tick), Date: day, PatchID: b.IDs[k], State: b.State, Count: b.Counts[k]}
		})
	}
	return write(w, trackers, func(_ string, b *metrics.Block, day int32, k int) row {
		return row{Tick: int32(b.Tick), Date: day, PatchID: b.IDs[k], State: b.State, Count: b.Counts[k]}
	})
}

// write writes the trackers' blocks as rows of type T, built by mk from
// the tracker's name, the block, its date as a DATE and the index in the
// block.
func write[T any](w io.Writer, trackers []metrics.Tracker, mk func(name string, b *metrics.Block, day int32, k int) T) error {
	opts := []parquet.WriterOption{
		parquet.Compression(zstdCodec{}),
		parquet.MaxRowsPerRowGroup(MaxRowGroupRows),
	}
	for _, col := range stringColumns {
		opts = append(opts, parquet.SkipPageBounds(col), parquet.SkipPageStatistics(col))
	}
	pw := parquet.NewGenericWriter[T](w, opts...)
	pw.SetKeyValueMetadata("generator", "rubeola "+metrics.Version)
	batch := make([]T, 0, batchRows)
	for _, t := range trackers {
		name := t.Name()
		var err error
		for b := range t.Blocks {
			if len(b.IDs) != len(b.Counts) {
				err = fmt.Errorf("%s: block of tick %d, state %q has %d ids but %d counts", name, b.Tick, b.State, len(b.IDs), len(b.Counts))
				break
			}
			day := epochDay(b.Date)
			for k := range b.IDs {
				batch = append(batch, mk(name, &b, day, k))
				if len(batch) == batchRows {
					if _, err = pw.Write(batch); err != nil {
						break
					}
					batch = batch[:0]
				}
			}
			if err != nil {
				break
			}
		}
		if err != nil {
			return err
		}
	}
	if _, err := pw.Write(batch); err != nil {
		return err
	}
	return pw.Close()
}

// epochDay is t's calendar date (in t's location, as the CSV writes it) as
// a Parquet DATE: days since 1970-01-01.
func epochDay(t time.Time) int32 {
	y, m, d := t.Date()
	return int32(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}
