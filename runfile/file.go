package runfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/internal/lineerr"
	"github.com/rubeola/rubeola/internal/nesting"
	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// File is a parsed run file (SPEC §11): a model variant without Go code.
//
//	model = "biweekly"          # or "compartmental" or "abm"; default biweekly
//	scenario = "towns.csv"      # or [scenario] builder = "grid", rows = 5, …
//	compartments = ["W"]        # registered compartments after S, I, R (optional);
//	                            # an entry may set roles: {name = "M", in_population = true, dies = true}
//
//	start_date = "1949-12-30"   # the first day (optional; default: the first day of start_time's month)
//
//	[params]                    # BiweeklyParams keys
//	num_ticks = 520
//
//	[[phases]]                  # the whole ordered component list
//	type = "Infection"          # Go name, reference name or snake_case
//	seasonality = 0.3
//
//	[output]
//	format = "parquet"          # tidy tables' format: "csv" (default) or "parquet"
//
//	[ensemble]
//	replicates = 16             # an ensemble of 16 replicates, seeds seed … seed+15
//	keep_replicates = true      # also write each replicate's outputs
//
// Phases are numbered from 1 in error messages, like scenario rows:
// `run.toml: phases[2].betta: unknown key (did you mean "beta"?)`.
type File struct {
	// Path is the file read ("" when decoded from a reader without a name).
	Path string
	// Model is the model type: [model.TypeBiweekly] (the default) or
	// [model.TypeCompartmental]. Pass it to [model.WithType]; the file's component
	// names are resolved in its scope ([model.LookupComponentTypeFor]).
	Model string
	// HasModel reports whether the file has a model key.
	HasModel bool
	// Scenario is the scenario the file names; nil when it names none.
	Scenario *scenario.Table
	// ScenarioName describes the scenario's origin (its path or builder).
	ScenarioName string
	// Params are the run parameters: the defaults overlaid with [params].
	Params params.BiweeklyParams
	// HasParams reports whether the file has a [params] table.
	HasParams bool
	// Components builds the file's component list in order; nil when the
	// file has no [[phases]] (the standard schedule applies).
	Components []phases.Factory
	// Types are the Go names of Components' types, in order.
	Types []string
	// Format is [output] format, the tidy tables' format; "" when the file
	// does not set it (the CLI then writes CSV unless --format says
	// otherwise).
	Format metrics.Format
	// Replicates is [ensemble] replicates, the number of replicates of an
	// ensemble run; 0 when the file does not set it (a single run).
	Replicates int
	// KeepReplicates is [ensemble] keep_replicates: also write every
	// replicate's own outputs.
	KeepReplicates bool
	// Compartments are the file's `compartments`: compartments after S, I
	// and R, each registered by the program with [model.RegisterCompartment];
	// nil when the file declares none. Pass them to [model.WithCompartments].
	Compartments []ecs.Compartment
	// StartDate is start_date, the run's first day (any day; zero when the
	// file does not set it: the first day of [params] start_time's month).
	// Pass it to [model.WithStartDate].
	StartDate time.Time
}

// runFileKeys are the top-level keys of a run file.
var runFileKeys = []string{"compartments", "ensemble", "model", "output", "params", "phases", "scenario", "start_date"}

// outputKeys are the keys of a run file's [output] table.
var outputKeys = []string{"format"}

// Load reads and validates a TOML run file. Every problem is
// reported (errors.Join), each prefixed with the path. Relative paths inside
// the file (the scenario CSV, and every component key declared as a path,
// such as an SIA schedule CSV) are relative to the run file's directory.
func Load(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Decode(f, path, filepath.Dir(path))
}

// Decode reads a run file from r. name prefixes error messages and
// baseDir resolves relative paths inside the file.
func Decode(r io.Reader, name, baseDir string) (*File, error) {
	rf, errs := decodeRunFile(r, name, baseDir)
	if len(errs) > 0 {
		return nil, prefixLines(name, errs)
	}
	return rf, nil
}

func decodeRunFile(r io.Reader, name, baseDir string) (*File, []error) {
	data, err := nesting.ReadAll(r)
	if err != nil {
		return nil, []error{err}
	}
	doc, _, err := nesting.DecodeTOML(data)
	if err != nil {
		return nil, []error{err}
	}
	return decodeRunDoc(doc, name, baseDir)
}

// decodeRunDoc decodes a parsed run file; errors are not prefixed.
func decodeRunDoc(doc map[string]any, name, baseDir string) (*File, []error) {
	rf := &File{Path: name, Model: model.TypeBiweekly, Params: params.Default()}
	var errs []error
	for _, k := range tomlx.SortedKeys(doc) {
		if !slices.Contains(runFileKeys, k) {
			errs = append(errs, unknownKeyError(k, k, runFileKeys))
		}
	}
	if v, ok := doc["model"]; ok {
		if err := rf.decodeModel(v); err != nil {
			errs = append(errs, err)
		}
	}
	if v, ok := doc["params"]; ok {
		rf.HasParams = true
		tbl, ok := v.(map[string]any)
		if !ok {
			errs = append(errs, fmt.Errorf("params: expected a table, got %s", tomlx.Type(v)))
		} else if p, err := params.DecodeMap(tbl); err != nil {
			errs = append(errs, err)
		} else {
			rf.Params = p
		}
	}
	if v, ok := doc["scenario"]; ok {
		scn, desc, err := runFileScenario(v, baseDir)
		errs = append(errs, splitJoined(err)...)
		rf.Scenario, rf.ScenarioName = scn, desc
	}
	if v, ok := doc["output"]; ok {
		f, err := runFileOutput(v)
		errs = append(errs, err...)
		rf.Format = f
	}
	if v, ok := doc["ensemble"]; ok {
		errs = append(errs, rf.decodeEnsemble(v)...)
	}
	if v, ok := doc["start_date"]; ok {
		if err := rf.decodeStartDate(v); err != nil {
			errs = append(errs, err)
		}
	}
	if v, ok := doc["compartments"]; ok {
		errs = append(errs, rf.decodeCompartments(v)...)
	}
	if v, ok := doc["phases"]; ok {
		list, ok := v.([]map[string]any)
		if !ok {
			errs = append(errs, fmt.Errorf("phases: expected an array of tables ([[phases]]), got %s", tomlx.Type(v)))
		}
		for k, tbl := range list {
			f, typ, err := runFilePhase(rf.Model, k+1, tbl, name, baseDir)
			errs = append(errs, err...)
			rf.Components = append(rf.Components, f)
			rf.Types = append(rf.Types, typ)
		}
		if rf.Components == nil {
			rf.Components = []phases.Factory{}
		}
	}
	return rf, errs
}

// decodeModel decodes `model`, the model type.
func (rf *File) decodeModel(v any) error {
	name, ok := v.(string)
	if !ok {
		return fmt.Errorf("model: expected a string (%q, %q or %q), got %s", model.TypeBiweekly, model.TypeCompartmental, model.TypeABM, tomlx.Type(v))
	}
	if err := model.CheckType(name); err != nil {
		return fmt.Errorf("model: %w", err)
	}
	rf.Model, rf.HasModel = name, true
	return nil
}

// decodeCompartments decodes `compartments`, a list of registered
// compartments, each a name or a table {name = "M", in_population = true,
// dies = true, susceptibility = 0} whose role keys replace the registered
// roles' ([ecs.Roles]); errors name the entry (compartments[2]: unknown
// compartment "X" …).
func (rf *File) decodeCompartments(v any) []error {
	list, ok := v.([]any)
	if !ok {
		return []error{fmt.Errorf("compartments: expected an array of compartment names, got %s", tomlx.Type(v))}
	}
	var errs []error
	first := map[string]int{} // name → its first entry (registered names and types are distinct already)
	for k, item := range list {
		name, roles, err := compartmentEntry(item)
		if err != nil {
			errs = append(errs, fmt.Errorf("compartments[%d]: %w", k+1, err))
			continue
		}
		if at, dup := first[name]; dup {
			errs = append(errs, fmt.Errorf("compartments[%d]: %s is declared twice (also compartments[%d])", k+1, echo.Quote(name), at))
			continue
		}
		first[name] = k + 1
		c, ok := model.LookupCompartment(name)
		if !ok {
			errs = append(errs, fmt.Errorf("compartments[%d]: %w", k+1, unknownCompartment(name)))
			continue
		}
		if roles != nil {
			r, err := roles(c.Roles())
			if err != nil {
				errs = append(errs, fmt.Errorf("compartments[%d] (%s): %w", k+1, name, err))
				continue
			}
			c = c.WithRoles(r)
		}
		rf.Compartments = append(rf.Compartments, c)
	}
	return errs
}

// runFileOutput decodes the [output] table: format = "csv" | "parquet".
// Errors name the TOML path (output.format: "xlsx" is not csv or parquet).
func runFileOutput(v any) (metrics.Format, []error) {
	tbl, ok := v.(map[string]any)
	if !ok {
		return "", []error{fmt.Errorf("output: expected a table, got %s", tomlx.Type(v))}
	}
	var format metrics.Format
	var errs []error
	for _, k := range tomlx.SortedKeys(tbl) {
		if !slices.Contains(outputKeys, k) {
			errs = append(errs, unknownKeyError("output."+k, k, outputKeys))
			continue
		}
		s, ok := tbl[k].(string)
		if !ok {
			errs = append(errs, fmt.Errorf("output.%s: expected a string, got %s", k, tomlx.Type(tbl[k])))
			continue
		}
		f, err := metrics.ParseFormat(s)
		if err != nil {
			errs = append(errs, fmt.Errorf("output.%s: %w", k, err))
			continue
		}
		format = f
	}
	return format, errs
}

// runFilePhase decodes [[phases]] entry k (1-based) into a factory whose
// construction errors also name the entry.
func runFilePhase(mt string, k int, tbl map[string]any, file, baseDir string) (phases.Factory, string, []error) {
	where := fmt.Sprintf("phases[%d]", k)
	rawType, ok := tbl["type"]
	if !ok {
		return nil, "", []error{fmt.Errorf("%s: missing key \"type\" (the component name, e.g. \"Infection\")", where)}
	}
	typName, ok := rawType.(string)
	if !ok {
		return nil, "", []error{fmt.Errorf("%s.type: expected a string, got %s", where, tomlx.Type(rawType))}
	}
	t, ok := model.LookupComponentTypeFor(mt, typName)
	if !ok {
		return nil, "", []error{fmt.Errorf("%s.type: %w", where, model.UnknownComponentTypeError(mt, typName))}
	}
	keys := make(map[string]any, len(tbl))
	for key, v := range tbl {
		if key != "type" {
			keys[key] = tomlx.ToJSON(v)
		}
	}
	resolvePaths(keys, t, baseDir)
	if errs := nonFiniteKeys(where, keys); len(errs) > 0 {
		return nil, t.GoName, errs
	}
	data, err := json.Marshal(keys)
	if err != nil {
		return nil, t.GoName, []error{fmt.Errorf("%s: %w", where, err)}
	}
	f, err := t.Decode(data)
	if err != nil {
		return nil, t.GoName, keyPathErrors(where, t, err)
	}
	label := fmt.Sprintf("%s: %s (%s)", file, where, t.GoName)
	return func(m phases.Model) (phases.Component, error) {
		c, err := f(m)
		if err != nil {
			// Every line of a joined error names the file and entry.
			return nil, lineerr.Prefix(label+": ", err)
		}
		return c, nil
	}, t.GoName, nil
}

// resolvePaths makes the relative file paths among keys relative to
// baseDir: the string values of t's path keys ([model.ComponentType.PathKeys],
// e.g. SIACalendar's sia_schedule) that are not keywords
// ([model.ComponentType.IsPath]).
func resolvePaths(keys map[string]any, t model.ComponentType, baseDir string) {
	if baseDir == "" {
		return
	}
	for _, key := range t.PathKeys() {
		if s, ok := keys[key].(string); ok && !filepath.IsAbs(s) && t.IsPath(key, s) {
			p := filepath.Join(baseDir, s)
			// Absolute, so that the params a snapshot stores still name the
			// file when `rubeola resume` runs from another directory.
			if abs, err := filepath.Abs(p); err == nil {
				p = abs
			}
			keys[key] = p
		}
	}
}

// keyPathErrors rewrites a component decoding error as one error per
// problem, each naming the TOML path of the key: phases[2].betta: unknown
// key (did you mean "beta"?). Errors that are not about one key are
// prefixed with the entry and its type, on every line (a Validate joins
// every problem, one per line).
func keyPathErrors(where string, t model.ComponentType, err error) []error {
	if len(params.KeyErrors(err)) == 0 {
		return []error{lineerr.Prefix(fmt.Sprintf("%s (%s): ", where, t.GoName), err)}
	}
	return splitJoined(keyErrorsAt(where, err))
}

// keyErrorsAt rewrites every key problem in err as "<where>.<key>: <problem>"
// (a mixer's keys sit under "mixer."), joined.
func keyErrorsAt(where string, err error) error {
	kes := params.KeyErrors(err)
	if len(kes) == 0 {
		return err
	}
	out := make([]error, len(kes))
	for k, e := range kes {
		path := where + "." + echo.Clip(e.Key)
		if strings.HasPrefix(e.Component, "mixing: ") {
			path = where + ".mixer." + echo.Clip(e.Key)
		}
		out[k] = fmt.Errorf("%s: %s", path, e.Problem())
	}
	return errors.Join(out...)
}

// splitJoined returns the errors joined in err (err itself when it is not a
// join; nothing for nil).
func splitJoined(err error) []error {
	if err == nil {
		return nil
	}
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		return u.Unwrap()
	}
	return []error{err}
}

// unknownKeyError reports an unknown top-level or builder key (a long path
// cut by package echo).
func unknownKeyError(path, key string, known []string) error {
	return fmt.Errorf("%s: %s", echo.Clip(path), tomlx.UnknownKey(key, known))
}

// nonFiniteKeys names every key of a [[phases]] entry (nested tables and
// arrays included) whose value is TOML's inf or nan: JSON has neither, and
// no params key takes one.
func nonFiniteKeys(where string, keys map[string]any) []error {
	var errs []error
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case float64:
			if math.IsInf(x, 0) || math.IsNaN(x) {
				errs = append(errs, fmt.Errorf("%s: %v is not a finite number", path, x))
			}
		case map[string]any:
			for _, k := range tomlx.SortedKeys(x) {
				walk(path+"."+k, x[k])
			}
		case []any:
			for k, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, k+1), e)
			}
		}
	}
	for _, k := range tomlx.SortedKeys(keys) {
		walk(where+"."+k, keys[k])
	}
	return errs
}
