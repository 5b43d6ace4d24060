package fit

import (
	"time"
)

// Reports returns the data's reports of the fitted places on dates (any
// dates, inside the window or past it: a forecast's), [Missing] where the
// data have none; [data] missing applies. It reads the case data file
// again.
func (f *File) Reports(dates []time.Time) ([][]int64, error) {
	cases, err := LoadCasesFile(f.DataPath, f.IDColumn)
	if err != nil {
		return nil, err
	}
	for _, m := range f.Missing {
		if err := cases.SetMissing(m.ID, m.Date); err != nil {
			return nil, err
		}
	}
	out := make([][]int64, len(f.Obs.Places))
	for p, id := range f.Obs.Places {
		out[p] = make([]int64, len(dates))
		byDate := map[time.Time]int64{}
		ds, counts, _ := cases.Series(id)
		for k, d := range ds {
			byDate[d] = counts[k]
		}
		for h, d := range dates {
			y, ok := byDate[d]
			if !ok {
				y = Missing
			}
			out[p][h] = y
		}
	}
	return out, nil
}
