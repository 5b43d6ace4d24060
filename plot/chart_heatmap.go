package plot

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// byPopulation returns the group indices from the largest population to
// the smallest (unknown populations last, ties in table order).
func byPopulation(s *groupSeries) []int {
	order := make([]int, len(s.groups))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := s.pops[a], s.pops[b]
		switch {
		case math.IsNaN(pa) && math.IsNaN(pb):
			return 0
		case math.IsNaN(pa):
			return 1
		case math.IsNaN(pb):
			return -1
		}
		return cmp.Compare(pb, pa)
	})
	return order
}

// Heat-map raster limits: at most maxHeatRows rows (more groups are
// averaged in bands of neighbours by population), and each cell drawn as a
// block of pixels so the renderer's smoothing does not blur cells together
// (heatPixels is about the width of the data area at the default size).
const (
	maxHeatRows = 1000
	maxHeatCols = 1000
	heatPixels  = 1200
)

// heatmapPicture draws s as a patches × ticks raster, patches sorted by
// population with the largest at the top, on a log colour scale (white for
// zero), with a colour bar on the right.
func heatmapPicture(s *groupSeries) (func(draw.Canvas) error, error) {
	order := byPopulation(s)
	ticks := len(s.dates)
	if len(order) == 0 || ticks == 0 {
		return nil, fmt.Errorf("%s has no groups or ticks", s.file)
	}
	vals, per, perTick := heatGrid(s, order)
	rows := len(vals)
	lo, hi := math.Inf(1), 0.0
	for _, row := range vals {
		for _, v := range row {
			if v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	// Colour scale: log10 of the value from the smallest positive value's
	// decade (1 for counts) to the largest.
	cmap := &ramp{min: 0, max: 1}
	if hi > 0 {
		cmap.min = math.Min(0, math.Floor(math.Log10(lo)))
		cmap.max = math.Max(math.Log10(hi), cmap.min+1)
	}
	img := heatImage(vals, func(v float64) color.RGBA { return cmap.colorAt(math.Log10(v)) })
	x0, x1 := unix(s.dates[0]), unix(s.dates[ticks-1].Add(tickSpan(s.days)))
	if s.endDated { // a column covers its window's days up to and including its date
		x0, x1 = unix(s.dates[0].Add(-tickSpan(s.days-1))), unix(s.dates[ticks-1].Add(tickSpan(1)))
	}

	title := fmt.Sprintf("%s: %d %s × %d %s (%s)", capitalise(s.short), len(order), s.unit, ticks, tickUnit(s.days), baseName(s.file))
	xlabel := "date"
	if perTick > 1 {
		xlabel = fmt.Sprintf("date (columns: mean of %d %s)", perTick, tickUnit(s.days))
	}
	ylabel := s.unit + " by population, largest at top"
	if per > 1 {
		ylabel = fmt.Sprintf("%s by population (rows: mean of %d)", s.unit, per)
	}
	if !s.popsKnown() {
		ylabel = s.unit + " in table order (no population known)"
	}
	p := newPlot(title, xlabel, ylabel)
	dateAxis(p)
	p.Add(plotter.NewImage(img, x0, 0, x1, float64(rows)))
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = x0, x1, 0, float64(rows)
	p.Y.Tick.Marker = plot.ConstantTicks(nil)
	if s.popsKnown() {
		p.Y.Tick.Marker = populationTicks(s, order, per, rows)
	}
	p.Y.Padding, p.X.Padding = 0, 0

	bar := colorBar(cmap, s.what+" (log scale; white = 0)")
	bar.Y.Tick.Marker = plot.TickerFunc(decadeTicks)
	return withColorBar(p, bar), nil
}

// heatImage paints vals (rows × columns, row 0 at the top) as an image
// of about heatPixels square, each cell a block of pixels coloured
// colorOf(v), or zeroColor where v <= 0.
func heatImage(vals [][]float64, colorOf func(v float64) color.RGBA) *image.RGBA {
	rows, cols := len(vals), len(vals[0])
	kx, ky := max(1, heatPixels/cols), max(1, heatPixels/rows)
	img := image.NewRGBA(image.Rect(0, 0, cols*kx, rows*ky))
	for r, row := range vals {
		for t, v := range row {
			c := zeroColor
			if v > 0 {
				c = colorOf(v)
			}
			for y := r * ky; y < (r+1)*ky; y++ {
				for x := t * kx; x < (t+1)*kx; x++ {
					img.SetRGBA(x, y, c)
				}
			}
		}
	}
	return img
}

// colorBar returns a vertical colour bar of cmap over its range, labelled.
func colorBar(cmap *ramp, label string) *plot.Plot {
	bar := newPlot("", "", label)
	bar.HideX()
	bar.Add(&plotter.ColorBar{ColorMap: cmap, Vertical: true})
	bar.Y.Min, bar.Y.Max = cmap.min, cmap.max
	bar.Y.Padding = 0
	bar.Y.Label.TextStyle.Font.Size = 10
	return bar
}

// withColorBar draws p with bar on its right, lined up with p's data
// area.
func withColorBar(p, bar *plot.Plot) func(c draw.Canvas) error {
	return func(c draw.Canvas) error {
		barWidth := vg.Inch * 1.1
		main := draw.Crop(c, 0, -barWidth, 0, 0)
		p.Draw(main)
		da := p.DataCanvas(main)
		side := draw.Crop(c, c.Max.X-c.Min.X-barWidth+vg.Points(8), -vg.Points(16), da.Min.Y-c.Min.Y, -(c.Max.Y - da.Max.Y))
		bar.Draw(side)
		return nil
	}
}

// heatGrid averages s's values into at most maxHeatRows × maxHeatCols
// cells: rows are groups in order, or bands of per consecutive groups of
// order averaged; columns are ticks, or runs of perTick ticks averaged (a
// daily run of decades). The last band and run may be shorter; each cell
// is the mean over the values it covers.
func heatGrid(s *groupSeries, order []int) (vals [][]float64, per, perTick int) {
	ticks := len(s.dates)
	per = (len(order) + maxHeatRows - 1) / maxHeatRows
	rows := (len(order) + per - 1) / per
	perTick = (ticks + maxHeatCols - 1) / maxHeatCols
	cols := (ticks + perTick - 1) / perTick
	vals = make([][]float64, rows)
	for r := range vals {
		vals[r] = make([]float64, cols)
		band := order[r*per : min((r+1)*per, len(order))]
		for _, g := range band {
			for t, v := range s.values[g] {
				c := t / perTick
				vals[r][c] += v / float64(len(band)*min(perTick, ticks-c*perTick))
			}
		}
	}
	return vals, per, perTick
}

// populationTicks labels about six rows of the heat-map with the
// population of their (first) group.
func populationTicks(s *groupSeries, order []int, per, rows int) plot.Ticker {
	const labels = 6
	var ticks plot.ConstantTicks
	for k := range labels {
		r := k * (rows - 1) / (labels - 1)
		pop := s.pops[order[r*per]]
		label := "?"
		if !math.IsNaN(pop) {
			label = countLabel(pop)
		}
		ticks = append(ticks, plot.Tick{Value: float64(rows-r) - 0.5, Label: label})
	}
	return ticks
}

// decadeTicks labels a log10 axis at whole decades: 1, 10, 100, 1k, …
func decadeTicks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for k := math.Ceil(lo); k <= hi; k++ {
		ticks = append(ticks, plot.Tick{Value: k, Label: countLabel(math.Pow(10, k))})
		for m := 2; m < 10; m++ {
			if v := k + math.Log10(float64(m)); v <= hi {
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	return ticks
}

// capitalise upper-cases the first letter of an ASCII string.
func capitalise(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
