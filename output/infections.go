package output

import (
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/systems"
)

// NotCounted is what the summaries say of infections a run did not count.
const NotCounted = "not counted (the compartmental model's I is a prevalence and no SEIR InfectionProcess counts S → E)"

// exposureCounter is the transmission of one of the daily models
// (compartmental and agent-based) that counts its S → E transitions
// (compartmental.Infection, the agent-based ABMInfection).
type exposureCounter interface{ Exposures() int64 }

// countedInfections returns the number of infections of a run of m when
// its tracked I does not give it, and whether it does not: in the daily
// models (compartmental and agent-based) I is a prevalence, so the count is
// the S → E transitions of its InfectionProcess (nil when it has none: not
// counted). In the biweekly model I at the end of a tick is that tick's
// incidence and Σ I over ticks is the count (ok false).
func countedInfections(m *model.Model) (n *int64, ok bool) {
	if m.Type() == model.TypeBiweekly {
		return nil, false
	}
	var sum int64
	found := false
	for _, c := range m.GetInstance(systems.InfectionName) {
		if e, ok := c.(exposureCounter); ok {
			sum += e.Exposures()
			found = true
		}
	}
	if !found {
		return nil, true
	}
	return &sum, true
}
