package ecs

// Flows are the per-tick flows the built-in processes publish, one value
// per patch (row order), for any later phase of the same tick to read
// without a copy or an allocation. Get the world's with [FlowsOf] (at
// Initialize; keep the pointer) and read a field after the phase that
// writes it has stepped.
//
// Every slice is a read-only view of the publishing process's own buffer:
// do not modify it, and do not keep its values past the tick, because the
// publisher rewrites it in place when it next steps (its values are the
// last tick the publisher stepped, 0 before its first step). A field is nil
// while no process of the model publishes it (e.g. Importations without an
// importation phase). A model with two publishers of one flow (two
// VitalDynamics) has the one initialised last.
type Flows struct {
	// Births are VitalDynamics' births per patch (vaccinated ones
	// included; with a separate cohort flow the cohort is not in them).
	Births []int64
	// VaccinatedBirths are VitalDynamics' MCV1-protected births (into R).
	VaccinatedBirths []int64
	// Deaths are the deaths per patch after clamping (VitalDynamics), all
	// dying compartments together.
	Deaths []int64
	// Cohort are VitalDynamics' school-entry cohort entries per patch (into
	// S, and R for the MCV1-protected share) when it draws them as a flow
	// of its own (births_to set to a declared compartment); 0 when the
	// cohort is drawn with the births, as by default.
	Cohort []int64
	// Infections are the new infections per patch: the new I of the
	// biweekly Infection, the S → E (and susceptible compartments' → E)
	// transitions of the daily InfectionProcess.
	Infections []int64
	// SIAVaccinations are the SIA's vaccinations per patch (S → R) in the
	// last tick SIA stepped (0 on ticks without a campaign).
	SIAVaccinations []int64
	// Importations are ImportationPressure's imported infections per patch
	// (S → I, or S → E in an SEIR world).
	Importations []int64
}

// FlowsOf returns the world's Flows resource, adding an empty one on first
// use. Publishers set their fields at Initialize; readers keep the pointer.
func FlowsOf(w *World) *Flows {
	if f := GetResource[Flows](w); f != nil {
		return f
	}
	f := &Flows{}
	AddResource(w, f)
	return f
}
