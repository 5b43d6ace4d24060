package model

import "github.com/rubeola/rubeola/metrics"

// registerABMTrackers registers the agent-based model's trackers of
// people (docs/abm.md, "Trackers for people").
func registerABMTrackers() {
	MustRegister(NewComponentType(ComponentSpec[*metrics.AgePyramidTracker, metrics.AgeTrackerParams]{
		Name: metrics.AgePyramidTrackerName, Kind: KindPhase, Model: TypeABM,
		Summary:  "Counts the live agents per age bin (age_bins, lower edges in days; default the reference's five-year bands) and group at each sampled tick (frequency yearly, monthly or daily; tick 0 always): age_pyramid.csv.",
		Defaults: metrics.DefaultAgePyramidParams, Decode: metrics.DecodeAgePyramidParams,
		New: metrics.NewAgePyramidTracker, Params: (*metrics.AgePyramidTracker).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*metrics.AgeAtInfectionTracker, metrics.AgeTrackerParams]{
		Name: metrics.AgeAtInfectionTrackerName, Kind: KindPhase, Model: TypeABM,
		Summary:  "Counts the infections (S → E: transmission, importation, seeding) per age bin (default each year of age 0–20, 20+) and group per window (frequency: calendar years by default), with the sum of the ages in days (state age_days_sum, for the mean): age_at_infection.csv.",
		Defaults: metrics.DefaultAgeAtInfectionParams, Decode: metrics.DecodeAgeAtInfectionParams,
		New: metrics.NewAgeAtInfectionTracker, Params: (*metrics.AgeAtInfectionTracker).Params,
	}))
	MustRegister(NewComponentType(ComponentSpec[*metrics.ImmunityByAgeTracker, metrics.AgeTrackerParams]{
		Name: metrics.ImmunityByAgeTrackerName, Kind: KindPhase, Model: TypeABM,
		Summary:  "Counts the live agents per class (S, E_I, and R by its first immunity source: infection, mcv1, mcv2, sia, maternal, R_other), age bin (default monthly to 2 years, yearly to 15, 15+) and group at each sampled tick: immunity_by_age.csv.",
		Defaults: metrics.DefaultImmunityByAgeParams, Decode: metrics.DecodeImmunityByAgeParams,
		New: metrics.NewImmunityByAgeTracker, Params: (*metrics.ImmunityByAgeTracker).Params,
	}))
}
