package plot

import (
	"fmt"
	"image/color"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/rubeola/rubeola/fit"
)

// Colours of the convergence marks on trace.png: the window of a settled
// series is shaded green, of a moving one red; the panel's title has the
// same colour, darker.
var (
	settledShade   = color.NRGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0x30}
	unsettledShade = color.NRGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0x30}
	settledText    = color.NRGBA{R: 0x1b, G: 0x6e, B: 0x1b, A: 0xff}
	unsettledText  = color.NRGBA{R: 0xb0, G: 0x10, B: 0x10, A: 0xff}
)

// markConvergence shades the diagnostic's window (iterations c.From …
// c.To) on panel p of series s and writes the series' change into the
// panel's title: "r0 — moved 1.2 % ✓" or "r0 — moved 12 % ✗", in green or
// red. Call it after the data are added (it uses the panel's range).
func markConvergence(p *plot.Plot, s fit.SeriesConvergence, c fit.Convergence) error {
	shade, text, mark := unsettledShade, unsettledText, "not settled"
	if s.Settled && c.To-c.From+1 == fit.ConvergenceWindow {
		shade, text, mark = settledShade, settledText, "settled"
	}
	change := fmt.Sprintf("moved %.2g %%", 100*s.Change)
	if s.Name == fit.LogLikSeries {
		change = fmt.Sprintf("changed by %+.2g", s.Change)
	}
	p.Title.Text = fmt.Sprintf("%s: %s, %s", s.Name, change, mark)
	p.Title.TextStyle.Color = text
	lo, hi := float64(c.From)-0.5, float64(c.To)+0.5
	band, err := plotter.NewPolygon(plotter.XYs{{X: lo, Y: p.Y.Min}, {X: hi, Y: p.Y.Min}, {X: hi, Y: p.Y.Max}, {X: lo, Y: p.Y.Max}})
	if err != nil {
		return err
	}
	band.Color, band.LineStyle.Width = shade, 0
	p.Add(band)
	return nil
}

// convergenceTitle is trace.png's title line on the diagnostic:
// "the search has settled over iterations 91–100 (shaded) …" or "NOT
// settled over …: r0, cohort".
func convergenceTitle(c fit.Convergence) string {
	over := fmt.Sprintf("iterations %d–%d", c.From, c.To)
	if c.Settled {
		return fmt.Sprintf("the search has settled over %s (shaded): every estimate within %g %%, log-likelihood within ±%g",
			over, 100*fit.SettledChange, fit.SettledLogLik)
	}
	var names []string
	for _, s := range c.Unsettled() {
		names = append(names, s.Name)
	}
	if len(names) == 0 {
		return fmt.Sprintf("NOT settled: %d iterations, fewer than the %d judged", c.To-c.From+1, fit.ConvergenceWindow)
	}
	head := fmt.Sprintf("NOT settled over %s (shaded; red: more than %g %%, or a log-likelihood change beyond ±%g):",
		over, 100*fit.SettledChange, fit.SettledLogLik)
	sep := " "
	if utf8.RuneCountInString(head)+1+len(strings.Join(names, ", ")) > maxTitleLine {
		sep = "\n" // a long list on a line of its own: one line would run off the picture
	}
	return head + sep + strings.Join(names, ", ")
}

// maxTitleLine is about the most characters a title line of a 1 200-pixel
// fit picture holds in its font (trace.png's first line, 99, fits; 160
// ran off both edges).
const maxTitleLine = 110
