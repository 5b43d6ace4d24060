package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/rubeola/rubeola/fit"
)

// FitSeasonalProfile draws seasonal_profile.png at path: per place (the
// first six), the mean weekly profile of the data (black, with dots) and
// of the simulations (blue) against the week of the year, the panel's
// title giving the correlation, max/min ratios and peak weeks
// ([fit.SeasonalProfile.Summary]); title heads the picture.
func FitSeasonalProfile(path string, sp *fit.SeasonalProfile, title string, opts Options) error {
	n := min(len(sp.Places), maxFitPlaces)
	if n == 0 {
		return fmt.Errorf("%s: a profile without places", baseName(path))
	}
	var panels []*plot.Plot
	for pl := range n {
		p, err := profilePanel(sp, pl, n > 1, pl == 0)
		if err != nil {
			return err
		}
		panels = append(panels, p)
	}
	cols := min(2, n)
	rows := max((n+cols-1)/cols, 2) // a lone panel gets the default picture's height
	return writeFitPicture(path, rows, opts, fitGrid(title, panels, cols))
}

// profilePanel is place pl's panel of [FitSeasonalProfile].
func profilePanel(sp *fit.SeasonalProfile, pl int, small, legend bool) (*plot.Plot, error) {
	s := sp.Summary(pl)
	head := fmt.Sprintf("%s: correlation %.3g; max/min %.3g (data %.3g); peak week %d (data %d)", s.Place,
		float64(s.Correlation), float64(s.SimulatedMaxMin), float64(s.ObservedMaxMin), s.SimulatedPeakWeek, s.ObservedPeakWeek)
	p := newPlot(head, "week of the year", "mean report per week")
	if small {
		shrinkFonts(p, 10, 9, 8)
	}
	p.Add(plotter.NewGrid())
	line := func(v []float64) plotter.XYs {
		var xy plotter.XYs
		for w, y := range v {
			if !math.IsNaN(y) {
				xy = append(xy, plotter.XY{X: float64(w + 1), Y: y})
			}
		}
		return xy
	}
	sim, err := plotter.NewLine(line(sp.Simulated[pl]))
	if err != nil {
		return nil, err
	}
	sim.Color, sim.Width = colorS, vg.Points(1.8)
	obs, dots, err := plotter.NewLinePoints(line(sp.Observed[pl]))
	if err != nil {
		return nil, err
	}
	obs.Color, obs.Width = color.Black, vg.Points(1)
	dots.Color, dots.Radius = color.Black, vg.Points(1.5)
	p.Add(sim, obs, dots)
	if legend {
		p.Legend.Add("data", obs, dots)
		p.Legend.Add("simulations (mean)", sim)
		p.Legend.Top = true
	}
	p.X.Min, p.X.Max = 1, fit.ProfileWeeks
	p.X.Tick.Marker = plot.TickerFunc(integerTicks)
	fromZero(p)
	p.Y.Max *= 1.15
	return p, nil
}
