package plot

import (
	"cmp"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/internal/atomicfile"
)

// Heights of the fit pictures' small panels and of a picture's title.
const (
	fitPanelHeight = 1.9 * vg.Inch
	fitTitleHeight = 0.4 * vg.Inch
)

// writeFitPicture draws a picture of at least opts' size (height grown to
// rows panels) into path atomically: PNG, or SVG with opts.SVG.
func writeFitPicture(path string, rows int, opts Options, drawFn func(c draw.Canvas) error) error {
	opts = opts.withDefaults()
	opts.Height = max(opts.Height, vg.Length(rows)*fitPanelHeight+fitTitleHeight)
	if err := opts.check(); err != nil {
		return &OptionsError{err}
	}
	var c vg.CanvasWriterTo
	if opts.SVG {
		c = vgsvg.New(opts.Width, opts.Height)
	} else {
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(opts.Width, opts.Height), vgimg.UseDPI(opts.DPI))}
	}
	if err := drawFn(draw.New(c)); err != nil {
		return fmt.Errorf("drawing %s: %w", baseName(path), err)
	}
	return atomicfile.Write(path, 0o644, func(w io.Writer) error {
		if !opts.SVG {
			_, err := c.WriteTo(w)
			return err
		}
		var buf svgBuffer
		if _, err := c.WriteTo(&buf); err != nil {
			return err
		}
		_, err := w.Write(fixSVG(buf.b))
		return err
	})
}

// svgBuffer collects an SVG document.
type svgBuffer struct{ b []byte }

func (s *svgBuffer) Write(p []byte) (int, error) { s.b = append(s.b, p...); return len(p), nil }

// fitGrid draws panels in cols columns under a title (an incomplete last
// row leaves its cells empty).
func fitGrid(title string, panels []*plot.Plot, cols int) func(c draw.Canvas) error {
	cols = max(1, min(cols, len(panels)))
	rows := (len(panels) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for i, p := range panels {
		grid[i/cols] = append(grid[i/cols], p)
	}
	for len(grid[rows-1]) < cols {
		grid[rows-1] = append(grid[rows-1], nil)
	}
	return func(c draw.Canvas) error {
		c = withTitle(c, title)
		tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(16), PadY: vg.Points(8), PadLeft: vg.Points(4),
			PadRight: vg.Points(10), PadBottom: vg.Points(4)}
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

// integerTicks are the default ticks with only whole numbers labelled
// (iterations).
func integerTicks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	out := ticks[:0]
	for _, t := range ticks {
		if t.Value == math.Trunc(t.Value) {
			if t.Label != "" {
				t.Label = strconv.FormatFloat(t.Value, 'f', 0, 64)
			}
			out = append(out, t)
		}
	}
	return out
}

// FitTrace draws trace.png at path: IF2's log-likelihood and each
// estimate (names, in order) per iteration, one small panel each, three
// per row; title heads the picture. The picture grows taller with the
// number of panels. The convergence diagnostic ([fit.TraceConvergence])
// is marked on every panel (its window shaded green when the series has
// settled, red when not, with the change in the panel's title) and
// summarised under the title.
func FitTrace(path string, r *fit.IF2Result, names []string, title string, opts Options) error {
	if len(r.Trace) == 0 {
		return fmt.Errorf("%s: an IF2 result without iterations", baseName(path))
	}
	series := append([]string{"log-likelihood"}, names...)
	conv := fit.TraceConvergence(r.Trace, names)
	var panels []*plot.Plot
	for i, name := range series {
		xys := make(plotter.XYs, 0, len(r.Trace))
		for _, it := range r.Trace {
			y := it.LogLik
			if i > 0 {
				y = it.Params[name]
			}
			if !math.IsNaN(y) && !math.IsInf(y, 0) {
				xys = append(xys, plotter.XY{X: float64(it.Iteration), Y: y})
			}
		}
		p := newPlot(name, "", "")
		shrinkFonts(p, 11, 9, 8)
		p.Title.Padding = vg.Points(3)
		p.X.Tick.Marker = plot.TickerFunc(integerTicks)
		p.Add(plotter.NewGrid())
		c := lineColor(0)
		if i == 0 {
			c = color.Black
		}
		if err := addLinePoints(p, xys, c); err != nil {
			return err
		}
		if len(xys) > 0 && p.Y.Min == p.Y.Max { // a constant: a narrow range around it, not gonum's ±1
			d := max(math.Abs(p.Y.Min)*0.05, 1e-9)
			p.Y.Min, p.Y.Max = p.Y.Min-d, p.Y.Max+d
		}
		if len(xys) > 0 {
			if err := markConvergence(p, conv.Series[i], conv); err != nil {
				return err
			}
		}
		if len(panels) >= len(series)-3 {
			p.X.Label.Text = "iteration"
		}
		panels = append(panels, p)
	}
	cols := min(3, len(panels))
	rows := (len(panels) + cols - 1) / cols
	return writeFitPicture(path, rows, opts, fitGrid(title+"\n"+convergenceTitle(conv), panels, cols))
}

// addLinePoints draws xys as a line with a dot at each point (the dots
// only up to 30 points).
func addLinePoints(p *plot.Plot, xys plotter.XYs, c color.Color) error {
	if len(xys) == 0 {
		return nil
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.Color, l.Width = c, vg.Points(1.2)
	p.Add(l)
	if len(xys) <= 30 {
		sc, err := plotter.NewScatter(xys)
		if err != nil {
			return err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(1.8), Shape: draw.CircleGlyph{}}
		p.Add(sc)
	}
	return nil
}

// maxFitPlaces is how many places fit.png shows.
const maxFitPlaces = 6

// FitBands draws fit.png at path: per place (the six with the most
// reports when there are more, in scenario order), the observed reports
// (black) against the median (blue) and the 80 % and 95 % bands of the
// simulated reports, on a calendar axis; title heads the picture.
func FitBands(path string, s *fit.Simulation, title string, opts Options) error {
	if len(s.Places) == 0 || len(s.Dates) == 0 {
		return fmt.Errorf("%s: a simulation without places or reports", baseName(path))
	}
	return writePlacePanels(path, title, s.Reports, opts, func(pl int, multi, first bool) (*plot.Plot, error) {
		return bandsPanel(s, pl, multi, first)
	})
}

// writePlacePanels draws a fit picture at path: one panel per place (the
// maxFitPlaces with the most reports, in scenario order; the title says
// so when places are left out), two columns, at least the default
// picture's height.
func writePlacePanels(path, title string, reports [][]int64, opts Options, panel func(pl int, multi, first bool) (*plot.Plot, error)) error {
	shown := mostReported(reports, maxFitPlaces)
	if len(shown) < len(reports) {
		title += fmt.Sprintf("\n%d of %d places (most reports)", len(shown), len(reports))
	}
	var panels []*plot.Plot
	for i, pl := range shown {
		p, err := panel(pl, len(shown) > 1, i == 0)
		if err != nil {
			return err
		}
		panels = append(panels, p)
	}
	cols := min(2, len(shown))
	rows := max((len(shown)+cols-1)/cols, 2) // a lone panel gets the default picture's height
	return writeFitPicture(path, rows, opts, fitGrid(title, panels, cols))
}

// mostReported returns the indices of the n places with the largest total
// reports (all when there are at most n), in their order.
func mostReported(reports [][]int64, n int) []int {
	idx := make([]int, len(reports))
	total := make([]int64, len(reports))
	for p, r := range reports {
		idx[p] = p
		for _, y := range r {
			total[p] += max(y, 0)
		}
	}
	if len(idx) <= n {
		return idx
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(total[b], total[a]) })
	idx = idx[:n]
	slices.Sort(idx)
	return idx
}

// perPeriod words a report period: "per week", "per 2 weeks", "per 10
// days".
func perPeriod(days int) string {
	switch {
	case days == 7:
		return "per week"
	case days%7 == 0:
		return fmt.Sprintf("per %d weeks", days/7)
	case days == 1:
		return "per day"
	}
	return fmt.Sprintf("per %d days", days)
}

// quantile indices of [fit.SimulationProbs].
const (
	sq025 = iota
	sq10
	sq50
	sq90
	sq975
)

// bandsPanel is place pl's panel of [FitBands]: a small one (of
// several) has smaller fonts, and only the first has the legend.
func bandsPanel(s *fit.Simulation, pl int, small, legend bool) (*plot.Plot, error) {
	days := tickDays(s.Dates, 7)
	p := newBandsPanel(s.Places[pl], days, small)
	if err := addQuantileBands(p, s.Dates, s.Simulated[pl], "simulations", "simulated median", days); err != nil {
		return nil, err
	}
	obs, err := addReports(p, s.Dates, s.Reports[pl])
	if err != nil {
		return nil, err
	}
	if obs != nil {
		p.Legend.Add("reports", obs)
	}
	finishBandsPanel(p, small, legend)
	return p, nil
}

// finishBandsPanel starts the y axis at zero and sets the legend: none
// unless legend, small fonts and more head room on a small panel.
func finishBandsPanel(p *plot.Plot, small, legend bool) {
	fromZero(p)
	switch {
	case !legend:
		p.Legend = plot.NewLegend()
		p.Y.Max *= 1.05
	case small:
		p.Legend.TextStyle.Font.Size = 8
		p.Legend.ThumbnailWidth = vg.Points(12)
		p.Y.Max *= 1.8 // head room for the legend
	default:
		p.Y.Max *= 1.35
	}
	p.Legend.Top, p.Legend.Left = true, true
}

// newBandsPanel is a panel of reports per period of days on a calendar
// axis, with smaller fonts and no y label when small.
func newBandsPanel(title string, days int, small bool) *plot.Plot {
	p := newPlot(title, "", "reports "+perPeriod(days))
	if small {
		shrinkFonts(p, 10, 9, 8)
		p.Title.Padding = vg.Points(3)
		p.Y.Label.Text = ""
	}
	dateAxis(p)
	p.Y.Tick.Marker = plot.TickerFunc(countTicks)
	p.Add(plotter.NewGrid())
	return p
}

// addQuantileBands draws the 95 % and 80 % bands of the quantiles q[k]
// ([fit.SimulationProbs]) over dates and their median, with legend entries
// "95 % of what", "80 % of what" and median.
func addQuantileBands(p *plot.Plot, dates []time.Time, q [][]float64, what, median string, days int) error {
	for _, b := range []struct {
		lo, hi int
		alpha  float64
		name   string
	}{{sq025, sq975, 0.18, "95 % of " + what}, {sq10, sq90, 0.38, "80 % of " + what}} {
		poly := make(plotter.XYs, 0, 2*len(dates))
		for k, d := range dates {
			poly = append(poly, plotter.XY{X: unix(d), Y: q[k][b.hi]})
		}
		for k := len(dates) - 1; k >= 0; k-- {
			poly = append(poly, plotter.XY{X: unix(dates[k]), Y: q[k][b.lo]})
		}
		area, err := plotter.NewPolygon(poly)
		if err != nil {
			return err
		}
		area.Color = withAlpha(colorS, b.alpha)
		area.LineStyle.Width = 0
		p.Add(area)
		p.Legend.Add(b.name, area)
	}
	mid := make([]float64, len(dates))
	for k := range dates {
		mid[k] = q[k][sq50]
	}
	ml, err := addTimeLine(p, dates, mid, colorS, lineWidth(1.3, days))
	if err != nil {
		return err
	}
	p.Legend.Add(median, ml)
	return nil
}

// addReports draws the observed reports as a thin black line broken at
// missing reports, with dots when there are few; it returns a thumbnail
// for the legend (nil when every report is missing).
func addReports(p *plot.Plot, dates []time.Time, reports []int64) (plot.Thumbnailer, error) {
	var thumb plot.Thumbnailer
	var seg plotter.XYs
	flush := func() error {
		if len(seg) == 0 {
			return nil
		}
		l, err := plotter.NewLine(seg)
		if err != nil {
			return err
		}
		l.Color, l.Width = color.Black, vg.Points(0.8)
		p.Add(l)
		thumb = l
		seg = nil
		return nil
	}
	var dots plotter.XYs
	for k, d := range dates {
		if reports[k] == fit.Missing {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		xy := plotter.XY{X: unix(d), Y: float64(reports[k])}
		seg = append(seg, xy)
		dots = append(dots, xy)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(dots) > 0 && len(dots) <= 120 {
		sc, err := plotter.NewScatter(dots)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(1.5), Shape: draw.CircleGlyph{}}
		p.Add(sc)
	}
	return thumb, nil
}
