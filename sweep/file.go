package sweep

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/internal/nesting"
	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
)

// Mode is how a sweep combines its axes.
type Mode string

// Modes.
const (
	// Grid is the Cartesian product of the axes, the last axis fastest.
	Grid Mode = "grid"
	// Zip pairs the axes element-wise; they must have equal lengths.
	Zip Mode = "zip"
)

// File is a parsed sweep file: a run file (everything
// [runfile.Load] accepts) plus a [sweep] table of axes.
//
//	scenario = { builder = "grid", rows = 3, cols = 3 }
//	[params]
//	num_ticks = 52
//	[[phases]]
//	type = "Infection"
//	…
//	[sweep]
//	mode = "grid"                            # or "zip"
//	"phases.Infection.beta" = [0.4, 0.6, 0.8]
//	"params.seed" = { from = 1, to = 10 }    # inclusive, optional step
//	replicates = 10                          # replicates per point
//
// Axes are kept in the file's order; the points are enumerated when the
// file is read ([File.Points]). [File.Validate] builds every point.
type File struct {
	// Path is the sweep file as given.
	Path string
	// Mode combines the axes (default Grid).
	Mode Mode
	// Axes are the swept keys in the order the file lists them.
	Axes []Axis
	// Replicates is [sweep] replicates, the number of replicates per point
	// (default 1; more is an ensemble of seeds seed … seed+R−1 at every
	// point: it sets the run file's [ensemble] replicates).
	Replicates int
	// Base is the run file without [sweep], decoded: the scenario, params
	// and components every point starts from.
	Base *runfile.File

	doc     map[string]any // the whole file, [sweep] included
	base    map[string]any // the run file part
	baseDir string
	points  []Point
	// scenarioSwept is set when an axis changes the scenario; otherwise
	// every point shares the base's scenario table (the model copies it).
	scenarioSwept bool
	scenario      *scenario.Table
	scenarioName  string
}

// Point is one combination of axis values.
type Point struct {
	// Index numbers the point from 0 in enumeration order.
	Index int
	// Values holds one value per axis, in the axes' order.
	Values []any

	at []int // index of each value in its axis
}

// sweepKeys are the [sweep] keys that are not axes.
var sweepKeys = []string{"mode", "replicates"}

// Load reads a sweep file. Every problem is reported (errors.Join), each
// prefixed with the path: `sweep.toml: [sweep] "phases.Infektion.beta":
// …`. Relative paths inside the file are relative to its directory.
// Load checks the file and its axes; [File.Validate] then builds every
// point.
func Load(path string) (*File, error) {
	r, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	data, err := nesting.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return Decode(data, path, filepath.Dir(path))
}

// Decode reads a sweep file's content; name prefixes the messages and
// baseDir resolves relative paths inside it.
func Decode(data []byte, name, baseDir string) (*File, error) {
	f, errs := decode(data, name, baseDir)
	if len(errs) > 0 {
		return nil, prefixAll(name, errs)
	}
	return f, nil
}

func decode(data []byte, name, baseDir string) (*File, []error) {
	doc, md, err := nesting.DecodeTOML(data)
	if err != nil {
		return nil, []error{err}
	}
	f := &File{Path: name, Mode: Grid, Replicates: 1, doc: doc, baseDir: baseDir}
	raw, ok := doc["sweep"]
	if !ok {
		return nil, []error{errors.New(`no [sweep] table (add one with the swept keys, e.g. "params.seed" = { from = 1, to = 10 })`)}
	}
	tbl, ok := raw.(map[string]any)
	if !ok {
		return nil, []error{fmt.Errorf("sweep: expected a table, got %s", tomlx.Type(raw))}
	}
	f.base = make(map[string]any, len(doc))
	for k, v := range doc {
		if k != "sweep" {
			f.base[k] = cloneValue(v) // [sweep] replicates may change it; doc stays the file
		}
	}
	errs := f.readSweep(tbl, sweepOrder(md))
	rf, err := runfile.DecodeDoc(cloneDoc(f.base), name, baseDir)
	if err != nil {
		return nil, append(splitJoined(err), errs...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	f.Base = rf
	f.scenario, f.scenarioName = rf.Scenario, scenarioName(f.base, rf)
	points, err := enumerate(f.Mode, f.Axes)
	if err != nil {
		return nil, []error{fmt.Errorf("[sweep] %w", err)}
	}
	f.points = points
	return f, nil
}

// readSweep reads the [sweep] table's mode, replicates and axes (in the
// file's order).
func (f *File) readSweep(tbl map[string]any, order []string) []error {
	var errs []error
	if v, ok := tbl["mode"]; ok {
		s, _ := v.(string)
		switch Mode(s) {
		case Grid, Zip:
			f.Mode = Mode(s)
		default:
			errs = append(errs, fmt.Errorf(`[sweep] mode: expected "grid" or "zip", got %s`, valueEcho(v)))
		}
	}
	if v, ok := tbl["replicates"]; ok {
		n, ok := v.(int64)
		if !ok || n < 1 || n > math.MaxInt32 {
			errs = append(errs, fmt.Errorf("[sweep] replicates: expected an integer >= 1, got %s", valueEcho(v)))
		} else {
			f.Replicates = int(n)
			f.setReplicates()
		}
	}
	seen := map[string]string{} // concrete path → axis
	for _, path := range order {
		if slices.Contains(sweepKeys, path) {
			continue
		}
		where := "[sweep] " + echo.Quote(path)
		if s := params.Suggest(path, sweepKeys); s != "" && !strings.ContainsAny(path, ".[") {
			errs = append(errs, fmt.Errorf("%s: unknown key (did you mean %q?)", where, s))
			continue
		}
		t, err := resolve(path, f.base)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", where, err))
			continue
		}
		values, err := axisValues(tbl[path])
		if err == nil {
			err = checkFinite(values)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", where, err))
			continue
		}
		if other, dup := seen[t.concrete]; dup {
			errs = append(errs, fmt.Errorf("%s: sets %s, as %s does", where, echo.Clip(t.concrete), echo.Quote(other)))
			continue
		}
		seen[t.concrete] = path
		if t.phase < 0 && t.keys[0] == "scenario" {
			f.scenarioSwept = true
		}
		if _, ok := tbl["replicates"]; ok && t.concrete == "ensemble.replicates" {
			errs = append(errs, fmt.Errorf("%s: [sweep] replicates sets it too: use one of them", where))
			continue
		}
		f.Axes = append(f.Axes, Axis{Path: path, Values: values, target: t})
	}
	return errs
}

// setReplicates makes [sweep] replicates = R the base run file's
// [ensemble] replicates: an ensemble of R replicates per point when R > 1,
// a single run when R = 1.
func (f *File) setReplicates() {
	raw, ok := f.base["ensemble"]
	if !ok {
		raw = map[string]any{}
		f.base["ensemble"] = raw
	}
	ens, ok := raw.(map[string]any)
	if !ok {
		return // the run file's own error names it
	}
	if f.Replicates > 1 {
		ens["replicates"] = int64(f.Replicates)
	} else {
		delete(ens, "replicates")
	}
}

// checkFinite rejects nan and inf (the manifest is JSON).
func checkFinite(values []any) error {
	for _, v := range values {
		if x, ok := v.(float64); ok && (math.IsNaN(x) || math.IsInf(x, 0)) {
			return fmt.Errorf("%s is not a finite number", ValueText(x, false))
		}
	}
	return nil
}

// Points returns every point of the sweep in order.
func (f *File) Points() []Point { return slices.Clone(f.points) }

// NumPoints returns the number of points.
func (f *File) NumPoints() int { return len(f.points) }

// pointDoc returns the run-file document of point p: a copy of the base
// with the point's values set.
func (f *File) pointDoc(p Point) map[string]any {
	doc := cloneDoc(f.base)
	for k, a := range f.Axes {
		a.target.set(doc, cloneValue(p.Values[k]))
	}
	return doc
}

// RunFile decodes point p's run file afresh (its component factories are
// new, so each call may build a model). When no axis changes the scenario
// every point shares the base's scenario table (models copy it).
func (f *File) RunFile(p Point) (*runfile.File, error) {
	rf, err := f.decodePoint(f.pointDoc(p))
	if err != nil {
		return nil, prefixAll(f.Path, []error{fmt.Errorf("%s: %w", f.describePoint(p), err)})
	}
	return rf, nil
}

// decodePoint decodes a point's document (errors unprefixed).
func (f *File) decodePoint(doc map[string]any) (*runfile.File, error) {
	if !f.scenarioSwept {
		delete(doc, "scenario")
	}
	rf, err := runfile.DecodeDoc(doc, f.Path, f.baseDir)
	if err != nil {
		return nil, err
	}
	if f.scenarioSwept {
		rf.ScenarioName = scenarioName(doc, rf)
	} else {
		rf.Scenario, rf.ScenarioName = f.scenario, f.scenarioName
	}
	return rf, nil
}

// scenarioName names a run file's scenario independently of where the
// sweep file was read from: a CSV as the file writes it, a builder as the
// run file describes it. Point outputs are then the same whatever path the
// sweep was started with.
func scenarioName(doc map[string]any, rf *runfile.File) string {
	if s, ok := doc["scenario"].(string); ok {
		return s
	}
	return rf.ScenarioName
}

// describePoint names a point and its values for messages:
// `[sweep] point 3 ("phases.Infection.beta" = 0.4, "params.seed" = 2)`.
func (f *File) describePoint(p Point) string {
	s := fmt.Sprintf("[sweep] point %d (", p.Index)
	for k, a := range f.Axes {
		if k > 0 {
			s += ", "
		}
		s += echo.Quote(a.Path) + " = " + valueEcho(p.Values[k])
	}
	return s + ")"
}

// prefixAll prefixes every error with name and joins them.
func prefixAll(name string, errs []error) error {
	out := make([]error, len(errs))
	for k, e := range errs {
		out[k] = fmt.Errorf("%s: %w", name, e)
	}
	return errors.Join(out...)
}

// splitJoined returns the errors joined in err (err itself when it is not
// a join).
func splitJoined(err error) []error {
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		return u.Unwrap()
	}
	return []error{err}
}

// sweepOrder returns the [sweep] table's keys in the order the file lists
// them.
func sweepOrder(md toml.MetaData) []string {
	var out []string
	for _, k := range md.Keys() {
		if len(k) == 2 && k[0] == "sweep" {
			out = append(out, k[1])
		}
	}
	return out
}
