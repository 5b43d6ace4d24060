package plot

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// largestGroups is how many of the largest groups get a panel: six panels
// of 4 × 1.5 inches fit the default 8 × 5 picture.
const largestGroups = 6

// groupsPicture draws the series of the largest groups by population, one
// panel each with its own y scale (a large city's cases would flatten a
// small town's on a shared one), in rows of two.
func groupsPicture(s *groupSeries) (func(draw.Canvas) error, error) {
	order := byPopulation(s)
	if len(order) > largestGroups {
		order = order[:largestGroups]
	}
	if len(order) == 0 || len(s.dates) == 0 {
		return nil, fmt.Errorf("%s has no groups or ticks", s.file)
	}
	var panels []*plot.Plot
	for i, g := range order {
		p := panelPlot(s.groups[g], s.pops[g])
		p.Y.Tick.Marker = plot.TickerFunc(countTicks)
		p.Add(plotter.NewGrid())
		if _, err := addTimeLine(p, s.dates, s.values[g], lineColor(i), lineWidth(1.2, s.days)); err != nil {
			return nil, err
		}
		fromZero(p)
		panels = append(panels, p)
	}
	which := largestOf(len(order), len(s.groups), s.unit)
	if !s.popsKnown() {
		which = fmt.Sprintf("the first %d of %d %s (no population known to rank them)", len(order), len(s.groups), s.unit)
	}
	title := fmt.Sprintf("%s %s, %s (%s)", capitalise(s.short), s.when(), which, baseName(s.file))
	return gridPicture(title, panels), nil
}

// largestOf says which groups a picture of the largest shows.
func largestOf(shown, total int, unit string) string {
	if shown == total {
		return fmt.Sprintf("all %d %s, largest first", total, unit)
	}
	return fmt.Sprintf("the largest %d of %d %s by population", shown, total, unit)
}

// panelPlot is a small panel titled with a group id and its population
// (NaN: unknown), on a calendar axis.
func panelPlot(id string, pop float64) *plot.Plot {
	title := id
	if !math.IsNaN(pop) {
		title += " · pop " + countLabel(pop)
	}
	p := newPlot(title, "", "")
	shrinkFonts(p, 10, 9, 8)
	p.Title.Padding = vg.Points(2)
	dateAxis(p)
	return p
}

// gridPicture draws panels in rows of two under a title.
func gridPicture(title string, panels []*plot.Plot) func(draw.Canvas) error {
	cols := min(2, len(panels))
	rows := (len(panels) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for i, p := range panels {
		grid[i/cols] = append(grid[i/cols], p)
	}
	for len(grid[rows-1]) < cols { // an odd count: leave the last cell empty
		grid[rows-1] = append(grid[rows-1], nil)
	}
	return func(c draw.Canvas) error {
		c = withTitle(c, title)
		tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(14), PadY: vg.Points(6), PadLeft: vg.Points(2), PadRight: vg.Points(8), PadBottom: vg.Points(2)}
		canvases := plot.Align(grid, tiles, c)
		for r, row := range grid {
			for k, p := range row {
				if p != nil {
					p.Draw(canvases[r][k])
				}
			}
		}
		return nil
	}
}

// fadeoutPicture draws, for each group with a known population, the share
// of ticks with a zero count against the population on a log axis: the
// fade-out curve (Bartlett 1957, "Measles periodicity and community size",
// J. R. Stat. Soc. A 120: below a critical community size measles fades
// out between epidemics).
func fadeoutPicture(s *groupSeries) (func(draw.Canvas) error, error) {
	var pts plotter.XYs
	for g, pop := range s.pops {
		if math.IsNaN(pop) || pop <= 0 {
			continue
		}
		zeros := 0
		for _, v := range s.values[g] {
			if v == 0 {
				zeros++
			}
		}
		pts = append(pts, plotter.XY{X: pop, Y: 100 * float64(zeros) / float64(len(s.values[g]))})
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("no population known for the groups of %s (no population table, and no states table with the same groups)", s.file)
	}
	zero := "no reported cases"
	if s.short != "reported cases" {
		zero = "I = 0"
	}
	ticks := tickUnit(s.days)
	title := fmt.Sprintf("Fade-outs: share of %s with %s, %d %s (%s)", ticks, zero, len(pts), s.unit, baseName(s.file))
	p := newPlot(title, "population (log scale; from "+baseName(s.popFrom)+")", "% of "+ticks+" with "+zero)
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.TickerFunc(logCountTicks)
	p.Y.Min, p.Y.Max = 0, 100
	p.Y.Tick.Marker = percentTicks
	// A margin of a quarter decade each side keeps the end points off the axes.
	lo, hi := math.Inf(1), 0.0
	for _, pt := range pts {
		lo, hi = math.Min(lo, pt.X), math.Max(hi, pt.X)
	}
	p.X.Min, p.X.Max = lo/1.8, hi*1.8
	p.Add(plotter.NewGrid())
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	sc.GlyphStyle.Radius = vg.Points(2.5)
	sc.GlyphStyle.Color = withAlpha(lineColor(0), 0.6)
	p.Add(sc)
	return func(c draw.Canvas) error {
		p.Draw(c)
		return nil
	}, nil
}

// percentTicks label 0 to 100 % every 20, minor ticks every 10.
var percentTicks = func() plot.ConstantTicks {
	var ticks plot.ConstantTicks
	for v := 0; v <= 100; v += 10 {
		t := plot.Tick{Value: float64(v)}
		if v%20 == 0 {
			t.Label = fmt.Sprint(v)
		}
		ticks = append(ticks, t)
	}
	return ticks
}()
