package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/runfile"
)

func main() {
	config := flag.String("config", "", "run file (.toml)")
	out := flag.String("out", "runfromgo-out", "output directory")
	force := flag.Bool("force", false, "replace a non-empty output directory")
	flag.Parse()
	if *config == "" {
		log.Fatal("runfromgo: give -config FILE")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	files, err := run(ctx, *config, *out, *force, os.Stdout)
	if err != nil {
		log.Fatalf("runfromgo: %v", err)
	}
	fmt.Printf("wrote %s: %v\n", *out, files)
}

// run loads the run file config, runs its model (an ensemble when the
// file has [ensemble] replicates) and writes its outputs into dir, as
// `rubeola run --config config --out dir` does; stdout receives the
// model's messages. It returns the files written, relative to dir.
func run(ctx context.Context, config, dir string, force bool, stdout io.Writer) ([]string, error) {
	rf, err := runfile.Load(config)
	if err != nil {
		return nil, err
	}
	if rf.Scenario == nil {
		return nil, fmt.Errorf("%s names no scenario: add scenario = \"FILE\" or a builder", config)
	}
	// The session's tables follow the run tick by tick. The progress bar
	// (show_progress) is drawn on a terminal only: the discarded writer is
	// none. The params stay the file's, as summary.json records them.
	session := output.NewSession()
	opts := []model.Option{model.WithStdout(stdout), model.WithProgressWriter(io.Discard), session.Option(),
		model.WithScenarioSource(rf.ScenarioName), model.WithType(rf.Model)}
	if len(rf.Compartments) > 0 {
		opts = append(opts, model.WithCompartments(rf.Compartments...))
	}
	components := rf.Components
	if components == nil {
		components = model.StandardComponents(rf.Model)
	}
	o := output.Options{Dir: dir, Format: rf.Format, Force: force, KeepReplicates: rf.KeepReplicates,
		Inputs: output.Inputs{ConfigFile: config}}
	if rf.KeepReplicates && rf.Replicates == 0 {
		return nil, errors.New(config + ": ensemble.keep_replicates needs an ensemble: set ensemble.replicates")
	}
	if rf.Replicates > 0 {
		e, err := model.NewEnsemble(rf.Scenario, rf.Params, rf.Replicates, opts...)
		if err != nil {
			return nil, err
		}
		if err := e.SetComponents(components...); err != nil {
			return nil, err
		}
		res, err := session.WriteEnsemble(ctx, e, o)
		if err != nil {
			return nil, err
		}
		return append(res.Tables, res.Kept...), nil
	}
	m, err := model.New(rf.Scenario, rf.Params, opts...)
	if err != nil {
		return nil, err
	}
	if err := m.SetComponents(components...); err != nil {
		return nil, err
	}
	res, err := session.Write(ctx, m, o)
	if err != nil {
		return nil, err
	}
	return res.Files, nil
}
