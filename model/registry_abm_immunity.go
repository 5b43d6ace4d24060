package model

import (
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// registerABMImmunity registers the agent-based model's immunity by age
// (maternal antibodies, routine MCV1 and MCV2), its SIA calendar and the
// doses tracker (docs/abm.md, "Immunity by age" and "SIA calendar").
func registerABMImmunity() {
	MustRegister(NewComponentType(ComponentSpec[*abm.MaternalImmunity, abm.MaternalImmunityParams]{
		Name: abm.MaternalImmunityName, GoName: "MaternalImmunity", Kind: KindPhase, Model: TypeABM,
		Summary:  "Maternal antibodies: each newborn of an immune mother (a random agent aged 15–49 years of its patch, in R; or with probability maternal_share) is in R (source maternal) for a lognormal duration (mean 180, sd 60 days), then S; the initial infants too.",
		Defaults: abm.DefaultMaternalImmunityParams, Decode: abm.DecodeMaternalImmunityParams,
		New: abm.NewMaternalImmunity,
	}))
	MustRegister(NewComponentType(ComponentSpec[*abm.RoutineImmunization, abm.RoutineImmunizationParams]{
		Name: abm.RoutineImmunizationName, GoName: "RoutineImmunization", Kind: KindPhase, Model: TypeABM,
		Summary:  "Routine MCV1 at mcv1_age (270 days) with the patch's mcv1 coverage and MCV2 at mcv2_age (456 days) with its mcv2 coverage: each reached child gets a dose (counted), a susceptible one becomes R with efficacy 0.85 before 12 months, 0.95 after.",
		Defaults: abm.DefaultRoutineImmunizationParams, Decode: abm.DecodeRoutineImmunizationParams,
		New: abm.NewRoutineImmunization,
	}))
	MustRegister(NewComponentType(ComponentSpec[*abm.ABMSIACalendar, abm.ABMSIAParams]{
		Name: systems.SIACalendarName, GoName: "SIACalendar", Kind: KindPhase, Model: TypeABM,
		Summary:  "SIAs on a schedule aimed at ages min_age…max_age days (270…1800): each targeted child of the group's patches is reached with the coverage (per group), given a dose (counted per patch and campaign), and a susceptible one becomes R with sia_efficacy.",
		Defaults: abm.DefaultABMSIAParams, Decode: abm.DecodeABMSIAParams,
		New: abm.NewABMSIACalendar,
	}))
	MustRegister(NewComponentType(ComponentSpec[*metrics.DosesTracker, metrics.KitParams]{
		Name: metrics.DosesTrackerName, Kind: KindPhase, Model: TypeABM,
		Summary:  "Records the vaccine doses since the previous record per group: MCV1, MCV2, SIA given, and those that immunised (MCV1_immunised, …); file doses.",
		Defaults: metrics.DefaultDosesTrackerParams, New: metrics.NewDosesTracker,
	}))
}
