package model

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/rubeola/rubeola/ecs"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// Snapshot format identifiers (SPEC §9).
const (
	// SnapshotFormat is the "format" value of every snapshot.
	SnapshotFormat = "rubeola-biweekly-snapshot"
	// SnapshotVersion is the snapshot layout version this code writes and
	// reads: 2 since snapshots carry a sha256 digest (version 1 had none
	// and is refused).
	SnapshotVersion = 2
)

// snapshotFile is the JSON content of a snapshot.
type snapshotFile struct {
	Format         string `json:"format"`
	Version        int    `json:"version"`
	RubeolaVersion string `json:"rubeola_version"`
	Name           string `json:"name"`
	// Model is the model type; absent for the biweekly model (so its
	// snapshots read as before the compartmental model existed).
	Model  string                `json:"model,omitempty"`
	Params params.BiweeklyParams `json:"params"`
	// Scenario is the full scenario (extra columns included) as CSV text.
	Scenario string `json:"scenario"`
	// ScenarioSource is the scenario's origin (WithScenarioSource); absent
	// when none was recorded, and in an ensemble's members.
	ScenarioSource string `json:"scenario_source,omitempty"`
	Tick           int    `json:"tick"`
	CurrentDate    string `json:"current_date"`
	Finalized      bool   `json:"finalized"`
	// Compartments are the declared compartments after S, I and R, in
	// order (absent for an S, I, R model); a registered compartment is
	// declared again by itself when the snapshot is loaded.
	Compartments []string `json:"compartments,omitempty"`
	// CompartmentRoles are the roles of the declared compartments that
	// have any ([ecs.Roles]), by name (absent when none has: snapshots of
	// models without roles read as before roles existed); loading a
	// snapshot gives its registered compartments these roles.
	CompartmentRoles map[string]ecs.Roles `json:"compartment_roles,omitempty"`
	States           map[string][]int64   `json:"states"`
	Components       []snapshotComponent  `json:"components"`
	Timing           snapshotTiming       `json:"timing"`
	// Agents records the agent table's binary section, which follows the
	// JSON (snapshot_agents.go); absent for a patch model.
	Agents *agentSection `json:"agents,omitempty"`
	// Doses are the agent-based model's doses given (snapshot_doses.go);
	// absent when no phase gives doses.
	Doses *snapshotDoses `json:"doses,omitempty"`
}

// snapshotComponent is one instance's entry.
type snapshotComponent struct {
	Name        string `json:"name"`
	StreamName  string `json:"stream_name"`
	Type        string `json:"type,omitempty"` // Go name of a registered type
	Initialized bool   `json:"initialized"`
	// Params are the canonical params (null for an unregistered type, or params that
	// cannot be encoded such as an unregistered mixer).
	Params json.RawMessage `json:"params"`
	// RNG holds the state of every block (base64 of MarshalBinary); null
	// when the instance never asked for its streams.
	RNG   []string        `json:"rng"`
	State json.RawMessage `json:"state"`
}

// snapshotTiming holds the timing table (not part of the resume guarantee).
type snapshotTiming struct {
	Phases   []string         `json:"phases"`
	Rows     [][]int64        `json:"rows"`
	Init     map[string]int64 `json:"init"`
	Finalize map[string]int64 `json:"finalize"`
}

// SaveSnapshot writes the complete run state to path (SPEC §9): params,
// scenario, tick, patch states, every component's params, random streams
// and run state, and the timing table. It must be called at a tick
// boundary (not from inside a phase) after initialisation. The file is
// JSON, gzip-compressed when path ends in .gz or .snap, written to a
// temporary name and renamed into place. The JSON starts with a
// "sha256" member, the digest of the rest, which loading checks
// (package internal/snapdigest states the layout). An agent-based model's
// snapshot also saves its agent table, as a binary section after the JSON
// whose size and digest the JSON records (snapshot_agents.go).
func (m *Model) SaveSnapshot(path string) error {
	if !m.cfg.startDate.IsZero() {
		return fmt.Errorf("model: a model started on a given day (WithStartDate) cannot be saved: snapshots record start_time only")
	}
	f, err := m.snapshotContent(true)
	if err != nil {
		return err
	}
	return saveSnapshotFile(path, f, []*snapshotFile{f}, []*Model{m})
}

// snapshotContent returns the model's state as a snapshot, with the
// scenario's CSV text when withScenario is set (an ensemble stores it once
// for all replicates).
func (m *Model) snapshotContent(withScenario bool) (*snapshotFile, error) {
	switch {
	case m.running:
		return nil, errors.New("model: a snapshot can only be saved at a tick boundary, not while the model is running")
	case m.failed:
		return nil, fmt.Errorf("model: cannot snapshot a model whose run failed at tick %d", m.failedTick)
	case len(m.instances) == 0:
		//lint:ignore ST1005 the reference's message, word for word (SPEC §4.4, parity)
		return nil, errors.New("No components have been added to the model")
	}
	for k, done := range m.initialized {
		if !done {
			return nil, fmt.Errorf("model: cannot snapshot before initialisation (component %s is not initialised; call Initialize or Run first)",
				m.instances[k].Name())
		}
	}
	var scn bytes.Buffer
	if withScenario {
		if err := m.scn.WriteCSV(&scn); err != nil {
			return nil, err
		}
	}
	f := &snapshotFile{
		Format: SnapshotFormat, Version: SnapshotVersion, RubeolaVersion: Version, Name: m.cfg.name, Model: m.storedType(),
		Params: m.p, Scenario: scn.String(), Tick: m.tick, CurrentDate: m.CurrentDate().Format(time.RFC3339),
		Finalized: m.finalized, States: map[string][]int64{},
		Timing: snapshotTiming{Phases: m.timing.Phases, Rows: m.timing.Rows, Init: m.timing.Init, Finalize: m.timing.Finalize},
	}
	if withScenario {
		f.ScenarioSource = m.cfg.scenarioSource
	}
	if names := m.world.ExtraNames(); len(names) > 0 {
		f.Compartments = names
		f.CompartmentRoles = compartmentRoles(m.world)
	}
	for _, name := range m.world.StateNames() {
		col, err := m.world.State(name)
		if err != nil {
			return nil, err
		}
		f.States[name] = col
	}
	for k, c := range m.instances {
		sc, err := m.snapshotComponent(k, c)
		if err != nil {
			return nil, fmt.Errorf("model: snapshot of %s: %w", c.Name(), err)
		}
		f.Components = append(f.Components, sc)
	}
	return f, nil
}

// snapshotComponent encodes instance k.
func (m *Model) snapshotComponent(k int, c phases.Component) (snapshotComponent, error) {
	sc := snapshotComponent{Name: c.Name(), StreamName: m.streamName(k), Initialized: m.initialized[k],
		Params: json.RawMessage("null"), State: json.RawMessage("null")}
	if t, ok := componentTypeOf(m.Type(), c); ok {
		sc.Type = t.GoName
		// Params that cannot be encoded (a custom mixer) stay null: the
		// snapshot then needs the component's factory to load.
		if data, _, err := t.ParamsJSON(c); err == nil {
			sc.Params = data
		}
	}
	if s := m.streams[k]; s != nil {
		blocks, err := s.MarshalBinary()
		if err != nil {
			return sc, err
		}
		sc.RNG = make([]string, len(blocks))
		for b, data := range blocks {
			sc.RNG[b] = base64.StdEncoding.EncodeToString(data)
		}
	}
	if s, ok := c.(phases.Snapshotter); ok {
		state, err := s.SnapshotState()
		if err != nil {
			return sc, err
		}
		if len(state) > 0 {
			sc.State = state
		}
	}
	return sc, nil
}

// storedType is the model type as a snapshot stores it: "" for the biweekly
// model (the key is then left out), else its name.
func (m *Model) storedType() string {
	if m.cfg.mtype == biweeklyType {
		return ""
	}
	return m.cfg.mtype.name
}

// modelType returns the snapshot's model type: biweekly when it records
// none.
func (f *snapshotFile) modelType() string {
	if f.Model == "" {
		return TypeBiweekly
	}
	return f.Model
}
