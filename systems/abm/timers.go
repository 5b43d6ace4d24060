package abm

import (
	"math"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/rng"
)

// DiseaseCalendar is the name of the agent table's calendar of disease
// timers (E → I, I → R), validated against the Due column.
const DiseaseCalendar = "disease"

// diseaseHorizon is the disease calendar's ring in days: latent and
// infectious periods beyond it (far in the tails) wait in its overflow.
const diseaseHorizon = 128

// maxTimerDays caps a drawn period (a lognormal or gamma tail cannot
// overflow the int32 day columns).
const maxTimerDays = 1 << 20

// diseaseTimers draws the per-agent latent and infectious periods.
type diseaseTimers struct {
	latMu, latSigma    float64 // the lognormal's underlying normal
	infShape, infScale float64 // the gamma's shape and scale
}

// newDiseaseTimers returns the timers of means and standard deviations in
// days.
func newDiseaseTimers(p ABMInfectionParams) diseaseTimers {
	mu, sigma := rng.LogNormalParams(p.ExpMu, p.ExpSigma)
	shape := (p.InfMean / p.InfSigma) * (p.InfMean / p.InfSigma)
	return diseaseTimers{latMu: mu, latSigma: sigma, infShape: shape, infScale: p.InfSigma * p.InfSigma / p.InfMean}
}

// days rounds a drawn period to whole days in [1, maxTimerDays].
func days(x float64) int32 {
	return int32(min(max(math.Round(x), 1), maxTimerDays))
}

// latent draws a latent period in days.
func (d diseaseTimers) latent(src *rng.Source) int32 {
	return days(src.LogNormal(d.latMu, d.latSigma))
}

// infectious draws an infectious period in days.
func (d diseaseTimers) infectious(src *rng.Source) int32 {
	return days(src.Gamma(d.infShape, d.infScale))
}

// expose moves susceptible agent id to E on day today with a latent timer
// drawn from src, scheduled on cal, and lists it among the day's
// infections ([agents.Table.Infected]).
func (d diseaseTimers) expose(t *agents.Table, cal *agents.Calendar, id uint32, today int32, src *rng.Source) {
	t.SetState(id, agents.E)
	t.AddInfected(id, today)
	due := today + d.latent(src)
	t.Due[id] = due
	cal.Add(id, due)
}
