package model_test

import (
	"io"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
)

// init gives model's internal tests their run-file readers
// (model.DecodeRunFileForTest, model.LoadRunFileForTest): runfile.Decode
// and runfile.Load.
func init() {
	model.DecodeRunFileForTest = func(r io.Reader, name, baseDir string) (*model.RunFileForTest, error) {
		return forTest(runfile.Decode(r, name, baseDir))
	}
	model.LoadRunFileForTest = func(path string) (*model.RunFileForTest, error) { return forTest(runfile.Load(path)) }
}

// forTest keeps the fields of a run file that model's internal tests use.
func forTest(rf *runfile.File, err error) (*model.RunFileForTest, error) {
	if err != nil {
		return nil, err
	}
	return &model.RunFileForTest{Model: rf.Model, Scenario: rf.Scenario, Params: rf.Params,
		Components: rf.Components, Types: rf.Types, Compartments: rf.Compartments}, nil
}
