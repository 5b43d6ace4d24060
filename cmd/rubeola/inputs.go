package main

import (
	"errors"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Default scenario: the embedded synthetic scenario `rubeola run` simulates
// without --scenario (the NumPy baseline's default size and seed).
const (
	defaultPatches      = 100
	defaultScenarioSeed = 42
)

// defaultScenarioName describes the embedded scenario in outputs.
const defaultScenarioName = "embedded: scenario.RandomN(100, seed 42, mcv1 0)"

// inputs are the validated inputs of a run.
type inputs struct {
	scenario     *scenario.Table
	scenarioName string
	params       params.BiweeklyParams
	paramsFile   string
}

// inputFlags are the flags shared by run and validate.
type inputFlags struct {
	scenarioFile string
	paramsFile   string
}

// load reads and validates scenario and params, reporting every problem.
func (f inputFlags) load() (*inputs, error) {
	in := &inputs{params: params.Default(), paramsFile: f.paramsFile}
	var errs []error
	if f.paramsFile != "" {
		p, err := params.LoadFile(f.paramsFile)
		if err != nil {
			errs = append(errs, err)
		} else {
			in.params = p
		}
	}
	if f.scenarioFile != "" {
		scn, err := scenario.LoadCSV(f.scenarioFile)
		if err != nil {
			errs = append(errs, err)
		}
		in.scenario, in.scenarioName = scn, f.scenarioFile
	} else {
		scn, err := scenario.RandomN(defaultPatches, defaultScenarioSeed, 0)
		if err != nil {
			errs = append(errs, err)
		}
		in.scenario, in.scenarioName = scn, defaultScenarioName
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return in, nil
}
