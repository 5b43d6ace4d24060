package systems

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/ecs"
)

// birthsColumn returns the column of the declared compartment births_to
// names. S is not routed (the caller keeps the default path); E, I and R
// and unknown names are refused with the declared compartments listed.
func birthsColumn(w *ecs.World, name string) ([]int64, error) {
	declared := w.ExtraNames()
	if !slices.Contains(declared, name) {
		if len(declared) == 0 {
			return nil, fmt.Errorf("%s: births_to = %q: the model declares no compartment besides %q (declare one with compartments = [...] in the run file, or model.WithCompartments), and the built-in ones other than S cannot take births",
				VitalDynamicsName, name, w.StateNames())
		}
		return nil, fmt.Errorf("%s: births_to = %q is not a declared compartment (declared: %q; \"S\" is the default)",
			VitalDynamicsName, name, declared)
	}
	return w.State(name)
}

// prepareCohort sets the tick's cohort flow when births are routed to a
// declared compartment: the cohort is drawn on its own on the tick holding
// the cohort day (share × the yearly births of that day, as the cohort
// part of the births by default), the births of every tick are the
// (1 − share) rest.
func (c *VitalDynamics) prepareCohort(onCohort bool, share float64, cy int, cf float64) {
	c.rates.CohortTick = onCohort
	if c.birthData == nil {
		c.rates.Birth = (1 - share) * c.p.BirthRate(c.step)
		c.rates.Cohort = share * c.p.CrudeBirthRate / 1000
		return
	}
	if onCohort {
		for j := range c.cohortMean {
			c.cohortMean[j] = share * c.birthData.AtPosition(j, cy, cf)
		}
	}
}
