package main

import (
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// vitalParams are the default vital dynamics with births into M and a
// school-entry cohort: half of each year's births enter S on 1 September
// (the children born five years earlier; a flow of its own, not births).
func vitalParams() *systems.VitalDynamicsParams {
	p := systems.DefaultVitalDynamicsParams()
	p.BirthsTo = MaternalState
	p.Cohort = &systems.Cohort{Share: 0.5, Day: "09-01"}
	return &p
}

// components returns the program's schedule: the standard compartmental
// one with births into M, MaternalWaning after VitalDynamics, and a
// StateTracker of every state (M included).
func components() []phases.Factory {
	return []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewImportationPressure(nil),
		compartmental.NewInfection(nil),
		systems.NewVitalDynamics(vitalParams()),
		NewMaternalWaning(nil),
		metrics.NewStateTracker(nil),
	}
}
