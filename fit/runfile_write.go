package fit

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/nesting"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
)

// Names of the run file [File.RunFile] writes and of its scenario (when
// the fit keeps only some of the run file's places).
const (
	RunFileName         = "mle.toml"
	RunFileScenarioName = "mle_scenario.csv"
)

// RunFile returns a run file (TOML) for `rubeola run` that reproduces the
// fitted model as the filter sees it at the parameters set: the fit's run
// file with every parameter of set written into its component's table,
// start_date one report period before the first report and num_ticks to
// the last, seed, and instead of its trackers a StateTracker and a
// CaseSurveillanceTracker that report the fit's measurement model (count
// = "incidence", aggregate_days the report period, detection_rate ρ, psi ψ,
// report_date = "end": on the fit's report dates), both per place, and
// with several places a PopulationTracker (for `rubeola plot`'s bands of
// the largest places). Paths
// are written relative to dir, the folder the file goes into. Values that
// differ between places (Spec.PlaceValues, per-town keys name[town] of
// set, a per-place ρ or ψ) are written as scenario columns mle_NAME and
// read with {column = "mle_NAME"}; values the same in every place as one
// number. When the fit keeps only some of the run file's places, builds
// its scenario, or has per-place values, the scenario is the fitted
// places' with those columns (scenario, to be written as
// RunFileScenarioName in dir; nil otherwise).
func (f *File) RunFile(dir string, set map[string]float64, seed uint64) (text []byte, scn []byte, err error) {
	data, err := os.ReadFile(f.RunPath)
	if err != nil {
		return nil, nil, err
	}
	doc, _, err := nesting.DecodeTOML(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", f.RunPath, err)
	}
	w := &runFileWriter{f: f, doc: doc, dir: dir, runDir: filepath.Dir(f.RunPath)}
	if err := w.phases(set); err != nil {
		return nil, nil, err
	}
	if scn, err = w.scenario(); err != nil {
		return nil, nil, err
	}
	w.params(seed)
	return w.encode(), scn, nil
}

// runFileWriter rewrites a fit's run file document.
type runFileWriter struct {
	f           *File
	doc         map[string]any
	dir, runDir string
	values      runValues // set by phases
}

// phases drops the trackers, writes the parameters into their tables,
// makes paths relative to the new folder and appends the trackers.
func (w *runFileWriter) phases(set map[string]float64) error {
	list, _ := w.doc["phases"].([]map[string]any)
	rf := w.f.Run
	var kept []map[string]any
	var types []model.ComponentType
	for i, tbl := range list {
		ct, ok := model.LookupComponentTypeFor(rf.Model, rf.Types[i])
		if !ok || ct.Package == "metrics" {
			continue
		}
		t := maps.Clone(tbl)
		w.relativePaths(t, ct)
		kept, types = append(kept, t), append(types, ct)
	}
	ps, err := newParticles(w.f.Spec, w.f.Obs, 1, w.f.Seed, 1)
	if err != nil {
		return err
	}
	insts := ps.m.Instances()
	if len(insts) != len(kept) {
		return fmt.Errorf("fit: the model has %d components, the run file %d phases besides its trackers", len(insts), len(kept))
	}
	if w.values, err = w.f.runValues(set, insts); err != nil {
		return err
	}
	for _, name := range w.values.names() {
		if name == "rho" || name == "psi" {
			continue
		}
		k, key := ownerOf(insts, name)
		if k < 0 {
			return fmt.Errorf("fit: parameter %q belongs to no component of the run file", name)
		}
		for _, d := range types[k].Keys {
			if d.Key == key {
				for _, a := range d.Aliases {
					delete(kept[k], a)
				}
			}
		}
		kept[k][key] = w.values.value(name)
	}
	state := map[string]any{"type": metrics.StateTrackerName, "aggregation_level": int64(metrics.PerPatch)}
	cases := map[string]any{"type": metrics.CaseSurveillanceTrackerName, "aggregation_level": int64(metrics.PerPatch),
		"count": metrics.CountIncidence, "aggregate_days": int64(w.f.Obs.PeriodDays), "detection_rate": w.values.value("rho"),
		"reporting": w.f.Spec.Measurement.Name(), "report_date": metrics.ReportDateEnd}
	if w.f.Spec.Measurement.Name() != MeasurementBinomial {
		cases["psi"] = w.values.value("psi")
	}
	kept = append(kept, state, cases)
	if w.f.Spec.Scenario.Len() > 1 { // the places' populations: rubeola plot's bands of the largest
		kept = append(kept, map[string]any{"type": metrics.PopulationTrackerName})
	}
	w.doc["phases"] = kept
	return nil
}

// ownerOf returns the index of the component whose per-patch parameter
// name is ("key" or "Component.key") and the key; −1 for none.
func ownerOf(insts []phases.Component, name string) (int, string) {
	comp, key, qualified := strings.Cut(name, ".")
	if !qualified {
		key = comp
	}
	for k, inst := range insts {
		pp, ok := inst.(phases.PatchParameters)
		if !ok || (qualified && inst.Name() != comp) {
			continue
		}
		if slices.Contains(pp.PatchParameterKeys(), key) {
			return k, key
		}
	}
	return -1, ""
}

// relativePaths rewrites the component's relative file paths (relative to
// the run file's folder) relative to the new folder.
func (w *runFileWriter) relativePaths(t map[string]any, ct model.ComponentType) {
	for _, key := range ct.PathKeys() {
		if s, ok := t[key].(string); ok && ct.IsPath(key, s) {
			t[key] = w.rel(s)
		}
	}
}

// rel returns path (relative to the run file's folder, or absolute)
// relative to the new folder, or absolute when it cannot be.
func (w *runFileWriter) rel(path string) string {
	if !filepath.IsAbs(path) {
		path = filepath.Join(w.runDir, path)
	}
	abs, err1 := filepath.Abs(path)
	dir, err2 := filepath.Abs(w.dir)
	if err1 != nil || err2 != nil {
		return path
	}
	r, err := filepath.Rel(dir, abs)
	if err != nil || strings.Count(filepath.ToSlash(r)+"/", "../") >= strings.Count(filepath.ToSlash(dir), "/") {
		return abs // no common folder but the root
	}
	return filepath.ToSlash(r)
}

// scenario points the scenario key at the run file's scenario file, or,
// when the fit keeps only some of its places, the run file builds its
// scenario (a [scenario] table such as builder = "towns", whose paths
// and options would have to be rewritten) or values differ between
// places, at the fitted places' table with the per-place columns
// (returned as CSV, to be written beside the run file).
func (w *runFileWriter) scenario() ([]byte, error) {
	rf, scn := w.f.Run, w.f.Spec.Scenario
	if s, ok := w.doc["scenario"].(string); ok && slices.Equal(rf.Scenario.ID, scn.ID) && len(w.values.place) == 0 {
		w.doc["scenario"] = w.rel(s)
		return nil, nil
	}
	scn, err := w.values.scenario(scn)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	if err := scn.WriteCSV(&b); err != nil {
		return nil, err
	}
	w.doc["scenario"] = RunFileScenarioName
	return []byte(b.String()), nil
}

// params sets the seed, the first day (start_date; start_time its month)
// and num_ticks, from one report period before the first report to the
// last, and drops [ensemble] (a run file of one trajectory; give
// --replicates).
func (w *runFileWriter) params(seed uint64) {
	p, _ := w.doc["params"].(map[string]any)
	p = maps.Clone(p)
	if p == nil {
		p = map[string]any{}
	}
	start := w.f.Obs.Start()
	p["seed"] = int64(seed)
	p["start_time"] = start.Format("2006-01")
	p["num_ticks"] = int64(w.f.Obs.Days())
	w.doc["params"] = p
	w.doc["start_date"] = start.Format(time.DateOnly)
	delete(w.doc, "ensemble")
}

// RunFile writes mle.toml (text) and, when given, its scenario
// (RunFileScenarioName) from [File.RunFile].
func (o *Output) RunFile(text, scn []byte) error {
	if scn != nil {
		if err := o.write(RunFileScenarioName, func(w io.Writer) error { _, err := w.Write(scn); return err }); err != nil {
			return err
		}
	}
	return o.write(RunFileName, func(w io.Writer) error { _, err := w.Write(text); return err })
}

// CheckRunFile loads the run file at path and checks that its model has
// the parameters set (the parameters [File.RunFile] wrote; a per-town key
// name[town] is checked at the town's patch, a plain key at every patch):
// a run file the fit wrote must reproduce the fitted model.
func CheckRunFile(path string, set map[string]float64) error {
	rf, err := runfile.Load(path)
	if err != nil {
		return err
	}
	m, err := model.New(rf.Scenario, rf.Params, model.WithType(rf.Model), model.WithStartDate(rf.StartDate),
		model.WithStdout(io.Discard), model.WithShowProgress(false))
	if err != nil {
		return err
	}
	if err := m.SetComponents(rf.Components...); err != nil {
		return err
	}
	insts := m.Instances()
	for _, key := range slices.Sorted(maps.Keys(set)) {
		name, town, perTown := SplitTownKey(key)
		var got []float64
		switch name {
		case "rho", "psi":
			cs := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
			if len(cs) != 1 {
				return fmt.Errorf("%s: %d CaseSurveillanceTrackers, want 1", path, len(cs))
			}
			got = cs[0].DetectionRates()
			if name == "psi" {
				got = cs[0].Psis()
			}
		default:
			if got, err = modelValues(insts, name, m.Scenario().Len()); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		}
		if perTown {
			u := slices.Index(m.Scenario().ID, town)
			if u < 0 || u >= len(got) {
				return fmt.Errorf("%s: %s: the run file has no place %q", path, key, town)
			}
			got = got[u : u+1]
		}
		for _, x := range got {
			if x != set[key] {
				return fmt.Errorf("%s: %s = %v, the fit's is %v", path, key, x, set[key])
			}
		}
	}
	return nil
}
