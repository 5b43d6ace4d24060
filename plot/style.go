package plot

import (
	"image/color"
	"math"
	"strconv"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Line colours: the Okabe–Ito colour-blind-safe palette (Okabe & Ito 2008,
// "Color Universal Design"), ordered so the first ones contrast most on
// white (its yellow last).
var lineColors = []color.Color{
	rgb(0x0072B2), // blue
	rgb(0xD55E00), // vermillion
	rgb(0x009E73), // bluish green
	rgb(0xE69F00), // orange
	rgb(0xCC79A7), // reddish purple
	rgb(0x56B4E9), // sky blue
	rgb(0x000000), // black
	rgb(0xF0E442), // yellow
	rgb(0x999999), // grey: beyond the palette
	rgb(0x5E3C99),
	rgb(0x8C510A),
}

// The compartments' colours, the same in every picture.
var (
	colorS = lineColors[0]
	colorI = lineColors[1]
	colorR = lineColors[2]
	colorE = lineColors[4]
)

// lineColor is the i-th line colour (cycling).
func lineColor(i int) color.Color { return lineColors[i%len(lineColors)] }

// rgb is the opaque colour 0xRRGGBB.
func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// withAlpha is c at opacity a (premultiplied, as color.RGBA is).
func withAlpha(c color.Color, a float64) color.Color {
	r, g, b, _ := c.RGBA()
	return color.RGBA{R: uint8(float64(r>>8) * a), G: uint8(float64(g>>8) * a), B: uint8(float64(b>>8) * a), A: uint8(255 * a)}
}

// unix is t as an x-axis value.
func unix(t time.Time) float64 { return float64(t.Unix()) }

// newPlot returns a plot with a title and axis labels, light grid-free
// styling and the given font size for ticks.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Legend.TextStyle.Font.Size = 10
	p.Legend.ThumbnailWidth = vg.Points(18)
	p.Legend.Padding = vg.Points(2)
	return p
}

// shrinkFonts sets a plot's title, axis-label and tick-label sizes (for
// small panels).
func shrinkFonts(p *plot.Plot, title, label, ticks font.Length) {
	p.Title.TextStyle.Font.Size = title
	p.X.Label.TextStyle.Font.Size = label
	p.Y.Label.TextStyle.Font.Size = label
	p.X.Tick.Label.Font.Size = ticks
	p.Y.Tick.Label.Font.Size = ticks
	p.Legend.TextStyle.Font.Size = ticks
}

// dateAxis makes p's x axis a calendar axis (values are Unix seconds).
func dateAxis(p *plot.Plot) { p.X.Tick.Marker = plot.TickerFunc(dateTicks) }

// dateTicks labels years (every 1, 2, 5, … years, at most 10 labels) over
// two years or more, else months (every 1, 2, 3 or 6), with unlabelled
// minor ticks between.
func dateTicks(lo, hi float64) []plot.Tick {
	from, to := time.Unix(int64(lo), 0).UTC(), time.Unix(int64(hi), 0).UTC()
	var ticks []plot.Tick
	years := to.Sub(from).Hours() / 24 / 365.25
	if years >= 2 {
		step := niceStep(years/10, []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
		for y := from.Year(); y <= to.Year()+1; y++ {
			t := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
			if t.Before(from) || t.After(to) {
				continue
			}
			tick := plot.Tick{Value: unix(t)}
			if y%step == 0 {
				tick.Label = strconv.Itoa(y)
			}
			ticks = append(ticks, tick)
		}
		return ticks
	}
	step := niceStep(years*12/10, []int{1, 2, 3, 6})
	for t := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC); !t.After(to); t = t.AddDate(0, 1, 0) {
		if t.Before(from) {
			continue
		}
		tick := plot.Tick{Value: unix(t)}
		if (int(t.Month())-1)%step == 0 {
			tick.Label = t.Format("Jan 2006")
		}
		ticks = append(ticks, tick)
	}
	return ticks
}

// niceStep is the first of steps at least want (the last if none is).
func niceStep(want float64, steps []int) int {
	for _, s := range steps {
		if float64(s) >= want {
			return s
		}
	}
	return steps[len(steps)-1]
}

// countLabel writes a count compactly: 950, 12k, 1.5M, 2G.
func countLabel(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return strconv.FormatFloat(v/1e9, 'g', 3, 64) + "G"
	case a >= 1e6:
		return strconv.FormatFloat(v/1e6, 'g', 3, 64) + "M"
	case a >= 1e3:
		return strconv.FormatFloat(v/1e3, 'g', 3, 64) + "k"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// countTicks is the default ticker with compact count labels; from 4 up,
// fractional ticks (2.5 people) lose their label.
func countTicks(lo, hi float64) []plot.Tick {
	ticks := countLabels(plot.DefaultTicks{}.Ticks(lo, hi))
	if hi >= 4 {
		for i, t := range ticks {
			if t.Value != math.Trunc(t.Value) {
				ticks[i].Label = ""
			}
		}
	}
	return ticks
}

// logCountTicks are decade ticks with compact labels for a log axis.
func logCountTicks(lo, hi float64) []plot.Tick { return countLabels(plot.LogTicks{}.Ticks(lo, hi)) }

// countLabels relabels the labelled ticks with [countLabel].
func countLabels(ticks []plot.Tick) []plot.Tick {
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = countLabel(ticks[i].Value)
		}
	}
	return ticks
}

// withTitle draws a title across the top of c and returns the canvas
// below it (for pictures made of several panels).
func withTitle(c draw.Canvas, title string) draw.Canvas {
	sty := text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, 12), XAlign: draw.XCenter, YAlign: draw.YTop,
		Handler: plot.DefaultTextHandler}
	pad := vg.Points(4)
	c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - pad}, title)
	h := sty.Height(title) + 2*pad
	return draw.Crop(c, 0, 0, 0, -h)
}

// maxOf is the largest of v (0 for none or all negative).
func maxOf(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = max(m, x)
	}
	return m
}

// fromZero starts p's y axis at 0 (counts), with a range of at least 1 so
// that all-zero data draws on a sensible axis. Call it after Add, which
// widens the axes to the data.
func fromZero(p *plot.Plot) {
	p.Y.Min = 0
	if p.Y.Max <= 0 {
		p.Y.Max = 1
	}
}
