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

// sirPicture draws the global S and R, and any large compartment a variant
// declares (top panel), and I, with E in an SEIR table (middle panel),
// over time from the states table: I and E are two orders of magnitude
// below S and R, so they get their own scale. A declared compartment that
// stays below smallShare of S and R (a 1 % maternal-immunity class) would
// be a flat line at the top panel's foot: it gets a panel of its own scale
// at the bottom. The bottom panel says what I is: in
// the biweekly SIR model I at the end of a tick is that tick's incidence
// (infections per biweek), in an SEIR model (the daily one) the people
// infectious at the tick; stepDays is summary.json's tick length (0
// unknown), used when the table has a single tick.
func sirPicture(t *tidyTable, unit string, stepDays int) (func(draw.Canvas) error, error) {
	top, bottom, small, err := sirPlots(t, unit, stepDays)
	if err != nil {
		return nil, err
	}
	rows := [][]*plot.Plot{{top}, {bottom}}
	if small != nil {
		rows = append(rows, []*plot.Plot{small})
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
// the top panel's S and R, and still get a panel of its own: at 5 % of
// the axis a curve is a few pixels high.
const smallShare = 0.05

// sirPlots are the panels of [sirPicture]: small is nil when no declared
// compartment is small.
func sirPlots(t *tidyTable, unit string, stepDays int) (top, bottom, small *plot.Plot, err error) {
	for _, s := range []string{"S", "I", "R"} {
		if !t.hasState(s) {
			return nil, nil, nil, fmt.Errorf("%s has no rows of state %q: S, I, R curves skipped", t.path, s)
		}
	}
	what := baseName(t.path)
	if n := len(t.groups); n > 1 {
		what = fmt.Sprintf("sum of %d %s in %s", n, unit, what)
	}
	extra := extraStates(t)
	seir := isSEIR(t)
	states := []string{"S", "I", "R"}
	bottomLabel := "I: infections " + perTick(tickDays(t.dates, stepDays))
	if seir {
		states = []string{"S", "E", "I", "R"}
		bottomLabel = "infectious (I) and exposed (E), people"
	}
	states = append(states, extra...)
	names := strings.Join(states[:len(states)-1], ", ") + " and " + states[len(states)-1]
	top = newPlot(fmt.Sprintf("Global %s over time (%s)", names, what), "", "people")
	bottom = newPlot("", "date", bottomLabel)
	for _, p := range []*plot.Plot{top, bottom} {
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
	curves := []curve{{"S", "S susceptible", colorS, top}, {"R", "R recovered", colorR, top}, {"I", "I infectious", colorI, bottom}}
	if seir {
		curves = append(curves, curve{"E", "E exposed", colorE, bottom})
	}
	topMax := max(maxOf(t.total("S")), maxOf(t.total("R")))
	smallMax := 0.0
	for k, s := range extra {
		m := maxOf(t.total(s))
		if m >= smallShare*topMax {
			curves = append(curves, curve{s, s, lineColor(3 + k), top})
			topMax = max(topMax, m)
			continue
		}
		if small == nil {
			small = newPlot("", "date", "people")
			dateAxis(small)
			small.Y.Tick.Marker = plot.TickerFunc(countTicks)
			small.Add(plotter.NewGrid())
			bottom.X.Label.Text = ""
			if seir {
				// a third of the height cannot hold the long label
				// (it was clipped); the legend names I and E
				bottom.Y.Label.Text = "people"
			}
		}
		curves = append(curves, curve{s, s, lineColor(3 + k), small})
		smallMax = max(smallMax, m)
	}
	for _, c := range curves {
		l, err := addTimeLine(c.p, t.dates, t.total(c.state), c.color, vg.Points(1.5))
		if err != nil {
			return nil, nil, nil, err
		}
		if c.p == top || c.p == small || seir {
			c.p.Legend.Add(c.label, l)
		}
	}
	// Head room for the legend above the top panel's lines (more when a
	// third panel makes the panels lower, the legend as tall).
	top.Y.Max = 1.3 * topMax
	if small != nil {
		top.Y.Max = 1.6 * topMax
	}
	fromZero(top)
	if seir {
		// Head room for the legend above the bottom panel's lines.
		bottom.Y.Max = 1.3 * max(maxOf(t.total("I")), maxOf(t.total("E")))
	}
	fromZero(bottom)
	legends := []*plot.Plot{top}
	if seir {
		legends = append(legends, bottom)
	}
	if small != nil {
		// Head room for the legend above the lines.
		small.Y.Max = 1.3 * smallMax
		fromZero(small)
		legends = append(legends, small)
	}
	for _, p := range legends {
		p.Legend.Top = true
		p.Legend.Left = true
		p.Legend.XOffs = vg.Points(6)
	}
	return top, bottom, small, nil
}
