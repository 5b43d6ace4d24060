package main

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// drawChart draws each town's share of weeks without reported cases
// against its population (log scale), with the mean of each size class, to
// path (PNG, written to a temporary file and renamed).
func drawChart(path string, towns []town, years int) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Fade-out by town size: %d towns, %d simulated years (after %d burn-in)", len(towns), years-burnInYears, burnInYears)
	p.X.Label.Text = "population (log scale)"
	p.Y.Label.Text = "share of weeks without reported cases"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = populationTicks{}
	p.Y.Min, p.Y.Max = 0, 1
	p.Add(plotter.NewGrid())

	pts := make(plotter.XYs, 0, len(towns))
	for _, t := range towns {
		if t.pop > 0 {
			pts = append(pts, plotter.XY{X: float64(t.pop), Y: t.share()})
		}
	}
	dots, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	dots.GlyphStyle = draw.GlyphStyle{Color: color.NRGBA{R: 0, G: 114, B: 178, A: 120}, Radius: vg.Points(2.2), Shape: draw.CircleGlyph{}}
	p.Add(dots)
	p.Legend.Add("town", dots)

	n, mean := classMeans(towns)
	var line plotter.XYs
	for k := range n {
		if n[k] > 0 {
			line = append(line, plotter.XY{X: classCentre(k, towns), Y: mean[k]})
		}
	}
	if len(line) > 0 {
		l, s, err := plotter.NewLinePoints(line)
		if err != nil {
			return err
		}
		l.Color, l.Width = color.RGBA{R: 213, G: 94, B: 0, A: 255}, vg.Points(2)
		s.Color, s.Shape, s.Radius = l.Color, draw.BoxGlyph{}, vg.Points(4)
		p.Add(l, s)
		p.Legend.Add("mean per size class", l, s)
	}
	p.Legend.Top = true

	tmp := filepath.Join(filepath.Dir(path), ".fadeouts-tmp.png")
	if err := p.Save(10*vg.Inch, 6*vg.Inch, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// populationTicks marks the powers of ten of a log axis as 1k, 10k, 100k,
// 1M, … (gonum's log ticks write 1e+06).
type populationTicks struct{}

// Ticks returns the labelled powers of ten in [lo, hi] and unlabelled
// minor ticks at 2…9 times each.
func (populationTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		base := math.Pow(10, e)
		for k := 1.0; k < 10; k++ {
			if v := k * base; v >= lo && v <= hi {
				label := ""
				if k == 1 {
					label = populationLabel(v)
				}
				ticks = append(ticks, plot.Tick{Value: v, Label: label})
			}
		}
	}
	return ticks
}

// populationLabel writes a power of ten as 1, 10, 100, 1k, …, 1M.
func populationLabel(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%gM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%gk", v/1e3)
	}
	return fmt.Sprintf("%g", v)
}

// classCentre is the geometric mean population of the towns in class k.
func classCentre(k int, towns []town) float64 {
	sum, n := 0.0, 0
	for _, t := range towns {
		if class(t.pop) == k && t.pop > 0 {
			sum += math.Log(float64(t.pop))
			n++
		}
	}
	return math.Exp(sum / float64(n))
}
