package plot

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// addTimeLine adds a line of values over the ticks' dates to p and returns
// it (for the legend); a single tick, which a line cannot show, also gets
// a dot.
func addTimeLine(p *plot.Plot, dates []time.Time, values []float64, c color.Color, width vg.Length) (*plotter.Line, error) {
	xys := make(plotter.XYs, len(dates))
	for i, d := range dates {
		xys[i] = plotter.XY{X: unix(d), Y: values[i]}
	}
	return addLine(p, xys, c, width)
}

// addLine adds a line through xys to p and returns it (for the legend); a
// single point, which a line cannot show, also gets a dot.
func addLine(p *plot.Plot, xys plotter.XYs, c color.Color, width vg.Length) (*plotter.Line, error) {
	l, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	l.Color = c
	l.Width = width
	p.Add(l)
	if len(xys) == 1 {
		dot, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, err
		}
		dot.GlyphStyle = draw.GlyphStyle{Color: c, Radius: 2 * width, Shape: draw.CircleGlyph{}}
		p.Add(dot)
	}
	return l, nil
}

// extraStates returns the states of t other than S, E, I and R (the
// compartments a variant declares, e.g. W), in first-appearance order.
func extraStates(t *tidyTable) []string {
	var out []string
	for _, s := range t.states {
		if s != "S" && s != "E" && s != "I" && s != "R" {
			out = append(out, s)
		}
	}
	return out
}

// sirPicture draws the global S (top panel, on a scale fitted to its
// range: beside R it was a flat line), R and any large compartment a
// variant declares (second panel), and I, with E in an SEIR table (third
// panel), over time from the states table: I and E are two orders of
// magnitude below S and R, so they get their own scale. A declared
// compartment that stays below smallShare of S and R (a 1 % maternal-
// immunity class) would be a flat line at the foot of R's panel: it gets a
// panel of its own scale at the bottom. Every panel's y axis is labelled
// in a word ("people", "per biweek": a longer label was taller than a
// panel and ran into the gap) and its legend names the curves: in the
// biweekly SIR model I at the end of a tick is that tick's incidence
// (infections per biweek), in an SEIR model (the daily models,
// compartmental and agent-based) the people infectious at the tick; stepDays is summary.json's tick length (0
// unknown), used when the table has a single tick.
func sirPicture(t *tidyTable, unit string, stepDays int) (func(draw.Canvas) error, error) {
	ps, err := sirPlots(t, unit, stepDays)
	if err != nil {
		return nil, err
	}
	rows := [][]*plot.Plot{{ps.s}, {ps.r}, {ps.i}}
	if ps.small != nil {
		rows = append(rows, []*plot.Plot{ps.small})
	}
	return func(c draw.Canvas) error {
		tiles := draw.Tiles{Rows: len(rows), Cols: 1, PadY: vg.Points(6), PadTop: vg.Points(2), PadBottom: vg.Points(2), PadLeft: vg.Points(2), PadRight: vg.Points(8)}
		canvases := plot.Align(rows, tiles, c)
		for r, row := range rows {
			row[0].Draw(canvases[r][0])
		}
		return nil
	}, nil
}

// smallShare is the largest a declared compartment may be, as a share of
// S and R, and still get a panel of its own: at 5 % of the axis a curve is
// a few pixels high.
const smallShare = 0.05

// sirPanels are the panels of [sirPicture]: s (S, with the title), r (R
// and the large declared compartments), i (I, and E of an SEIR table) and
// small (the small declared compartments; nil when there are none).
type sirPanels struct {
	s, r, i, small *plot.Plot
}

// sirPlots makes the panels of [sirPicture].
func sirPlots(t *tidyTable, unit string, stepDays int) (*sirPanels, error) {
	for _, s := range []string{"S", "I", "R"} {
		if !t.hasState(s) {
			return nil, fmt.Errorf("%s has no rows of state %q: S, I, R curves skipped", t.path, s)
		}
	}
	what := baseName(t.path)
	if n := len(t.groups); n > 1 {
		what = fmt.Sprintf("sum of %d %s in %s", n, unit, what)
	}
	extra := extraStates(t)
	seir := isSEIR(t)
	states := []string{"S", "I", "R"}
	per := perTick(tickDays(t.dates, stepDays))
	iLabel, iAxis := "I infections "+per, per
	if seir {
		states = []string{"S", "E", "I", "R"}
		iLabel, iAxis = "I infectious", "people"
	}
	states = append(states, extra...)
	names := strings.Join(states[:len(states)-1], ", ") + " and " + states[len(states)-1]
	ps := &sirPanels{
		s: newPlot(fmt.Sprintf("Global %s over time (%s)", names, what), "", "people"),
		r: newPlot("", "", "people"),
		i: newPlot("", "date", iAxis),
	}
	panels := []*plot.Plot{ps.s, ps.r, ps.i}
	for _, p := range panels {
		dateAxis(p)
		p.Y.Tick.Marker = plot.TickerFunc(countTicks)
		p.Add(plotter.NewGrid())
	}
	type curve struct {
		state string
		label string
		color color.Color
		p     *plot.Plot
	}
	curves := []curve{{"S", "S susceptible", colorS, ps.s}, {"R", "R recovered", colorR, ps.r}, {"I", iLabel, colorI, ps.i}}
	if seir {
		curves = append(curves, curve{"E", "E exposed", colorE, ps.i})
	}
	rMax := maxOf(t.total("R"))
	bigMax := max(maxOf(t.total("S")), rMax)
	smallMax := 0.0
	for k, s := range extra {
		m := maxOf(t.total(s))
		if m >= smallShare*bigMax {
			curves = append(curves, curve{s, s, lineColor(3 + k), ps.r})
			rMax = max(rMax, m)
			continue
		}
		if ps.small == nil {
			ps.small = newPlot("", "date", "people")
			dateAxis(ps.small)
			ps.small.Y.Tick.Marker = plot.TickerFunc(countTicks)
			ps.small.Add(plotter.NewGrid())
			ps.i.X.Label.Text = ""
			panels = append(panels, ps.small)
		}
		curves = append(curves, curve{s, s, lineColor(3 + k), ps.small})
		smallMax = max(smallMax, m)
	}
	for _, c := range curves {
		l, err := addTimeLine(c.p, t.dates, t.total(c.state), c.color, vg.Points(1.5))
		if err != nil {
			return nil, err
		}
		c.p.Legend.Add(c.label, l)
	}
	fitRange(ps.s, t.total("S"))
	// Head room for the legends above the lines.
	ps.r.Y.Max = 1.4 * rMax
	fromZero(ps.r)
	ps.i.Y.Max = 1.4 * maxOf(t.total("I"))
	if seir {
		ps.i.Y.Max = 1.4 * max(maxOf(t.total("I")), maxOf(t.total("E")))
	}
	fromZero(ps.i)
	if ps.small != nil {
		ps.small.Y.Max = 1.4 * smallMax
		fromZero(ps.small)
	}
	for _, p := range panels {
		p.Legend.Top = true
		p.Legend.Left = true
		p.Legend.XOffs = vg.Points(6)
	}
	return ps, nil
}

// fitRange sets p's y axis to the range of v with room above for the
// legend (not from zero: the variation of S, a few per cent of it, shows).
func fitRange(p *plot.Plot, v []float64) {
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	span := hi - lo
	if span < 1 {
		span = max(1, 0.1*hi)
	}
	p.Y.Min, p.Y.Max = max(0, lo-0.1*span), hi+0.6*span
}
