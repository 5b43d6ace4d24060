package cli

import (
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/systems"
)

// notCounted is what the summaries say of infections a run did not count.
const notCounted = "not counted (the compartmental model's I is a prevalence and no SEIR InfectionProcess counts S → E)"

// countedInfections returns the number of infections of a run of m when
// its tracked I does not give it, and whether it does not: in the
// compartmental model (daily ticks) I is a prevalence, so the count is the
// S → E transitions of its SEIR InfectionProcess (nil when it has none:
// not counted). In the biweekly model I at the end of a tick is that
// tick's incidence and Σ I over ticks is the count (ok false).
func countedInfections(m *model.Model) (n *int64, ok bool) {
	if m.Type() != model.TypeCompartmental {
		return nil, false
	}
	infections := model.InstancesOf[*systems.SEIRInfection](m)
	if len(infections) == 0 {
		return nil, true
	}
	var sum int64
	for _, c := range infections {
		sum += c.Exposures()
	}
	return &sum, true
}
