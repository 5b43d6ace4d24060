package cli

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/plot"
)

// seasonalProfilePNG is the picture of the mean weekly profile.
const seasonalProfilePNG = "seasonal_profile.png"

// seasonalProfile writes seasonal_profile.csv and seasonal_profile.json
// (the mean weekly profile of the data and of the simulations) and
// seasonal_profile.png (unless --no-plot), and says each place's summary
// on the progress stream.
func (j *fitJob) seasonalProfile(out *fit.Output, sim *fit.Simulation) error {
	sp := fit.NewSeasonalProfile(sim)
	if err := out.SeasonalProfile(sp); err != nil {
		return err
	}
	for p := range sp.Places {
		s := sp.Summary(p)
		j.say("mean weekly profile of %s: correlation %s with the data's, max/min %s (data %s), peak week %d (data %d)",
			s.Place, short(float64(s.Correlation)), short(float64(s.SimulatedMaxMin)), short(float64(s.ObservedMaxMin)),
			s.SimulatedPeakWeek, s.ObservedPeakWeek)
	}
	if j.flags.noPlot {
		return nil
	}
	title := fmt.Sprintf("Mean weekly profile: data and %d simulations (%s)", sim.Trajectories, sim.Dates[0].Format("2006")+"–"+sim.Dates[len(sim.Dates)-1].Format("2006"))
	return j.picture(out, seasonalProfilePNG, func(path string) error {
		return plot.FitSeasonalProfile(path, sp, title, plot.Options{})
	})
}

// short formats x with three significant digits ("NA" for NaN, "Inf").
func short(x float64) string {
	if math.IsNaN(x) {
		return "NA"
	}
	return fmt.Sprintf("%.3g", x)
}
