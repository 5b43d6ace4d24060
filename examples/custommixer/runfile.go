package main

import (
	"context"
	_ "embed"
	"io"
	"path/filepath"
	"strings"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
)

// runFileText is run.toml: the program's run, mixer included, as a run file.
//
//go:embed run.toml
var runFileText string

// loadRunFile decodes run.toml (its mixer type resolved by the registry).
func loadRunFile() (*runfile.File, error) {
	return runfile.Decode(strings.NewReader(runFileText), "run.toml", ".")
}

// resumeRunFile runs the first half of the run file's ticks, saves a
// snapshot in dir, loads it with no factories (the registered mixer is
// decoded from the snapshot's params) and runs the loaded model to the end.
func resumeRunFile(dir string) (*model.Model, error) {
	rf, err := loadRunFile()
	if err != nil {
		return nil, err
	}
	first, err := model.NewBiweekly(rf.Scenario, rf.Params, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	if err := first.SetComponents(rf.Components...); err != nil {
		return nil, err
	}
	ctx := context.Background()
	if err := first.RunTicks(ctx, rf.Params.NumTicks/2); err != nil {
		return nil, err
	}
	snap := filepath.Join(dir, "half.snap")
	if err := first.SaveSnapshot(snap); err != nil {
		return nil, err
	}
	resumed, err := model.LoadSnapshot(snap, nil, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	if err := resumed.Run(ctx); err != nil {
		return nil, err
	}
	return resumed, nil
}
