package fit

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/nesting"
	"github.com/rubeola/rubeola/runfile"
)

// Methods of a fit file ([File.Method]).
const (
	// MethodPFilter evaluates the likelihood of the file's parameters.
	MethodPFilter = "pfilter"
	// MethodIF2 maximises it by iterated filtering.
	MethodIF2 = "if2"
	// MethodIBPF maximises it over shared and per-town parameters of
	// several towns by the iterated block particle filter ([IBPF]).
	MethodIBPF = "ibpf"
	// MethodProfile computes a profile likelihood with its MCAP interval.
	MethodProfile = "profile"
)

// methods lists the methods in the order messages name them.
var methods = []string{MethodPFilter, MethodIF2, MethodIBPF, MethodProfile}

// Values of an estimate's per key ([Estimate.PerTown]).
const (
	// PerShared (the default) gives the parameter one value for every
	// town.
	PerShared = "shared"
	// PerTown gives every town its own value.
	PerTown = "town"
)

// Defaults of the [fit] and [profile] keys.
const (
	DefaultParticles  = 1000
	DefaultFilters    = 5
	DefaultSeed       = 1
	DefaultIterations = 50
	DefaultCooling    = 0.5
	DefaultCandidates = 1
	DefaultRWSD       = 0.02
	DefaultStarts     = 1
	DefaultLevel      = 0.95
	// DefaultSpatRegression is [fit] spat_regression, IBPF's spatial
	// regression of shared parameters (the value of spatPomp's ibpf
	// examples and tests).
	DefaultSpatRegression = 0.1
)

// File is a parsed fit file: the model and data a fit uses, the method
// and its options. [LoadFile] documents the format.
type File struct {
	// Path is the fit file read.
	Path string
	// RunPath is the run file (resolved against the fit file's folder)
	// and Run the run file as loaded.
	RunPath string
	Run     *runfile.File
	// Spec is the model to filter: the run file's model, scenario rows of
	// the fitted places (in scenario order), params and components
	// (trackers left out), with the measurement model.
	Spec *Spec
	// Obs are the fitted places' reports in the window.
	Obs *Observations
	// DataPath is the case data file (resolved); IDColumn its id column.
	DataPath, IDColumn string
	// Places are [data] places (nil: every id of the data).
	Places []string
	// Missing are the reports [data] missing treats as missing (outliers).
	Missing []MissingReport
	// From and To are the window (zero: no bound): from < date ≤ to.
	From, To time.Time
	// Method is [fit] method: [MethodPFilter], [MethodIF2] or
	// [MethodProfile].
	Method string
	// Particles and Filters are [fit] particles (per place) and filters.
	Particles, Filters int
	// Seed is [fit] seed.
	Seed uint64
	// Blocks are [fit] block_size, blocks or block_column (the zero
	// value: blocks of one place); Spec.Blocks their partition.
	Blocks BlockSpec
	// Iterations and Cooling are [fit] iterations and cooling (IF2,
	// IBPF); SpatRegression is [fit] spat_regression (IBPF).
	Iterations     int
	Cooling        float64
	SpatRegression float64
	// Parameters is [parameters]: per-place values from a table (nil:
	// none); Spec.PlaceValues holds them.
	Parameters *ParameterTable
	// Candidates is [fit] candidates (IF2): the estimate is the best, by
	// particle filter, of the last Candidates iterations' means
	// ([SelectIF2]).
	Candidates int
	// Set are [set]: parameter values replacing the model's, for every
	// method (fixed while others are estimated).
	Set map[string]float64
	// Estimates are the [[estimate]] tables, in file order.
	Estimates []Estimate
	// Start are the estimates' start values (only those given; a town's
	// by [TownKey]).
	Start map[string]float64
	// startKeys are the key paths of the per-town starts, checked against
	// the fitted places.
	startKeys []startKey
	// Profile is [profile]; nil when the file has none.
	Profile *ProfileSpec
}

// startKey is a per-town start's key path and town.
type startKey struct{ key, town string }

// ProfileSpec is a fit file's [profile] table.
type ProfileSpec struct {
	// Parameter is the profiled parameter.
	Parameter string
	// Values are the values it is fixed at, in file order (values, or n
	// evenly spaced from from to to).
	Values []float64
	// Starts is the number of IF2 searches per value.
	Starts int
	// Level is the MCAP interval's confidence level (default 0.95).
	Level float64
}

// MissingReport is one report a fit file treats as missing: He et al.
// (2010) set three outliers missing (Liverpool 1955-11-18 and 1959-05-01,
// Nottingham 1961-09-01).
type MissingReport struct {
	// ID is the place's id in the data and Date the report's date.
	ID   string
	Date time.Time
}

// fileKeys are the top-level keys of a fit file.
var fileKeys = []string{"data", "estimate", "fit", "measurement", "parameters", "profile", "run", "set"}

// LoadFile reads, checks and builds the fit file at path (TOML):
//
//	run = "london_run.toml"     # the model's run file (model = "compartmental"); its trackers are ignored
//	[data]
//	file = "cases.csv"          # long CSV id,date,cases: the reports, weekly or biweekly periods ending on date
//	id_column = "town"          # default "id"
//	places = ["London"]         # only these ids (default: every id of the data)
//	from = "1950-01-01"         # the window from < date <= to (optional)
//	to = "1964-01-01"
//	missing = [{id = "London", date = "1955-11-18"}]   # reports treated as missing (outliers)
//	[measurement]
//	model = "he2010"            # he2010 | binomial | negative_binomial
//	rho = 0.488                 # number or {column = "NAME"}
//	psi = 0.116                 # not for binomial
//	[fit]
//	method = "pfilter"          # pfilter | if2 | ibpf | profile
//	particles = 1000            # per place
//	filters = 5                 # independent filters of a likelihood evaluation
//	seed = 1
//	iterations = 50             # IF2, IBPF
//	cooling = 0.5               # IF2, IBPF: random-walk sd factor after 50 iterations
//	spat_regression = 0.1       # IBPF: shared parameters' regression toward the towns' mean
//	block_size = 1              # block filter: consecutive places per block (default 1), or
//	# blocks = [["London", "Birmingham"], ["Leeds"]]   explicit blocks (every place in one), or
//	# block_column = "region"   a scenario column naming each place's block
//	[parameters]                # optional: per-place values from a table (one row per place)
//	file = "he2010_mle.csv"
//	id_column = "town"
//	columns = { R0 = "r0", rho = "rho" }   # column → parameter
//	candidates = 1              # IF2: the estimate is the best of the last n iterations' means
//	[set]                       # optional: parameter values replacing the model's (fixed in a search)
//	amplitude = 0.5
//	[[estimate]]                # if2 and profile: one table per estimated parameter
//	name = "r0"
//	lower = 10                  # required: the box of starting values
//	upper = 100
//	transform = "log"           # log | logit | none (default: logit within [0, 1], log for lower >= 0, else none)
//	rw_sd = 0.02                # random-walk sd on the transformed scale
//	ivp = false                 # an initial value (default true for S_0, E_0, I_0, R_0)
//	per = "town"                # IBPF: one value per town (default "shared": one for all)
//	start = 40                  # optional; per town also {London = 40, Bristol = 35}
//	[profile]
//	parameter = "r0"
//	values = [40, 45, 50]       # or from = 40, to = 50, n = 3
//	starts = 1                  # IF2 searches per value
//	level = 0.95                # of the MCAP confidence interval
//
// Parameter names are the model's ([PFilterOptions.Set]: "r0", "S_0",
// "rho", "EulerSEIRProcess.r0", …). A likelihood evaluation (method
// pfilter, `rubeola fit --loglik`) uses the model's values with [set] and
// the estimates' start values ([File.Params]).
//
// Relative paths are relative to the fit file's folder. Every problem is
// reported (joined), each line naming the file and the key path:
// `fit.toml: estimate[2].lower: required`. The data's ids must be scenario
// ids; the window must hold reports of every fitted place on the same
// dates; parameter names are checked against the model, built once.
func LoadFile(path string) (*File, error) {
	r, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return DecodeFile(r, path, filepath.Dir(path))
}

// DecodeFile reads a fit file from r; name prefixes messages and baseDir
// resolves relative paths.
func DecodeFile(r io.Reader, name, baseDir string) (*File, error) {
	data, err := nesting.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	doc, _, err := nesting.DecodeTOML(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f := &File{Path: name, Spec: &Spec{}}
	var probs fileProblems
	top := tomlTable{m: doc, probs: &probs}
	top.checkKeys(fileKeys)
	f.decode(top, baseDir)
	if len(probs) == 0 {
		f.build(&probs)
	}
	if len(probs) > 0 {
		return nil, prefixProblems(name, probs)
	}
	return f, nil
}

// prefixProblems joins the problems, every line prefixed with name.
func prefixProblems(name string, probs fileProblems) error {
	var out []error
	for _, p := range probs {
		for line := range strings.SplitSeq(p.Error(), "\n") {
			if strings.TrimSpace(line) != "" {
				out = append(out, fmt.Errorf("%s: %s", name, line))
			}
		}
	}
	return errors.Join(out...)
}

// resolve makes a path relative to the fit file's folder.
func resolve(baseDir, path string) string {
	if filepath.IsAbs(path) || baseDir == "" {
		return path
	}
	return filepath.Join(baseDir, path)
}

// decode reads every table (no file but the text is opened).
func (f *File) decode(top tomlTable, baseDir string) {
	if run, ok := top.str("run"); ok {
		f.RunPath = resolve(baseDir, run)
	} else if !top.has("run") {
		top.errorf("run", "required: the model's run file (model = \"compartmental\")")
	}
	if t, ok := top.table("data"); ok {
		f.decodeData(t, baseDir)
	} else if !top.has("data") {
		top.errorf("data", "required: a [data] table with file = \"cases.csv\"")
	}
	f.Particles, f.Filters, f.Seed = DefaultParticles, DefaultFilters, DefaultSeed
	f.Iterations, f.Cooling, f.Candidates, f.Method = DefaultIterations, DefaultCooling, DefaultCandidates, MethodPFilter
	f.SpatRegression = DefaultSpatRegression
	if t, ok := top.table("fit"); ok {
		f.decodeFit(t)
	}
	if t, ok := top.table("set"); ok {
		f.decodeSet(t)
	}
	if t, ok := top.table("parameters"); ok {
		f.decodeParameters(t, baseDir)
	}
	if list, ok := top.tables("estimate"); ok {
		f.decodeEstimates(list)
	}
	if t, ok := top.table("profile"); ok {
		f.decodeProfile(t)
	}
	switch {
	case f.Method != MethodPFilter && len(f.Estimates) == 0 && !top.has("estimate"):
		top.errorf("estimate", "method %q needs [[estimate]] tables (name, lower, upper)", f.Method)
	case f.Method == MethodProfile && f.Profile == nil && !top.has("profile"):
		top.errorf("profile", "method \"profile\" needs a [profile] table (parameter, values)")
	}
	if t, ok := top.table("measurement"); ok {
		f.decodeMeasurement(t)
	} else if !top.has("measurement") {
		top.errorf("measurement", "required: a [measurement] table (model, rho, psi)")
	}
}
