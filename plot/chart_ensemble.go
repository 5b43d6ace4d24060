package plot

import (
	"fmt"
	"image/color"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ensemblePicture draws the median and the 50 % and 90 % bands across
// replicates of the global I and, when given, of the global reported
// cases, one panel each; stepDays is the tick length from summary.json (0
// unknown), used for a single-tick table.
func ensemblePicture(infections, cases *ensembleSeries, dir string, stepDays int) (func(draw.Canvas) error, error) {
	var panels [][]*plot.Plot
	infectionsLabel, casesLabel := "", ""
	if infections != nil {
		infectionsLabel = "I: infections " + perTick(tickDays(infections.dates, stepDays))
		if infections.seir {
			infectionsLabel = "I: infectious people"
		}
	}
	if cases != nil {
		casesLabel = "reported cases " + perTick(tickDays(cases.dates, stepDays))
	}
	for _, e := range []struct {
		s     *ensembleSeries
		label string
		color color.Color
	}{
		{infections, infectionsLabel, colorI},
		{cases, casesLabel, colorS},
	} {
		if e.s == nil {
			continue
		}
		p, err := bandPlot(e.s, e.label, e.color)
		if err != nil {
			return nil, err
		}
		panels = append(panels, []*plot.Plot{p})
	}
	panels[len(panels)-1][0].X.Label.Text = "date"
	title := fmt.Sprintf("Ensemble: median, 50 %% and 90 %% bands across replicates (%s)", dir)
	return func(c draw.Canvas) error {
		c = withTitle(c, title)
		tiles := draw.Tiles{Rows: len(panels), Cols: 1, PadY: vg.Points(8), PadLeft: vg.Points(2), PadRight: vg.Points(8), PadBottom: vg.Points(2)}
		canvases := plot.Align(panels, tiles, c)
		for r := range panels {
			panels[r][0].Draw(canvases[r][0])
		}
		return nil
	}, nil
}

// bandPlot is one panel: the q05–q95 and q25–q75 bands as shaded areas
// and the median as a line, with a legend.
func bandPlot(s *ensembleSeries, label string, c color.Color) (*plot.Plot, error) {
	p := newPlot("", "", label)
	dateAxis(p)
	if err := addBands(p, s, c); err != nil {
		return nil, err
	}
	p.Legend.Top = true
	p.Y.Max *= 1.4 // head room for the legend
	return p, nil
}

// addBands draws s's bands and median into p (legend entries included)
// with the y axis from zero.
func addBands(p *plot.Plot, s *ensembleSeries, c color.Color) error {
	p.Y.Tick.Marker = plot.TickerFunc(countTicks)
	p.Add(plotter.NewGrid())
	for _, b := range []struct {
		lo, hi int
		alpha  float64
		name   string
	}{
		{q05, q95, 0.2, "90 % band (q05–q95)"},
		{q25, q75, 0.4, "50 % band (q25–q75)"},
	} {
		n := len(s.dates)
		poly := make(plotter.XYs, 0, 2*n)
		for i, d := range s.dates {
			poly = append(poly, plotter.XY{X: unix(d), Y: s.q[b.hi][i]})
		}
		for i := n - 1; i >= 0; i-- {
			poly = append(poly, plotter.XY{X: unix(s.dates[i]), Y: s.q[b.lo][i]})
		}
		area, err := plotter.NewPolygon(poly)
		if err != nil {
			return err
		}
		area.Color = withAlpha(c, b.alpha)
		area.LineStyle.Width = 0
		p.Add(area)
		p.Legend.Add(b.name, area)
	}
	median, err := addTimeLine(p, s.dates, s.q[q50], c, lineWidth(1.5, tickDays(s.dates, 0)))
	if err != nil {
		return err
	}
	p.Legend.Add("median (q50)", median)
	fromZero(p)
	return nil
}

// ensembleGroupsPicture draws the bands of the largest groups, one panel
// each (largest first, each with its own y scale), the legend in the first.
func ensembleGroupsPicture(g *ensembleGroups) (func(draw.Canvas) error, error) {
	var panels []*plot.Plot
	for i, s := range g.series {
		p := panelPlot(s.group, g.pops[i])
		if err := addBands(p, s, colorS); err != nil {
			return nil, err
		}
		if i == 0 {
			p.Legend.Top = true
			p.Y.Max *= 1.6 // head room for the legend in a small panel
		} else {
			p.Legend = plot.NewLegend()
		}
		panels = append(panels, p)
	}
	title := fmt.Sprintf("Ensemble: %s %s, %s (%s)", g.what, g.when, largestOf(len(g.series), g.total, "patches"), filepath.Join(ensembleDir, baseName(g.file)))
	return gridPicture(title, panels), nil
}
