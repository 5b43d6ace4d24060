package systems

import (
	"encoding/json"
	"fmt"

	"github.com/rubeola/rubeola/phases"
)

var _ phases.Snapshotter = (*SEIRInfection)(nil)

// seirInfectionState is SEIRInfection's saved state: the S → E count since
// the start of the run (one total: the per-block split is bookkeeping).
type seirInfectionState struct {
	Exposures int64 `json:"exposures"`
}

// SnapshotState returns the count of S → E transitions since the start of
// the run.
func (c *SEIRInfection) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(seirInfectionState{Exposures: c.Exposures()})
}

// RestoreState does what Initialize does (mixing, buffers, streams) and
// loads a state returned by SnapshotState: the count continues from the
// saved total.
func (c *SEIRInfection) RestoreState(m phases.Model, state json.RawMessage) error {
	var st seirInfectionState
	if err := decodeState(InfectionName, state, &st); err != nil {
		return err
	}
	if st.Exposures < 0 {
		return fmt.Errorf("%s: snapshot state: exposures = %d: must be >= 0", InfectionName, st.Exposures)
	}
	if err := c.Initialize(m); err != nil {
		return err
	}
	c.exposed[0] = st.Exposures
	return nil
}
