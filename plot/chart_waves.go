package plot

import (
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// maxBurnInDays bounds the start of the run left out of the phase
// analysis: a quarter of the run, at most five years (a run started at an
// equilibrium has a first epidemic in step everywhere).
const maxBurnInDays = 5 * 365

// waveSkip is the number of periods the phase analysis leaves out.
func waveSkip(d *mapdata.Data) int {
	return min(d.Periods()/4, maxBurnInDays/max(1, d.PeriodDays()))
}

// wavesOf runs the phase analysis of the run's incidence.
func wavesOf(d *mapdata.Data) (*mapdata.Waves, mapdata.Measure, error) {
	m, ok := d.Incidence()
	if !ok {
		return nil, m, fmt.Errorf("no cases and no I in %s", d.Dir)
	}
	w, err := mapdata.PhaseLags(d, m, waveSkip(d))
	if err != nil {
		return nil, m, err
	}
	if len(w.Lags) == 0 {
		return nil, m, fmt.Errorf("no place besides %s has epidemics", d.Places.IDs[w.Reference])
	}
	return w, m, nil
}

// wavesPicture draws waves.png: each place's lag behind the largest
// against its distance from it, with the least-squares line and the
// speed it gives.
func wavesPicture(d *mapdata.Data, w *mapdata.Waves, m mapdata.Measure) (func(draw.Canvas) error, error) {
	ref := d.Places.IDs[w.Reference]
	speed := "no outward wave (slope ≤ 0)"
	if s := w.SpeedKmPerWeek(); !math.IsNaN(s) {
		speed = fmt.Sprintf("%s km per week", strconv.FormatFloat(s, 'f', max(0, 2-int(math.Floor(math.Log10(s)))), 64))
	}
	p := newPlot(fmt.Sprintf("Epidemics spreading from %s: %s (slope %.3g weeks per 100 km)", ref, speed, 100*w.SlopeWeeksPerKm),
		fmt.Sprintf("distance from %s (km)", ref),
		fmt.Sprintf("lag behind %s (weeks; phase of the %.0f-week cycle)", ref, w.CycleWeeks))
	p.Title.TextStyle.Font.Size = 11
	pts := make(plotter.XYs, len(w.Lags))
	maxD := 0.0
	for i, l := range w.Lags {
		pts[i] = plotter.XY{X: l.DistanceKm, Y: l.LagWeeks}
		maxD = math.Max(maxD, l.DistanceKm)
	}
	dots, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	dots.GlyphStyle = draw.GlyphStyle{Color: withAlpha(lineColor(1), 0.45), Radius: vg.Points(3), Shape: draw.CircleGlyph{}} // the legend's
	radius := popRadius(d, w)
	dots.GlyphStyleFunc = func(i int) draw.GlyphStyle {
		return draw.GlyphStyle{Color: withAlpha(lineColor(1), 0.45), Radius: radius(i), Shape: draw.CircleGlyph{}}
	}
	p.Add(plotter.NewGrid(), dots)
	p.Legend.Add(fmt.Sprintf("%d %s (size: population)", len(w.Lags), placesWord(d)), dots)
	if means := binnedMeans(w, maxD); len(means) > 1 {
		l, s, err := plotter.NewLinePoints(means)
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = lineColor(2), vg.Points(1.5)
		s.Color, s.Shape, s.Radius = lineColor(2), draw.BoxGlyph{}, vg.Points(3)
		p.Add(l, s)
		p.Legend.Add(fmt.Sprintf("mean of each %.3g km", maxD/waveBins), l, s)
	}
	if !math.IsNaN(w.SlopeWeeksPerKm) {
		fit, err := plotter.NewLine(plotter.XYs{{X: 0, Y: w.InterceptWeeks}, {X: maxD, Y: w.InterceptWeeks + w.SlopeWeeksPerKm*maxD}})
		if err != nil {
			return nil, err
		}
		fit.Color, fit.Width = color.Black, vg.Points(1.5)
		p.Add(fit)
		p.Legend.Add("least squares", fit)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.X.Min = 0
	p.Y.Min, p.Y.Max = -w.CycleWeeks/2, w.CycleWeeks/2
	p.Y.Tick.Marker = plot.TickerFunc(countTicks)
	note := fmt.Sprintf("log(1 + %s), band-passed around the cycle, Hilbert phase (Grenfell, Bjørnstad & Kappey 2001); first %d %s left out.",
		m.Label, w.Skipped, periodUnit(d))
	return func(c draw.Canvas) error {
		ns := textStyle(8, draw.XLeft, draw.YBottom)
		c.FillText(ns, vg.Point{X: c.Min.X + 4, Y: c.Min.Y + 2}, note)
		p.Draw(draw.Crop(c, 0, 0, ns.Height(note)+4, 0))
		return nil
	}, nil
}

// waveBins is the number of distance bins of waves.png's mean line.
const waveBins = 10

// binnedMeans are the mean lags of the places in waveBins equal bins of
// distance from 0 to maxD, at each bin's mean distance (empty bins left
// out).
func binnedMeans(w *mapdata.Waves, maxD float64) plotter.XYs {
	var sumD, sumL [waveBins]float64
	var n [waveBins]int
	for _, l := range w.Lags {
		b := min(waveBins-1, int(l.DistanceKm/maxD*waveBins))
		sumD[b] += l.DistanceKm
		sumL[b] += l.LagWeeks
		n[b]++
	}
	var out plotter.XYs
	for b := range n {
		if n[b] > 0 {
			out = append(out, plotter.XY{X: sumD[b] / float64(n[b]), Y: sumL[b] / float64(n[b])})
		}
	}
	return out
}

// popRadius sizes waves.png's points by log population: 1.5 pt for the
// smallest place to 5 pt for the largest.
func popRadius(d *mapdata.Data, w *mapdata.Waves) func(i int) vg.Length {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, l := range w.Lags {
		if p := d.Places.Pop[l.Place]; p > 0 {
			lo, hi = math.Min(lo, math.Log10(p)), math.Max(hi, math.Log10(p))
		}
	}
	return func(i int) vg.Length {
		p := d.Places.Pop[w.Lags[i].Place]
		if !(p > 0) || !(hi > lo) {
			return vg.Points(1.5)
		}
		return vg.Points(1.5 + 3.5*(math.Log10(p)-lo)/(hi-lo))
	}
}

// placesWord names the places: patches or grid cells.
func placesWord(d *mapdata.Data) string {
	if d.Grid != nil {
		return "grid cells"
	}
	return "patches"
}

// periodUnit names the periods in the plural: "weeks", "biweeks", "periods of N days".
func periodUnit(d *mapdata.Data) string {
	switch d.PeriodDays() {
	case 1:
		return "days"
	case 7:
		return "weeks"
	case 14:
		return "biweeks"
	}
	return fmt.Sprintf("periods of %d days", d.PeriodDays())
}

// writeWavesCSV writes waves.csv: id, distance_km, lag_weeks, one row per
// place with epidemics (the reference first, at 0 km and 0 weeks).
func writeWavesCSV(out io.Writer, d *mapdata.Data, w *mapdata.Waves) error {
	cw := csv.NewWriter(out)
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	_ = cw.Write([]string{"id", "distance_km", "lag_weeks"})
	_ = cw.Write([]string{d.Places.IDs[w.Reference], f(0), f(0)})
	for _, l := range w.Lags {
		_ = cw.Write([]string{d.Places.IDs[l.Place], f(l.DistanceKm), f(l.LagWeeks)})
	}
	cw.Flush()
	return cw.Error()
}
