package abm

import (
	"fmt"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/rng"
)

// maxDoseAge is the oldest age in days a routine dose or a campaign's age
// range may name: 10 years (routine second doses go up to school entry,
// 4–6 years; campaigns target children).
const maxDoseAge = 3650

// daysPer12Months is the age from which a dose has the full efficacy:
// maternal antibodies no longer interfere (WHO measles position paper,
// Wkly Epidemiol Rec 2009).
const daysPer12Months = 365

// Reached draws whether a programme of coverage c reaches one child from
// src (no draw when c is 0 or 1): the coverage draw of every immunisation
// phase, exported for one's own.
func Reached(c float64, src *rng.Source) bool {
	return c >= 1 || (c > 0 && rng.Uniform(src) < c)
}

// Vaccinate gives live agent id a dose of kind (an agents.Dose* kind or
// one registered with agents.RegisterDoseKind): it is recorded in d
// whatever the agent's state; a susceptible becomes immune (R, immunity
// source bit: an agents.Immune* bit or one registered with
// agents.RegisterImmunitySource) with probability efficacy, drawn from
// src. Any other state is unchanged (an infant still protected by maternal
// antibodies, a recovered or an infected child: the dose does nothing).
// It reports whether the dose immunised.
func Vaccinate(t *agents.Table, d *agents.Doses, kind int, bit uint8, id uint32, efficacy float64, src *rng.Source) bool {
	ok := t.State[id] == agents.S && Reached(efficacy, src)
	if ok {
		immunise(t, id, bit)
	}
	d.Record(kind, t.Patch[id], ok)
	return ok
}

// immunise moves agent id to R and adds the immunity source bit (an
// agents.Immune* bit) to its sources.
func immunise(t *agents.Table, id uint32, bit uint8) {
	t.SetState(id, agents.R)
	t.Immunity[id] |= bit
}

// needAges returns an error naming component name unless the live agents
// have days of birth (a phase that draws ages is in the schedule).
func needAges(name string, t *agents.Table) error {
	for id := range t.Len() {
		if t.State[id] == agents.Dead {
			continue
		}
		if t.DOB[id] == agents.UnknownDOB {
			return fmt.Errorf("%s acts by age: the schedule needs a phase that draws the agents' ages (VitalDynamics, WPPVitalDynamics or ConstantPop)", name)
		}
		return nil
	}
	return nil
}

// checkUnit returns the error "<what> must be in [0, 1], got v" unless v
// is in [0, 1] (NaN fails).
func checkUnit(what string, v float64) error {
	if !(v >= 0 && v <= 1) {
		return fmt.Errorf("%s must be in [0, 1], got %v", what, v)
	}
	return nil
}

// checkAgeDays returns an error unless lo ≤ v ≤ maxDoseAge (days).
func checkAgeDays(what string, v, lo int) error {
	if v < lo || v > maxDoseAge {
		return fmt.Errorf("%s must be an age of %d…%d days, got %d", what, lo, maxDoseAge, v)
	}
	return nil
}
