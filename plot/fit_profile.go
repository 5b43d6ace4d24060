package plot

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/rubeola/rubeola/fit"
)

// profileDepth is how far below the best point profile.png's y axis
// reaches at least (log-likelihood units), and profileMaxDepth how far at
// most: a failed search far below would flatten the curve.
const (
	profileDepth    = 4.0
	profileMaxDepth = 25.0
)

// FitProfile draws profile.png at path: every search's log-likelihood
// (grey), the best of each value (blue), the MCAP-smoothed profile
// (vermillion), its cutoff (dashed: the maximum minus delta) and the
// confidence interval it gives (shaded). Without an MCAP (too few values)
// only the points are drawn and the title says so. Searches more than 25
// log-likelihood units below the best are drawn on the axis's floor (the
// y label says so).
func FitProfile(path string, r *fit.ProfileResult, opts Options) error {
	if len(r.Points) == 0 {
		return fmt.Errorf("%s: a profile without points", baseName(path))
	}
	p := newPlot("", r.Parameter, "log-likelihood")
	top, bottom := math.Inf(-1), math.Inf(1)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, pt := range r.Points {
		if !math.IsInf(pt.LogLik, 0) && !math.IsNaN(pt.LogLik) {
			top, bottom = max(top, pt.LogLik), min(bottom, pt.LogLik)
		}
		lo, hi = min(lo, pt.Value), max(hi, pt.Value)
	}
	if math.IsInf(top, -1) {
		return fmt.Errorf("%s: no finite log-likelihood among the profile's points", baseName(path))
	}
	floor := top - profileMaxDepth
	if m := r.MCAP; m != nil {
		top, bottom = max(top, largest(m.Smoothed)), min(bottom, -largest(neg(m.Smoothed)))
	}
	yMin := max(min(bottom, top-profileDepth), floor)
	if bottom < floor {
		p.Y.Label.Text = fmt.Sprintf("log-likelihood (below %s: at the bottom)", short(floor))
	}
	yMax := top + 0.35*(top-yMin+1) // head room for the legend
	p.Add(plotter.NewGrid())
	title := fmt.Sprintf("Profile likelihood of %s (%d values, %d searches): no MCAP interval, too few values (profile 10 or more)",
		r.Parameter, len(r.Best), len(r.Points))
	if m := r.MCAP; m != nil {
		if err := addInterval(p, m, yMin, yMax); err != nil {
			return err
		}
		title = fmt.Sprintf("Profile of %s: MLE %s, %s %% CI [%s, %s] (MCAP; %d values, %d searches)", r.Parameter,
			short(m.MLE), short(100*m.Level), short(m.Lower), short(m.Upper), len(r.Best), len(r.Points))
	}
	all, err := profileScatter(r.Points, floor, withAlpha(color.Gray{Y: 0x70}, 0.7), 2.2)
	if err != nil {
		return err
	}
	best, err := profileScatter(r.Best, floor, lineColor(0), 3.2)
	if err != nil {
		return err
	}
	p.Add(all, best)
	p.Legend.Add("each search", all)
	p.Legend.Add("best of each value", best)
	if m := r.MCAP; m != nil {
		if err := addMCAP(p, m); err != nil {
			return err
		}
	}
	p.Legend.Top, p.Legend.Left = true, false
	p.Legend.XOffs = -vg.Points(6)
	margin := 0.03 * max(hi-lo, 1e-9)
	p.X.Min, p.X.Max = lo-margin, hi+margin
	p.Y.Min, p.Y.Max = yMin, yMax
	return writeFitPicture(path, 0, opts, func(c draw.Canvas) error {
		c = withTitle(c, title)
		p.Draw(draw.Crop(c, vg.Points(4), -vg.Points(12), vg.Points(4), 0))
		return nil
	})
}

// neg returns −v.
func neg(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = -x
	}
	return out
}

// addInterval shades the confidence interval from yMin to yMax.
func addInterval(p *plot.Plot, m *fit.MCAPResult, yMin, yMax float64) error {
	band, err := plotter.NewPolygon(plotter.XYs{{X: m.Lower, Y: yMin}, {X: m.Upper, Y: yMin}, {X: m.Upper, Y: yMax}, {X: m.Lower, Y: yMax}})
	if err != nil {
		return err
	}
	band.Color = withAlpha(lineColor(2), 0.15)
	band.LineStyle.Width = 0
	p.Add(band)
	p.Legend.Add(fmt.Sprintf("%s %% interval", short(100*m.Level)), band)
	return nil
}

// profileScatter draws points as filled circles of radius pt points,
// clamped at floor (a point below is drawn on it).
func profileScatter(points []fit.ProfilePoint, floor float64, c color.Color, pt float64) (*plotter.Scatter, error) {
	xys := make(plotter.XYs, 0, len(points))
	for _, p := range points {
		if math.IsNaN(p.LogLik) {
			continue
		}
		xys = append(xys, plotter.XY{X: p.Value, Y: max(p.LogLik, floor)})
	}
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(pt), Shape: draw.CircleGlyph{}}
	return sc, nil
}

// addMCAP draws the smoothed profile and the cutoff.
func addMCAP(p *plot.Plot, m *fit.MCAPResult) error {
	curve := make(plotter.XYs, len(m.Grid))
	for i := range m.Grid {
		curve[i] = plotter.XY{X: m.Grid[i], Y: m.Smoothed[i]}
	}
	l, err := plotter.NewLine(curve)
	if err != nil {
		return err
	}
	l.Color, l.Width = lineColor(1), vg.Points(1.6)
	p.Add(l)
	p.Legend.Add("smoothed profile (MCAP)", l)
	cut := largest(m.Smoothed) - m.Delta
	lo, hi := m.Grid[0], m.Grid[len(m.Grid)-1]
	hl, err := plotter.NewLine(plotter.XYs{{X: lo, Y: cut}, {X: hi, Y: cut}})
	if err != nil {
		return err
	}
	hl.Color, hl.Width, hl.Dashes = color.Black, vg.Points(1), []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(hl)
	p.Legend.Add(fmt.Sprintf("cutoff: maximum − %s", short(m.Delta)), hl)
	return nil
}

// largest is the largest of v (−Inf for none).
func largest(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = max(m, x)
	}
	return m
}

// short formats x with 4 significant digits.
func short(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
