package model

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/phases"
)

// EnsembleSnapshotFormat is the "format" value of an ensemble snapshot
// (version [SnapshotVersion]).
const EnsembleSnapshotFormat = "rubeola-ensemble-snapshot"

// ensembleSnapshotFile is the JSON content of an ensemble snapshot: the
// scenario once, then every replicate's snapshot (SPEC §9) without it.
type ensembleSnapshotFile struct {
	Format         string `json:"format"`
	Version        int    `json:"version"`
	RubeolaVersion string `json:"rubeola_version"`
	Name           string `json:"name"`
	Replicates     int    `json:"replicates"`
	Tick           int    `json:"tick"`
	// Scenario is the full scenario (extra columns included) as CSV text.
	Scenario string `json:"scenario"`
	// ScenarioSource is the scenario's origin (WithScenarioSource), absent
	// when none was recorded.
	ScenarioSource string          `json:"scenario_source,omitempty"`
	Members        []*snapshotFile `json:"members"`
}

// SaveSnapshot writes the complete state of every replicate to path: the
// scenario once, then per replicate what [Model.SaveSnapshot] saves
// (params with its seed, tick, states, components' params, streams and run
// state, timing). Like a model's snapshot it must be taken at a tick
// boundary after initialisation; the file is JSON, gzip-compressed when
// path ends in .gz or .snap, written to a temporary name and renamed. An
// agent-based ensemble's file ends with one agent section per replicate.
func (e *Ensemble) SaveSnapshot(path string) error {
	if e.running {
		return errors.New("model: a snapshot can only be saved at a tick boundary, not while the model is running")
	}
	var scn bytes.Buffer
	if err := e.reps[0].scn.WriteCSV(&scn); err != nil {
		return err
	}
	f := ensembleSnapshotFile{Format: EnsembleSnapshotFormat, Version: SnapshotVersion, RubeolaVersion: Version,
		Name: e.cfg.name, Replicates: len(e.reps), Tick: e.Tick(), Scenario: scn.String(), ScenarioSource: e.cfg.scenarioSource}
	for r, m := range e.reps {
		mf, err := m.snapshotContent(false)
		if err != nil {
			return e.replicateErr(r, err)
		}
		f.Members = append(f.Members, mf)
	}
	return saveSnapshotFile(path, f, f.Members, e.reps)
}

// LoadEnsembleSnapshot rebuilds an ensemble from a snapshot written by
// [Ensemble.SaveSnapshot] so that running it on gives every replicate the
// states, tracker arrays and results summary of the uninterrupted ensemble.
// factories are built for every replicate, as [Ensemble.SetComponents];
// with nil factories every component of a registered type is rebuilt from
// its stored params, and registered compartments are declared (see
// [LoadSnapshot]). Options are those of [NewEnsemble] plus
// [WithNumTicks].
func LoadEnsembleSnapshot(path string, factories []phases.Factory, opts ...Option) (*Ensemble, error) {
	e, err := loadEnsembleSnapshot(path, factories, opts)
	if err != nil {
		return nil, snapshotError(path, err)
	}
	return e, nil
}

func loadEnsembleSnapshot(path string, factories []phases.Factory, opts []Option) (*Ensemble, error) {
	var f ensembleSnapshotFile
	s, err := readSnapshot(path, EnsembleSnapshotFormat, &f)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if err := f.check(); err != nil {
		return nil, err
	}
	cfg, err := newConfig(append(append([]Option{WithName(f.Name), WithScenarioSource(f.ScenarioSource)}, opts...),
		WithType(f.Members[0].modelType())))
	if err != nil {
		return nil, err
	}
	scn, err := storedScenario(f.Scenario)
	if err != nil {
		return nil, err
	}
	e := newEnsembleShell(cfg, f.Members[0].Params, f.Replicates)
	for r, mf := range f.Members {
		mcfg := e.memberConfig(r)
		if r > 0 {
			mcfg.scn = e.reps[0].scn
		}
		m, err := loadModel(mf, scn, factories, mcfg, s)
		if err != nil {
			return nil, e.replicateErr(r, err)
		}
		if r == 0 { // before the other replicates allocate their storage
			if err := m.checkEstimate(replicatedEstimate(m, f.Replicates)); err != nil {
				return nil, err
			}
		}
		e.reps = append(e.reps, m)
	}
	return e, s.end(f.Members[0].Agents != nil)
}

// check verifies the ensemble snapshot's structure: as many members as
// replicates, all at the ensemble's tick, seeds base + r.
func (f *ensembleSnapshotFile) check() error {
	if f.Replicates < 1 || len(f.Members) != f.Replicates {
		return fmt.Errorf("ensemble snapshot has %d members for %d replicates", len(f.Members), f.Replicates)
	}
	if f.Members[0] == nil {
		return fmt.Errorf("replicate 0: missing")
	}
	base := f.Members[0].Params.Seed
	for r, mf := range f.Members {
		if mf == nil {
			return fmt.Errorf("replicate %d: missing", r)
		}
		if mf.Tick != f.Tick {
			return fmt.Errorf("replicate %d: saved at tick %d, the ensemble at tick %d", r, mf.Tick, f.Tick)
		}
		if mf.Params.Seed != base+uint64(r) {
			return fmt.Errorf("replicate %d: seed %d, want %d (base seed + %d)", r, mf.Params.Seed, base+uint64(r), r)
		}
	}
	return nil
}
