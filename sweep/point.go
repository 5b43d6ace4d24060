package sweep

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
)

// pointMetrics are the sweep table's metric columns: a point's outcome as
// an ensemble summary records it for each replicate
// ([metrics.ReplicateOutcome]: attack rate, peak tick and size,
// infections, final S/I/R of the StateTracker, fade-out events, patches
// faded at the end — empty without a FadeOutTracker) and whether the
// epidemic went extinct (0 or 1). For an ensemble point each is the median
// across replicates, and extinct the fraction of replicates that did.
var pointMetrics = []string{"attack_rate", "peak_tick", "peak_infectious", "infections", "final_S", "final_I", "final_R",
	"fadeout_events", "faded_patches_final", "extinct"}

// MetricNames returns the metric columns of a sweep of base, the metrics
// [RunPoint] returns: the outcome metrics, with final_E after final_S for
// the daily models (compartmental and agent-based), final_X after final_R for each compartment X
// the run file declares (compartments = ["M"]: final_M), and
// reported_cases (the first CaseSurveillanceTracker's total over the run;
// the median for an ensemble point) when base has such a tracker.
func MetricNames(base *runfile.File) []string {
	out := slices.Clone(pointMetrics)
	if base.Model != model.TypeBiweekly {
		out = slices.Insert(out, slices.Index(out, "final_S")+1, "final_E")
	}
	at := slices.Index(out, "final_R") + 1
	for k, c := range base.Compartments {
		out = slices.Insert(out, at+k, "final_"+c.Name())
	}
	if slices.Contains(base.Types, "CaseSurveillanceTracker") {
		out = append(out, "reported_cases")
	}
	return out
}

// RunPoint runs one point of the sweep f — an ensemble when its run file
// has [ensemble] replicates — and writes what `rubeola run` writes into
// r.Dir with the output package (the tables in o.Format; summary.json
// without its wall-clock fields, so that two runs of a point give the
// same bytes), then returns the point's metrics ([MetricNames]). A run
// file that names no scenario runs on o.Scenario. The models print
// nothing and draw no progress bar.
func RunPoint(ctx context.Context, f *File, r PointRun, o Options) (Metrics, error) {
	rf := r.RunFile
	scn, name := rf.Scenario, rf.ScenarioName
	if scn == nil {
		scn, name = o.Scenario, o.ScenarioName
	}
	if scn == nil {
		return nil, fmt.Errorf("point %d: the run file names no scenario", r.Point.Index)
	}
	p := rf.Params
	p.ShowProgress, p.Verbose = false, false
	session := output.NewSession()
	opts := []model.Option{model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard), session.Option(),
		model.WithWorkers(r.Workers), model.WithScenarioSource(name), model.WithType(rf.Model)}
	if len(rf.Compartments) > 0 {
		opts = append(opts, model.WithCompartments(rf.Compartments...))
	}
	components := rf.Components
	if components == nil {
		components = model.StandardComponents(rf.Model)
	}
	out := output.Options{Dir: r.Dir, Format: o.Format, Force: true, NoTiming: true, KeepReplicates: rf.KeepReplicates,
		Inputs: output.Inputs{Scenario: name, ConfigFile: filepath.Base(f.Path)}}
	if rf.Replicates > 0 {
		return runEnsemblePoint(ctx, session, scn, p, rf.Replicates, components, opts, out)
	}
	m, err := model.New(scn, p, opts...)
	if err != nil {
		return nil, err
	}
	if err := m.SetComponents(components...); err != nil {
		return nil, err
	}
	res, err := session.Write(ctx, m, out)
	if err != nil {
		return nil, err
	}
	var fade *metrics.FadeOutTracker
	if fo := model.InstancesOf[*metrics.FadeOutTracker](m); len(fo) > 0 {
		fade = fo[0]
	}
	sum := res.Summary
	outcome := metrics.NewReplicateOutcome(0, sum.Seed, metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](m)), fade)
	outcome.Infections = sum.Totals.Infections
	met := outcomeMetrics(outcome)
	if v, ok := reportedCases(m); ok {
		met["reported_cases"] = v
	}
	return met, nil
}

// runEnsemblePoint runs an ensemble point of R replicates and returns its
// metrics: the medians across replicates ([ensembleMetrics]) and that of
// the reported cases when every replicate has a CaseSurveillanceTracker.
func runEnsemblePoint(ctx context.Context, session *output.Session, scn *scenario.Table, p params.BiweeklyParams, R int,
	components []phases.Factory, opts []model.Option, out output.Options) (Metrics, error) {
	e, err := model.NewEnsemble(scn, p, R, opts...)
	if err != nil {
		return nil, err
	}
	if err := e.SetComponents(components...); err != nil {
		return nil, err
	}
	res, err := session.WriteEnsemble(ctx, e, out)
	if err != nil {
		return nil, err
	}
	met := ensembleMetrics(res.Summary.EnsembleSummary)
	var reported []float64
	for r := range e.Replicates() {
		if v, ok := reportedCases(e.Replicate(r)); ok {
			reported = append(reported, v)
		}
	}
	if len(reported) == e.Replicates() {
		slices.Sort(reported)
		met["reported_cases"] = metrics.Quantile(reported, 0.5)
	}
	return met, nil
}
