package plot

import (
	"math"
	"slices"
	"time"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// mapPanels is the number of dates map.png shows.
const mapPanels = 6

// perHundredK is the rate unit of the maps: per 100 000 people.
const perHundredK = 1e5

// mapRates are the places' rates per 100 000 people of measure m in period
// k, into dst (NaN for a place of no population).
func mapRates(d *mapdata.Data, m mapdata.Measure, k int, dst []float64) []float64 {
	frame := d.Frame(m.State, k)
	dst = dst[:0]
	for i, v := range frame {
		pop := d.Places.Pop[i]
		if pop <= 0 {
			dst = append(dst, math.NaN())
			continue
		}
		dst = append(dst, float64(v)*m.Scale/pop*perHundredK)
	}
	return dst
}

// totalSeries is the sum over places of m in every period.
func totalSeries(d *mapdata.Data, m mapdata.Measure) []float64 {
	out := make([]float64, d.Periods())
	for k := range out {
		for _, v := range d.Frame(m.State, k) {
			out[k] += float64(v)
		}
	}
	return out
}

// mapPeriods are the periods map.png shows: the periods holding dates
// (when given; a date outside the run is an error of the caller's), else
// mapPanels dates spread over the run: the run cut into mapPanels equal
// spans, in each the period where the total of m peaks.
func mapPeriods(d *mapdata.Data, m mapdata.Measure, dates []time.Time) []int {
	if len(dates) > 0 {
		var ks []int
		for _, t := range dates {
			if k, ok := periodOf(d, t); ok {
				ks = append(ks, k)
			}
		}
		return ks
	}
	total := totalSeries(d, m)
	n := len(total)
	panels := min(mapPanels, n)
	ks := make([]int, 0, panels)
	for p := range panels {
		lo, hi := p*n/panels, (p+1)*n/panels
		best := lo
		for k := lo; k < hi; k++ {
			if total[k] > total[best] {
				best = k
			}
		}
		ks = append(ks, best)
	}
	return slices.Compact(ks)
}

// periodOf is the period holding date t.
func periodOf(d *mapdata.Data, t time.Time) (int, bool) {
	if d.Periods() == 0 || t.Before(d.Dates[0]) {
		return 0, false
	}
	end := d.Dates[d.Periods()-1].AddDate(0, 0, d.PeriodDays())
	if !t.Before(end) {
		return 0, false
	}
	k, _ := slices.BinarySearchFunc(d.Dates, t, func(a, b time.Time) int { return a.Compare(b) })
	if k == d.Periods() || d.Dates[k].After(t) {
		k--
	}
	return k, true
}

// rateRange is the log10 colour range of the positive rates of the
// periods ks: from the smallest (but at most 4 decades below the largest)
// to the largest; ok is false when every rate is zero.
func rateRange(d *mapdata.Data, m mapdata.Measure, ks []int) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	var rates []float64
	for _, k := range ks {
		rates = mapRates(d, m, k, rates)
		for _, r := range rates {
			if r > 0 {
				lo, hi = math.Min(lo, r), math.Max(hi, r)
			}
		}
	}
	if math.IsInf(hi, -1) {
		return 0, 1, false
	}
	hi = math.Log10(hi)
	lo = math.Max(math.Log10(lo), hi-4)
	if hi-lo < 1 {
		lo = hi - 1
	}
	return lo, hi, true
}
