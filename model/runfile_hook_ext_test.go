package model_test

import (
	"io"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
)

// init gives model's internal tests their run-file decoder
// (model.DecodeRunFileForTest): runfile.Decode.
func init() {
	model.DecodeRunFileForTest = func(r io.Reader, name, baseDir string) (*model.RunFileForTest, error) {
		rf, err := runfile.Decode(r, name, baseDir)
		if err != nil {
			return nil, err
		}
		return &model.RunFileForTest{Model: rf.Model, Scenario: rf.Scenario, Params: rf.Params,
			Components: rf.Components, Types: rf.Types, Compartments: rf.Compartments}, nil
	}
}
