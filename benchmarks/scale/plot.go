package main

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Pictures are 6 × 4 in at 96 dpi (576 × 384 px): small files, readable
// in a Markdown page.
const picW, picH = 6 * vg.Inch, 4 * vg.Inch

// series is one line of a picture: y against x, points with y ≤ 0 (not
// measured) left out.
type series struct {
	name   string
	x, y   []float64
	color  color.Color
	dashed bool
}

// Okabe–Ito colours (colour-blind safe), as package plot uses.
var (
	blue       = color.RGBA{0x00, 0x72, 0xB2, 0xff}
	vermillion = color.RGBA{0xD5, 0x5E, 0x00, 0xff}
	green      = color.RGBA{0x00, 0x9E, 0x73, 0xff}
	orange     = color.RGBA{0xE6, 0x9F, 0x00, 0xff}
	grey       = color.RGBA{0x99, 0x99, 0x99, 0xff}
)

// logPlot draws the series on log-log axes and saves the PNG.
func logPlot(path, title, xLabel, yLabel string, ss []series) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = decades{}, decades{}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = 9
	p.Add(plotter.NewGrid())
	for _, s := range ss {
		var xy plotter.XYs
		for k := range s.x {
			if s.x[k] > 0 && s.y[k] > 0 {
				xy = append(xy, plotter.XY{X: s.x[k], Y: s.y[k]})
			}
		}
		if len(xy) == 0 {
			continue
		}
		l, pts, err := plotter.NewLinePoints(xy)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		l.Color, pts.Color = s.color, s.color
		pts.Shape = draw.CircleGlyph{}
		if s.dashed {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			p.Add(l)
			p.Legend.Add(s.name, l)
			continue
		}
		p.Add(l, pts)
		p.Legend.Add(s.name, l, pts)
	}
	// Headroom above the data for the legend (top left): two decades.
	p.Y.Max *= 100
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return p.Save(picW, picH, path)
}

// plotTolerance draws the error against the tolerance from the CSV.
func plotTolerance(csvPath, png string) error {
	cols, err := readColumns(csvPath, tolHeader, "n", "tolerance", "max_err_dense", "max_err_sparse", "mean_err_dense",
		"estimate_max")
	if err != nil {
		return err
	}
	tol := cols["tolerance"]
	n := 0
	if len(tol) > 0 {
		n = int(cols["n"][0])
	}
	return logPlot(png, fmt.Sprintf("Hierarchical force: λ error on all %d patches", n), "tolerance", "relative λ error", []series{
		{name: "error = tolerance", x: tol, y: tol, color: grey, dashed: true},
		{name: "max, every patch infectious", x: tol, y: cols["max_err_dense"], color: blue},
		{name: "max, 1 % of patches infectious", x: tol, y: cols["max_err_sparse"], color: vermillion},
		{name: "mean, every patch infectious", x: tol, y: cols["mean_err_dense"], color: green},
		{name: "build's estimate: worst state of 256 rows (D·y)", x: tol, y: cols["estimate_max"], color: orange},
	})
}

// plotTime draws the times against N from the CSV.
func plotTime(csvPath, png string) error {
	cols, err := readColumns(csvPath, nHeader, "n", "build_s", "force_s", "streaming_force_s", "factored_force_s")
	if err != nil {
		return err
	}
	n := cols["n"]
	return logPlot(png, "Time against N (gravity, clustered patches, 2 cores)", "patches N", "wall seconds", []series{
		{name: "hierarchical build (tolerance 1e-6)", x: n, y: cols["build_s"], color: orange},
		{name: "hierarchical force, per tick", x: n, y: cols["force_s"], color: blue},
		{name: "exact streaming force, per tick", x: n, y: cols["streaming_force_s"], color: vermillion},
		{name: "exact factored force, per tick", x: n, y: cols["factored_force_s"], color: green},
	})
}

// decades marks the powers of ten of a log axis: 0.001 … 1 000 000 in
// decimals, "1e-7" beyond.
type decades struct{}

// Ticks implements plot.Ticker.
func (decades) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for k := int(math.Floor(math.Log10(lo))); k <= int(math.Ceil(math.Log10(hi))); k++ {
		v := math.Pow10(k)
		if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
			continue
		}
		label := fmt.Sprintf("1e%d", k)
		if k >= -3 && k <= 6 {
			label = strconv.FormatFloat(v, 'f', -1, 64)
		}
		ts = append(ts, plot.Tick{Value: v, Label: label})
	}
	return ts
}
