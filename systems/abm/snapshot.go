package abm

import (
	"encoding/json"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/snapstate"
)

// The agent-based model's processes' run state for snapshots (SPEC §9).
// The agents themselves (columns, susceptible sets, free rows, calendars)
// are saved by the model with the agent table; what is left is each
// process's record of the last tick (the flows the trackers read) and
// counters.

var (
	_ phases.Snapshotter = (*ABMInfection)(nil)
	_ phases.Snapshotter = (*ABMVitalDynamics)(nil)
	_ phases.Snapshotter = (*ABMConstantPop)(nil)
)

// abmInfectionState is ABMInfection's saved state.
type abmInfectionState struct {
	Exposures  int64   `json:"exposures"`  // S → E by transmission since the start
	Infections []int64 `json:"infections"` // the last tick's new E per patch
	Incidence  []int64 `json:"incidence"`  // the last tick's E → I per patch
}

// SnapshotState returns the exposure count and the last tick's flows.
func (c *ABMInfection) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(abmInfectionState{Exposures: c.total, Infections: c.newE, Incidence: c.inc})
}

// RestoreState initialises as Initialize does (attaching to the restored
// agent table and its disease calendar) and loads a state returned by
// SnapshotState.
func (c *ABMInfection) RestoreState(m phases.Model, state json.RawMessage) error {
	var st abmInfectionState
	if err := snapstate.Decode(systems.InfectionName, state, &st); err != nil {
		return err
	}
	if err := c.Initialize(m); err != nil {
		return err
	}
	if err := loadFlows(systems.InfectionName, map[string][2][]int64{"infections": {st.Infections, c.newE}, "incidence": {st.Incidence, c.inc}}); err != nil {
		return err
	}
	if err := snapstate.CheckCounts(systems.InfectionName, "exposures", []int64{st.Exposures}); err != nil {
		return err
	}
	c.total = st.Exposures
	return nil
}

// loadFlows checks each saved per-patch array (key → {saved, live}) for
// length and sign and copies it into the live one.
func loadFlows(name string, flows map[string][2][]int64) error {
	for key, f := range flows {
		if err := snapstate.CheckLen(name, key, len(f[0]), len(f[1])); err != nil {
			return err
		}
		if err := snapstate.CheckCounts(name, key, f[0]); err != nil {
			return err
		}
	}
	for _, f := range flows {
		copy(f[1], f[0])
	}
	return nil
}

// abmVitalState is the saved state of the agent-based model's demography.
type abmVitalState struct {
	Births []int64 `json:"births"` // the last tick's births per patch
	Deaths []int64 `json:"deaths"` // the last tick's deaths per patch
}

// snapshot returns the last tick's flows.
func (v *abmVital) snapshot() (json.RawMessage, error) {
	return json.Marshal(v.state())
}

// state returns the flows to save.
func (v *abmVital) state() abmVitalState {
	return abmVitalState{Births: v.births, Deaths: v.deaths}
}

// restore decodes state and loads it ([abmVital.load]).
func (v *abmVital) restore(m phases.Model, c phases.Component, state json.RawMessage) error {
	var st abmVitalState
	if err := snapstate.Decode(v.name, state, &st); err != nil {
		return err
	}
	return v.load(m, c, st)
}

// load initialises component c as Initialize does (attaching to the
// restored table and death calendar) and loads the decoded flows st.
func (v *abmVital) load(m phases.Model, c phases.Component, st abmVitalState) error {
	if err := v.initialize(m, c); err != nil {
		return err
	}
	return loadFlows(v.name, map[string][2][]int64{"births": {st.Births, v.births}, "deaths": {st.Deaths, v.deaths}})
}

// SnapshotState returns the last tick's births and deaths.
func (c *ABMVitalDynamics) SnapshotState() (json.RawMessage, error) { return c.snapshot() }

// RestoreState loads a state returned by SnapshotState.
func (c *ABMVitalDynamics) RestoreState(m phases.Model, state json.RawMessage) error {
	return c.restore(m, c, state)
}

// SnapshotState returns the last tick's births and deaths.
func (c *ABMConstantPop) SnapshotState() (json.RawMessage, error) { return c.snapshot() }

// RestoreState loads a state returned by SnapshotState.
func (c *ABMConstantPop) RestoreState(m phases.Model, state json.RawMessage) error {
	return c.restore(m, c, state)
}
