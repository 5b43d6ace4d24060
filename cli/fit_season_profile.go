package cli

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/fit"
)

// seasonalProfile writes seasonal_profile.csv and seasonal_profile.json
// (the mean weekly profile of the data and of the simulations) and says
// each place's summary on the progress stream.
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
	return nil
}

// short formats x with three significant digits ("NA" for NaN, "Inf").
func short(x float64) string {
	if math.IsNaN(x) {
		return "NA"
	}
	return fmt.Sprintf("%.3g", x)
}
