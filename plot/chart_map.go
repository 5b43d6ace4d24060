package plot

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// Disc sizes of the maps: the largest place's disc has a radius of
// discMaxShare of the panel's shorter side; areas follow population, but
// no disc is drawn smaller than discMinRadius so that small places show.
const (
	discMaxShare  = 0.07
	discMinRadius = 0.6 // points
)

// noneColor is a place without cases (or infectious people) on a map.
var noneColor = color.RGBA{R: 0xd9, G: 0xd9, B: 0xd9, A: 0xff}

// mapView is what every map panel shares: the measure, the places in
// drawing order (largest first, so that small places stay on top), the
// projected extent and the colour scale.
type mapView struct {
	d      *mapdata.Data
	m      mapdata.Measure
	order  []int
	minX   float64
	maxX   float64
	minY   float64
	maxY   float64
	maxPop float64
	cmap   *ramp // over log10 of the rate per 100 000
}

func newMapView(d *mapdata.Data, m mapdata.Measure, ks []int) *mapView {
	v := &mapView{d: d, m: m, minX: math.Inf(1), maxX: math.Inf(-1), minY: math.Inf(1), maxY: math.Inf(-1)}
	p := d.Places
	for i := range p.Len() {
		if math.IsNaN(p.X[i]) || math.IsNaN(p.Y[i]) {
			continue
		}
		v.order = append(v.order, i)
		v.minX, v.maxX = math.Min(v.minX, p.X[i]), math.Max(v.maxX, p.X[i])
		v.minY, v.maxY = math.Min(v.minY, p.Y[i]), math.Max(v.maxY, p.Y[i])
		v.maxPop = math.Max(v.maxPop, p.Pop[i])
	}
	slices.SortStableFunc(v.order, func(a, b int) int { return -cmpFloat(p.Pop[a], p.Pop[b]) })
	if v.maxX-v.minX < 1 { // one place, or all at one point: 1 km across
		v.minX, v.maxX = v.minX-0.5, v.maxX+0.5
	}
	if v.maxY-v.minY < 1 {
		v.minY, v.maxY = v.minY-0.5, v.maxY+0.5
	}
	lo, hi, _ := rateRange(d, m, ks)
	v.cmap = &ramp{min: lo, max: hi}
	return v
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// rateColor is the colour of a rate per 100 000.
func (v *mapView) rateColor(r float64) color.RGBA {
	if !(r > 0) {
		return noneColor
	}
	return v.cmap.colorAt(math.Log10(r))
}

// fit is the scale (points per km) and offset that put the extent in a
// box of w × h points, centred, with the same scale on both axes.
func (v *mapView) fit(w, h vg.Length) (scale, offX, offY vg.Length) {
	sx, sy := float64(w)/(v.maxX-v.minX), float64(h)/(v.maxY-v.minY)
	s := math.Min(sx, sy)
	return vg.Length(s), (w - vg.Length(s*(v.maxX-v.minX))) / 2, (h - vg.Length(s*(v.maxY-v.minY))) / 2
}

// drawPanel draws period k's map in c under a title, and a scale bar
// when scaleBar is set.
func (v *mapView) drawPanel(c draw.Canvas, k int, title string, scaleBar bool) {
	sty := textStyle(10, draw.XCenter, draw.YTop)
	c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y}, title)
	inner := draw.Crop(c, 4, -4, 4, -sty.Height(title)-4)
	w, h := inner.Max.X-inner.Min.X, inner.Max.Y-inner.Min.Y
	pad := vg.Length(discMaxShare) * min(w, h)
	scale, offX, offY := v.fit(w-2*pad, h-2*pad)
	at := func(i int) vg.Point {
		return vg.Point{X: inner.Min.X + pad + offX + vg.Length(v.d.Places.X[i]-v.minX)*scale,
			Y: inner.Min.Y + pad + offY + vg.Length(v.d.Places.Y[i]-v.minY)*scale}
	}
	rMax := pad
	rates := mapRates(v.d, v.m, k, nil)
	edge := color.RGBA{R: 0x60, G: 0x60, B: 0x60, A: 0xff}
	for _, i := range v.order {
		r := max(vg.Points(discMinRadius), rMax*vg.Length(math.Sqrt(v.d.Places.Pop[i]/v.maxPop)))
		pt := at(i)
		c.DrawGlyph(draw.GlyphStyle{Color: v.rateColor(rates[i]), Radius: r, Shape: draw.CircleGlyph{}}, pt)
		if r > vg.Points(3) {
			c.DrawGlyph(draw.GlyphStyle{Color: edge, Radius: r, Shape: draw.RingGlyph{}}, pt)
		}
	}
	if scaleBar {
		drawScaleBar(inner, scale, w/4)
	}
}

// drawScaleBar draws a bar of a round number of km, about want long, at
// the bottom left of c.
func drawScaleBar(c draw.Canvas, scale, want vg.Length) {
	km := niceKm(float64(want / scale))
	l := vg.Length(km) * scale
	x0, y0 := c.Min.X+vg.Points(4), c.Min.Y+vg.Points(4)
	ls := draw.LineStyle{Color: color.Black, Width: vg.Points(1.5)}
	c.StrokeLines(ls, []vg.Point{{X: x0, Y: y0 + 3}, {X: x0, Y: y0}, {X: x0 + l, Y: y0}, {X: x0 + l, Y: y0 + 3}})
	// The label starts at the bar's left end: centred on a short bar it ran
	// past the panel's left edge and was clipped ("00 km").
	c.FillText(textStyle(8, draw.XLeft, draw.YBottom), vg.Point{X: x0, Y: y0 + 4}, fmt.Sprintf("%g km", km))
}

// niceKm is the largest 1, 2 or 5 × 10ⁿ km at most km (at least 1 m).
func niceKm(km float64) float64 {
	if !(km > 0.001) {
		return 0.001
	}
	e := math.Pow(10, math.Floor(math.Log10(km)))
	for _, m := range []float64{5, 2, 1} {
		if m*e <= km {
			return m * e
		}
	}
	return e
}

// textStyle is the pictures' text style at size points.
func textStyle(size float64, x draw.XAlignment, y draw.YAlignment) text.Style {
	return text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, font.Length(size)), XAlign: x, YAlign: y,
		Handler: plot.DefaultTextHandler}
}

// mapNote is the footnote of the maps: disc sizes, projection, grid.
func mapNote(d *mapdata.Data) string {
	s := fmt.Sprintf("Disc area proportional to population (at least %.1f pt); grey: none. %s.", discMinRadius, d.Projection.Name())
	if d.Grid != nil {
		s += " " + capitalise(d.Grid.String()) + "."
	}
	return s
}

// mapTitle is the maps' title: what the colour is, the places and the file.
func mapTitle(d *mapdata.Data, m mapdata.Measure) string {
	places := fmt.Sprintf("%d patches", d.NumPatches)
	if d.Grid != nil {
		places = fmt.Sprintf("%d grid cells of %d patches", d.Places.Len(), d.NumPatches)
	}
	file := d.StatesFile
	if m.State == mapdata.Cases {
		file = d.CasesFile
	}
	return fmt.Sprintf("%s per 100 000 people: %s (%s)", capitalise(m.Label), places, baseName(file))
}

// mapPicture draws map.png: the periods ks as small multiples (3 × 2),
// the colour bar on the right, the footnote below.
func mapPicture(d *mapdata.Data, dates []time.Time) (func(draw.Canvas) error, error) {
	m, ok := d.Incidence()
	if !ok {
		return nil, fmt.Errorf("no cases and no I in %s", d.Dir)
	}
	ks := mapPeriods(d, m, dates)
	if len(ks) == 0 {
		return nil, fmt.Errorf("none of the dates asked for is in the run (%s to %s)", d.Dates[0].Format(time.DateOnly), d.Dates[d.Periods()-1].AddDate(0, 0, d.PeriodDays()-1).Format(time.DateOnly))
	}
	v := newMapView(d, m, ks)
	return func(c draw.Canvas) error {
		c = withTitle(c, mapTitle(d, m))
		note := mapNote(d)
		ns := textStyle(8, draw.XLeft, draw.YBottom)
		c.FillText(ns, vg.Point{X: c.Min.X + 4, Y: c.Min.Y + 2}, note)
		c = draw.Crop(c, 0, 0, ns.Height(note)+4, 0)
		barWidth := vg.Inch * 1.1
		bar := colorBar(v.cmap, m.Label+" per 100 000 (log scale)")
		bar.Y.Tick.Marker = plot.TickerFunc(decadeTicks)
		bar.Draw(draw.Crop(c, c.Max.X-c.Min.X-barWidth+vg.Points(8), -vg.Points(16), vg.Points(10), -vg.Points(10)))
		c = draw.Crop(c, 0, -barWidth, 0, 0)
		cols := min(3, len(ks))
		rows := (len(ks) + cols - 1) / cols
		tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(4), PadY: vg.Points(4)}
		for j, k := range ks {
			tile := tiles.At(c, j%cols, j/cols)
			tile.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 0xcc}, Width: vg.Points(0.5)}, rectangle(tile))
			v.drawPanel(tile, k, periodLabel(d, k), j == 0)
		}
		return nil
	}, nil
}

// rectangle is the outline of c.
func rectangle(c draw.Canvas) []vg.Point {
	return []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}, c.Min}
}

// periodLabel names period k: "week from 1 Apr 1951", "biweek from …",
// "3 days from …", or the day.
func periodLabel(d *mapdata.Data, k int) string {
	day := d.Dates[k].Format("2 Jan 2006")
	switch d.PeriodDays() {
	case 1:
		return day
	case 7:
		return "week from " + day
	case 14:
		return "biweek from " + day
	}
	return fmt.Sprintf("%d days from %s", d.PeriodDays(), day)
}
