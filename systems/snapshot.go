package systems

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/internal/snapstate"
)

// The systems' run state for snapshots (SPEC §9, [phases.Snapshotter]).
// Every RestoreState fetches columns and streams as Initialize does, loads
// the saved state and changes no patch state and no stream.

var (
	_ phases.Snapshotter = (*VitalDynamics)(nil)
	_ phases.Snapshotter = (*ConstantPop)(nil)
	_ phases.Snapshotter = (*ImportationPressure)(nil)
	_ phases.Snapshotter = (*InfectionSeeding)(nil)
	_ phases.Snapshotter = (*InitializeEquilibriumStates)(nil)
	_ phases.Snapshotter = (*SIACalendar)(nil)
)

// vitalState is VitalDynamics' saved state.
type vitalState struct {
	Clamped    []int64 `json:"clamped_deaths"` // per block
	Births     []int64 `json:"births"`
	Vaccinated []int64 `json:"vaccinated_births"`
	Deaths     []int64 `json:"deaths"`
	// Tables are the SHA-256 of the births and deaths tables read from
	// files ("births" / "deaths" → "sha256:…"); absent without one.
	Tables map[string]string `json:"tables,omitempty"`
}

// SnapshotState returns the clamped-death counters (per block), the last
// tick's per-patch records and the digests of the tables read from files.
func (c *VitalDynamics) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(vitalState{Clamped: c.clamped, Births: c.births, Vaccinated: c.vaccinated, Deaths: c.deaths,
		Tables: c.tableDigests()})
}

// tableDigests returns the digests of the births and deaths series read
// from files, by key; nil when there are none.
func (c *VitalDynamics) tableDigests() map[string]string {
	var out map[string]string
	for key, s := range map[string]*YearlySeries{"births": c.birthData, "deaths": c.deathData} {
		if s != nil && s.Digest() != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[key] = s.Digest()
		}
	}
	return out
}

// checkTables refuses to resume with a births or deaths table whose
// content differs from the one the snapshot's run read (a resumed run
// would not continue the same run).
func (c *VitalDynamics) checkTables(saved map[string]string) error {
	now := c.tableDigests()
	var errs []error
	for _, key := range []string{"births", "deaths"} {
		if saved[key] == now[key] {
			continue
		}
		src := c.p.Births
		if key == "deaths" {
			src = c.p.Deaths
		}
		errs = append(errs, fmt.Errorf("%s: %s = %q: the table differs from the one the snapshot's run read (%s then, %s now): the resumed run would not continue it",
			VitalDynamicsName, key, src, snapstate.OrNone(saved[key]), snapstate.OrNone(now[key])))
	}
	return errors.Join(errs...)
}

// RestoreState fetches columns and streams as Initialize does and loads a
// state returned by SnapshotState.
func (c *VitalDynamics) RestoreState(m phases.Model, state json.RawMessage) error {
	var st vitalState
	if err := snapstate.Decode(VitalDynamicsName, state, &st); err != nil {
		return err
	}
	if err := c.Initialize(m); err != nil {
		return err
	}
	if err := c.checkTables(st.Tables); err != nil {
		return err
	}
	n := len(c.births)
	for _, f := range []struct {
		key       string
		src, dst  []int64
		wantCount int
	}{
		{"clamped_deaths", st.Clamped, c.clamped, len(c.clamped)},
		{"births", st.Births, c.births, n},
		{"vaccinated_births", st.Vaccinated, c.vaccinated, n},
		{"deaths", st.Deaths, c.deaths, n},
	} {
		if err := snapstate.CheckLen(VitalDynamicsName, f.key, len(f.src), f.wantCount); err != nil {
			return err
		}
		if err := snapstate.CheckCounts(VitalDynamicsName, f.key, f.src); err != nil {
			return err
		}
		copy(f.dst, f.src)
	}
	return nil
}

// constantPopState is ConstantPop's saved state.
type constantPopState struct {
	Clamped []int64 `json:"clamped_deaths"` // per block
}

// SnapshotState returns the clamped-death counters (per block).
func (c *ConstantPop) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(constantPopState{Clamped: c.clamped})
}

// RestoreState fetches columns and streams as Initialize does and loads a
// state returned by SnapshotState.
func (c *ConstantPop) RestoreState(m phases.Model, state json.RawMessage) error {
	var st constantPopState
	if err := snapstate.Decode(ConstantPopName, state, &st); err != nil {
		return err
	}
	if err := c.Initialize(m); err != nil {
		return err
	}
	if err := snapstate.CheckLen(ConstantPopName, "clamped_deaths", len(st.Clamped), len(c.clamped)); err != nil {
		return err
	}
	if err := snapstate.CheckCounts(ConstantPopName, "clamped_deaths", st.Clamped); err != nil {
		return err
	}
	copy(c.clamped, st.Clamped)
	return nil
}

// importationState is ImportationPressure's saved state.
type importationState struct {
	Probabilities []float64 `json:"probabilities"` // per patch, per tick
}

// SnapshotState returns the per-patch import probabilities.
func (c *ImportationPressure) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(importationState{Probabilities: c.prob})
}

// RestoreState fetches columns and streams as Initialize does and loads the
// probability table of a state returned by SnapshotState.
func (c *ImportationPressure) RestoreState(m phases.Model, state json.RawMessage) error {
	var st importationState
	if err := snapstate.Decode(ImportationName, state, &st); err != nil {
		return err
	}
	if err := snapstate.CheckLen(ImportationName, "probabilities", len(st.Probabilities), m.World().Len()); err != nil {
		return err
	}
	for j, p := range st.Probabilities {
		if !(p >= 0 && p <= 1) {
			return fmt.Errorf("%s: snapshot state: probabilities[%d] = %v is not in [0, 1]", ImportationName, j, p)
		}
	}
	if err := c.Initialize(m); err != nil {
		return err
	}
	c.prob = st.Probabilities
	return nil
}

// doneState is the saved state of a one-shot initialiser.
type doneState struct {
	Done bool `json:"done"`
}

// SnapshotState returns whether the seeding has been done.
func (c *InfectionSeeding) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(doneState{Done: c.done})
}

// RestoreState loads the done flag; it never seeds.
func (c *InfectionSeeding) RestoreState(_ phases.Model, state json.RawMessage) error {
	var st doneState
	if err := snapstate.Decode(SeedingName, state, &st); err != nil {
		return err
	}
	c.done = st.Done
	return nil
}

// SnapshotState returns whether the split has been done.
func (c *InitializeEquilibriumStates) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(doneState{Done: c.done})
}

// RestoreState loads the done flag; it never splits.
func (c *InitializeEquilibriumStates) RestoreState(_ phases.Model, state json.RawMessage) error {
	var st doneState
	if err := snapstate.Decode(EquilibriumName, state, &st); err != nil {
		return err
	}
	c.done = st.Done
	return nil
}

// siaState is SIACalendar's saved state.
type siaState struct {
	Implemented []string `json:"implemented"` // fired keys in firing order
	Cursor      int      `json:"cursor"`      // schedule rows (by date) already due
}

// SnapshotState returns the implemented keys and the schedule cursor.
func (c *SIACalendar) SnapshotState() (json.RawMessage, error) {
	impl := c.implemented
	if impl == nil {
		impl = []string{}
	}
	return json.Marshal(siaState{Implemented: impl, Cursor: c.cursor})
}

// RestoreState fetches columns and streams as Initialize does (without the
// verbose line) and loads a state returned by SnapshotState. Every key must
// be a campaign of the schedule.
func (c *SIACalendar) RestoreState(m phases.Model, state json.RawMessage) error {
	fired, st, err := c.decode(state)
	if err != nil {
		return err
	}
	if err := c.attach(m); err != nil {
		return err
	}
	c.load(fired, st)
	return nil
}

// decode checks a state returned by SnapshotState against the schedule
// and returns it with the campaigns it fired (by key index).
func (c *SIACalendar) decode(state json.RawMessage) ([]bool, siaState, error) {
	var st siaState
	if err := snapstate.Decode(SIACalendarName, state, &st); err != nil {
		return nil, st, err
	}
	if st.Cursor < 0 || st.Cursor > len(c.order) {
		return nil, st, fmt.Errorf("%s: snapshot state: cursor %d out of range [0, %d]", SIACalendarName, st.Cursor, len(c.order))
	}
	fired := make([]bool, len(c.keys))
	for _, key := range st.Implemented {
		k, ok := c.keyIndex[key]
		if !ok {
			return nil, st, fmt.Errorf("%s: snapshot state: implemented campaign %q is not in the schedule", SIACalendarName, key)
		}
		if fired[k] {
			return nil, st, fmt.Errorf("%s: snapshot state: implemented campaign %q listed twice", SIACalendarName, key)
		}
		fired[k] = true
	}
	return fired, st, nil
}

// load sets the campaigns fired and the cursor of a decoded state.
func (c *SIACalendar) load(fired []bool, st siaState) {
	c.fired, c.cursor = fired, st.Cursor
	c.implemented = append([]string(nil), st.Implemented...)
}
