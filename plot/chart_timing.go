package plot

import (
	"fmt"
	"image/color"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// timingPicture draws the wall-clock time of each phase at each tick as
// stacked areas (the top edge is the tick's total), with a legend giving
// each phase's median and mean (the mean includes the slow ticks), in
// rows below the chart (beside it, it took 40 % of the width). A few
// ticks (warm-up, garbage collection, a descheduled process) can take ten
// to a hundred times the usual; the y axis stops at the larger of 1.5 ×
// the median total and 1.15 × the 95th percentile (3 × the median ran to
// twice the data), and the title says how many ticks go beyond. A run of more
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
	yMax := scale * min(sorted[n-1], max(1.5*sorted[(n-1)/2], 1.15*sorted[(n-1)*95/100]))
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
	m := len(xs)
	below := make([]float64, m)
	var entries []legendEntry
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
		entries = append(entries, legendEntry{fmt.Sprintf("%s %.3g / %.3g", phase, scale*medianOf(t.us[k]), scale*means[k]), area.Color})
	}
	// After Add, which widens the axes to the data.
	if yMax > 0 {
		p.Y.Max = yMax
	}
	p.X.Min, p.X.Max = t.ticks[0], t.ticks[n-1]
	slices.Reverse(entries) // the top of the stack first
	// The title spans the whole picture, legend included.
	p.Title.Text = ""
	head := fmt.Sprintf("phase (top of the stack first) median / mean %s per tick:", unit)
	return func(c draw.Canvas) error {
		c = withTitle(c, title)
		h := drawLegendRows(c, head, entries)
		p.Draw(draw.Crop(c, 0, 0, h, 0))
		return nil
	}, nil
}

// legendEntry is a coloured box and its text in a legend of rows.
type legendEntry struct {
	text  string
	color color.Color
}

// drawLegendRows draws head and the entries at the bottom of c, as many
// side by side as fit the width, and returns the height taken.
func drawLegendRows(c draw.Canvas, head string, entries []legendEntry) vg.Length {
	sty := textStyle(9, draw.XLeft, draw.YBottom)
	box, gap, pad := vg.Points(8), vg.Points(14), vg.Points(4)
	line := sty.Height("Mg") + vg.Points(3)
	width := c.Max.X - c.Min.X - 2*pad
	// Lay the entries out in rows, left to right.
	var rows [][]legendEntry
	x := width + 1
	for _, e := range entries {
		w := box + vg.Points(3) + sty.Width(e.text) + gap
		if x+w > width && x > 0 {
			rows = append(rows, nil)
			x = 0
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], e)
		x += w
	}
	h := line*vg.Length(len(rows)+1) + pad
	y := c.Min.Y + pad + line*vg.Length(len(rows))
	c.FillText(sty, vg.Point{X: c.Min.X + pad, Y: y}, head)
	for _, row := range rows {
		y -= line
		x := c.Min.X + pad
		for _, e := range row {
			c.FillPolygon(e.color, []vg.Point{{X: x, Y: y}, {X: x + box, Y: y}, {X: x + box, Y: y + box}, {X: x, Y: y + box}})
			x += box + vg.Points(3)
			c.FillText(sty, vg.Point{X: x, Y: y}, e.text)
			x += sty.Width(e.text) + gap
		}
	}
	return h
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
