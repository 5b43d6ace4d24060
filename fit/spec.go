package fit

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// Spec is the model a filter runs: its type, its places, its run
// parameters and its components (what a run file gives: runfile.File's
// Model, Scenario, Params and Components, trackers left out), and the
// measurement model with its parameters.
type Spec struct {
	// Type is the model type ("compartmental").
	Type string
	// Scenario holds the places, one row each.
	Scenario *scenario.Table
	// Params are the run parameters (seed, num_ticks and the printing
	// keys are set by the filter).
	Params params.BiweeklyParams
	// Components build the model's components, in order. One of them must
	// count cases ([CaseCounter], e.g. compartmental.EulerSEIR).
	Components []phases.Factory
	// Measurement is the observation model.
	Measurement Measurement
	// Rho and Psi are the measurement's reporting probability and
	// overdispersion, per place (numbers or scenario columns).
	Rho, Psi systems.PatchValue
	// Blocks partition the places (indices of Scenario's rows) into the
	// blocks of the block particle filter: each block is weighed by the
	// product of its places' measurement densities and resampled on its
	// own. nil: blocks of one place.
	Blocks [][]int
	// PlaceValues give parameters (by [PFilterOptions.Set] name) one
	// value per place (Scenario's rows), for every particle of the place,
	// before any Set; nil: none.
	PlaceValues map[string][]float64
}

// blocks returns the spec's blocks (blocks of one place when nil).
func (s *Spec) blocks() [][]int {
	if s.Blocks == nil {
		return singleBlocks(s.Scenario.Len())
	}
	return s.Blocks
}

// CaseCounter is a component that accumulates each patch's true cases over
// an observation period (compartmental.EulerSEIR): the count a report is weighed
// against.
type CaseCounter interface {
	phases.Component
	// Cases returns each patch's count since the last ResetCases (live).
	Cases() []int64
	// ResetCases starts a new period.
	ResetCases()
}

// MeasurementKeys are the parameter names of the measurement model.
var MeasurementKeys = []string{"rho", "psi"}

// validate checks the spec against the observations.
func (s *Spec) validate(obs *Observations) error {
	if s.Scenario == nil || len(s.Components) == 0 || s.Measurement == nil {
		return fmt.Errorf("fit: the spec needs a scenario, components and a measurement model")
	}
	if err := obs.validate(); err != nil {
		return err
	}
	if !slices.Equal(s.Scenario.ID, obs.Places) {
		return fmt.Errorf("fit: the observations' places %q are not the scenario's %q", obs.Places, s.Scenario.ID)
	}
	if s.Blocks != nil {
		return checkBlocks(s.Blocks, len(obs.Places))
	}
	return nil
}
