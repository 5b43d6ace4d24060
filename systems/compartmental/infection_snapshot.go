package compartmental

import (
	"encoding/json"
	"fmt"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/snapstate"
)

var _ phases.Snapshotter = (*Infection)(nil)

// infectionState is Infection's saved state: the S → E count since
// the start of the run (one total: the per-block split is bookkeeping).
type infectionState struct {
	Exposures int64 `json:"exposures"`
}

// SnapshotState returns the count of S → E transitions since the start of
// the run.
func (c *Infection) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(infectionState{Exposures: c.Exposures()})
}

// RestoreState does what Initialize does (mixing, buffers, streams) and
// loads a state returned by SnapshotState: the count continues from the
// saved total.
func (c *Infection) RestoreState(m phases.Model, state json.RawMessage) error {
	var st infectionState
	if err := snapstate.Decode(systems.InfectionName, state, &st); err != nil {
		return err
	}
	if st.Exposures < 0 {
		return fmt.Errorf("%s: snapshot state: exposures = %d: must be >= 0", systems.InfectionName, st.Exposures)
	}
	if err := c.Initialize(m); err != nil {
		return err
	}
	c.exposed[0] = st.Exposures
	return nil
}
