package metrics

import (
	"encoding/csv"
	"io"
	"strconv"
)

// Row is one line of a tracker's tidy long export.
type Row struct {
	Tick    int    // tick index
	Date    string // TickDate(tick) as YYYY-MM-DD
	PatchID string // group or patch id
	State   string // state name, "N", "cases" or "fadeouts"
	Count   int64
}

// Tracker is a component that can export its records as tidy rows.
type Tracker interface {
	Name() string
	Tidy() []Row
}

// WriteTidyCSV writes the trackers' rows as CSV. One tracker: header
// tick,date,patch_id,state,count; several: a leading tracker column.
func WriteTidyCSV(w io.Writer, trackers ...Tracker) error {
	cw := csv.NewWriter(w)
	multi := len(trackers) > 1
	header := []string{"tick", "date", "patch_id", "state", "count"}
	if multi {
		header = append([]string{"tracker"}, header...)
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, len(header))
	for _, t := range trackers {
		for _, r := range t.Tidy() {
			k := 0
			if multi {
				rec[0] = t.Name()
				k = 1
			}
			rec[k] = strconv.Itoa(r.Tick)
			rec[k+1] = r.Date
			rec[k+2] = r.PatchID
			rec[k+3] = r.State
			rec[k+4] = strconv.FormatInt(r.Count, 10)
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
