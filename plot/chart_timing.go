package plot

import (
	"fmt"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// timingPicture draws the wall-clock time of each phase at each tick as
// stacked areas (the top edge is the tick's total), with a legend giving
// each phase's median and mean (the mean includes the slow ticks). A few ticks (warm-up, garbage collection, a
// descheduled process) can take ten to a hundred times the usual; the y
// axis stops at the larger of 3 × the median total and 1.2 × the 95th
// percentile, and the title says how many ticks go beyond. A run of more
// than maxTimingPoints ticks is drawn as the medians of consecutive runs
// of ticks (the legend's figures are still of every tick): a stack of
// 7 300 daily ticks' noise is a smear at 1 200 pixels wide, and costs the
// rasteriser 14 s of CPU where 600 points cost well under one; medians,
// not means, so that the slow ticks' spikes (garbage collection, a
// descheduled process) do not widen into the neighbouring ticks.
func timingPicture(t *timingTable, path string) (func(draw.Canvas) error, error) {
	n := len(t.ticks)
	total := make([]float64, n)
	means := make([]float64, len(t.phases))
	for k, us := range t.us {
		for i, v := range us {
			total[i] += v
			means[k] += v / float64(n)
		}
	}
	// Microseconds, or milliseconds when ticks take more than 2 ms.
	unit, scale := "µs", 1.0
	if meanOf(total) > 2000 {
		unit, scale = "ms", 1e-3
	}
	sorted := slices.Clone(total)
	slices.Sort(sorted)
	yMax := scale * min(sorted[n-1], max(3*sorted[(n-1)/2], 1.2*sorted[(n-1)*95/100]))
	per := ceilDiv(n, maxTimingPoints) // ticks per drawn point
	xs, us, total := binFirsts(t.ticks, per), make([][]float64, len(t.us)), binMedians(total, per)
	for k := range t.us {
		us[k] = binMedians(t.us[k], per)
	}
	above := 0
	for _, v := range total {
		if v*scale > yMax {
			above++
		}
	}
	title := fmt.Sprintf("Time per tick by phase, %d ticks (%s)", n, baseName(path))
	cut := "slower tick"
	if per > 1 {
		title = fmt.Sprintf("Time per tick by phase, %d ticks, medians of %d (%s)", n, per, baseName(path))
		cut = "point"
	}
	if above > 0 {
		if above > 1 {
			cut += "s"
		}
		title += fmt.Sprintf("; %d %s cut off", above, cut)
	}
	p := newPlot(title, "tick", unit+" per tick (stacked)")
	p.Y.Min = 0
	p.Y.Tick.Marker = plot.TickerFunc(countTicks)
	p.X.Tick.Marker = plot.TickerFunc(countTicks)
	legend := plot.NewLegend()
	legend.TextStyle.Font.Size = 9
	legend.ThumbnailWidth = vg.Points(12)
	legend.Padding = vg.Points(2)
	m := len(xs)
	below := make([]float64, m)
	var entries []func()
	for k, phase := range t.phases {
		poly := make(plotter.XYs, 0, 2*m)
		for i := range m {
			poly = append(poly, plotter.XY{X: xs[i], Y: scale * (below[i] + us[k][i])})
		}
		for i := m - 1; i >= 0; i-- {
			poly = append(poly, plotter.XY{X: xs[i], Y: scale * below[i]})
		}
		for i := range m {
			below[i] += us[k][i]
		}
		area, err := plotter.NewPolygon(poly)
		if err != nil {
			return nil, err
		}
		area.Color = lineColor(k)
		area.LineStyle.Width = 0
		p.Add(area)
		label := fmt.Sprintf("%s: median %.3g, mean %.3g %s", phase, scale*medianOf(t.us[k]), scale*means[k], unit)
		entries = append(entries, func() { legend.Add(label, area) })
	}
	// After Add, which widens the axes to the data.
	if yMax > 0 {
		p.Y.Max = yMax
	}
	p.X.Min, p.X.Max = t.ticks[0], t.ticks[n-1]
	for i := len(entries) - 1; i >= 0; i-- { // the top of the stack first
		entries[i]()
	}
	// The title spans the whole picture, legend included: centred over the
	// chart alone, a long one ran off the left edge beside a wide legend.
	p.Title.Text = ""
	return func(c draw.Canvas) error {
		c = withTitle(c, title)
		// The legend sits right of the chart: inside it would hide the stack.
		width := legendWidth(legend)
		p.Draw(draw.Crop(c, 0, -width, 0, 0))
		legend.Top, legend.Left = true, true
		legend.Draw(draw.Crop(c, c.Max.X-c.Min.X-width, 0, 0, -vg.Points(24)))
		return nil
	}, nil
}

// legendWidth is the width legend needs, plus a margin.
func legendWidth(l plot.Legend) vg.Length {
	r := l.Rectangle(draw.Canvas{})
	return r.Max.X - r.Min.X + vg.Points(12)
}

// meanOf is the mean of v (0 for none).
func meanOf(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	return sum / float64(len(v))
}

// medianOf is the median of v (the upper one of an even count; 0 for none).
func medianOf(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// maxTimingPoints is the most points per phase the timing picture draws:
// two pixels per point at the default 1 200-pixel width.
const maxTimingPoints = 600

// binMedians returns the medians ([medianOf]) of v's consecutive runs of
// per values (the last run may be shorter); v itself when per is 1.
func binMedians(v []float64, per int) []float64 { return binOf(v, per, medianOf) }

// binFirsts returns the first value of each of v's consecutive runs of
// per values (a run's first tick, where its point is drawn).
func binFirsts(v []float64, per int) []float64 {
	return binOf(v, per, func(run []float64) float64 { return run[0] })
}

// binOf returns f of each of v's consecutive runs of per values; v itself
// when per is 1.
func binOf(v []float64, per int, f func([]float64) float64) []float64 {
	if per <= 1 {
		return v
	}
	out := make([]float64, 0, ceilDiv(len(v), per))
	for i := 0; i < len(v); i += per {
		out = append(out, f(v[i:min(i+per, len(v))]))
	}
	return out
}

// ceilDiv is ⌈a/b⌉ for a ≥ 0, b > 0.
func ceilDiv(a, b int) int { return (a + b - 1) / b }
