package fit

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// Names of the files [Output] writes.
const (
	LogLikFile    = "loglik.json"
	FilterFile    = "filter.csv"
	TraceFile     = "trace.csv"
	TownTraceFile = "trace_towns.csv"
	MLEFile       = "mle.json"
	ProfileFile   = "profile.csv"
	MCAPFile      = "mcap.json"
	SimulatedFile = "simulated.csv"
)

// SimulationColumns name the columns of [SimulationProbs] in
// simulated.csv (true cases: the same with a "cases_" prefix).
var SimulationColumns = []string{"q025", "q10", "q50", "q90", "q975"}

// Output writes a fit's result files into the folder Dir, each atomically
// (a temporary file renamed into place: a reader never sees a partial
// file). Errors name the file.
type Output struct {
	// Dir is the folder written into (it must exist).
	Dir string
	// Written lists the paths written, in order.
	Written []string
}

// write writes the file name atomically with fill.
func (o *Output) write(name string, fill func(io.Writer) error) error {
	path := filepath.Join(o.Dir, name)
	if err := atomicfile.Write(path, 0o644, fill); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	o.Written = append(o.Written, path)
	return nil
}

// writeJSON writes v as indented JSON.
func (o *Output) writeJSON(name string, v any) error {
	return o.write(name, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	})
}

// writeCSV writes a header and rows.
func (o *Output) writeCSV(name string, header []string, rows func(emit func([]string) error) error) error {
	return o.write(name, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		cw := csv.NewWriter(bw)
		if err := cw.Write(header); err != nil {
			return err
		}
		if err := rows(cw.Write); err != nil {
			return err
		}
		cw.Flush()
		return errors.Join(cw.Error(), bw.Flush())
	})
}

// Number is a float64 that JSON writes as null when it is NaN or
// infinite (a standard error of one filter, the log-likelihood of an
// impossible report).
type Number float64

// MarshalJSON writes the shortest decimal, or null.
func (x Number) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// UnmarshalJSON reads a number or null (NaN).
func (x *Number) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*x = Number(math.NaN())
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*x = Number(f)
	return nil
}

// numbers converts a slice for JSON.
func numbers(v []float64) []Number {
	out := make([]Number, len(v))
	for i, x := range v {
		out[i] = Number(x)
	}
	return out
}

// numberMap converts a parameter map for JSON.
func numberMap(m map[string]float64) map[string]Number {
	if m == nil {
		return nil
	}
	out := make(map[string]Number, len(m))
	for k, v := range m {
		out[k] = Number(v)
	}
	return out
}

// csvFloat formats x for a CSV field: the shortest decimal, NA for NaN.
func csvFloat(x float64) string {
	if math.IsNaN(x) {
		return "NA"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// csvReport formats a report: NA when missing.
func csvReport(y int64) string {
	if y == Missing {
		return "NA"
	}
	return strconv.FormatInt(y, 10)
}

// LogLikReport is the content of loglik.json.
type LogLikReport struct {
	// LogLik and SE are [PFilterResult.LogLik] and SE (null for one
	// filter).
	LogLik Number `json:"loglik"`
	SE     Number `json:"se"`
	// Particles (per place) and Filters are J and K.
	Particles int `json:"particles"`
	Filters   int `json:"filters"`
	// Seconds is the filters' wall time, ParticleDaysPerSecond their
	// speed.
	Seconds               Number `json:"seconds"`
	ParticleDaysPerSecond Number `json:"particle_days_per_second"`
	// Places are the places filtered; Reports the number of report dates,
	// from FirstReport to LastReport (YYYY-MM-DD).
	Places      []string `json:"places"`
	Reports     int      `json:"reports"`
	FirstReport string   `json:"first_report"`
	LastReport  string   `json:"last_report"`
	// Seed seeds filter k with Seed + k.
	Seed uint64 `json:"seed"`
	// FilterLogLiks are the K filters' log-likelihoods.
	FilterLogLiks []Number `json:"filter_logliks"`
	// Blocks are the block filter's blocks (place ids), when a block
	// holds more than one place; BlockLogLiks and BlockSEs each block's
	// log-likelihood and SE (each place's with blocks of one place), when
	// there is more than one block.
	Blocks       [][]string `json:"blocks,omitempty"`
	BlockLogLiks []Number   `json:"block_logliks,omitempty"`
	BlockSEs     []Number   `json:"block_ses,omitempty"`
	// Set are the parameter values that replaced the model's.
	Set map[string]Number `json:"set,omitempty"`
}

// NewLogLikReport summarises a filter's result run with seed and the
// parameters set (nil: the model's).
func NewLogLikReport(r *PFilterResult, seed uint64, set map[string]float64) LogLikReport {
	rep := LogLikReport{LogLik: Number(r.LogLik), SE: Number(r.SE), Particles: r.Particles, Filters: r.Filters,
		Seconds: Number(r.Seconds), ParticleDaysPerSecond: Number(r.ParticleDays), Places: r.Places,
		Reports: len(r.Dates), Seed: seed, FilterLogLiks: numbers(r.FilterLogLiks), Set: numberMap(set)}
	if _, multi := r.blockOf(); multi {
		for _, towns := range r.Blocks {
			ids := make([]string, len(towns))
			for i, p := range towns {
				ids[i] = r.Places[p]
			}
			rep.Blocks = append(rep.Blocks, ids)
		}
	}
	if len(r.BlockLogLik) > 1 {
		rep.BlockLogLiks, rep.BlockSEs = numbers(r.BlockLogLik), numbers(r.BlockSE)
	}
	if len(r.Dates) > 0 {
		rep.FirstReport = r.Dates[0].Format(time.DateOnly)
		rep.LastReport = r.Dates[len(r.Dates)-1].Format(time.DateOnly)
	}
	return rep
}

// LogLik writes loglik.json: the log-likelihood with its standard error,
// the filters' settings and speed, the places and reports, the seed, each
// filter's log-likelihood and the parameters set.
func (o *Output) LogLik(r *PFilterResult, seed uint64, set map[string]float64) error {
	return o.writeJSON(LogLikFile, NewLogLikReport(r, seed, set))
}

// Filter writes filter.csv, one row per place and report (tidy long):
// place,date,report,cond_loglik,ess and the first filter's filtering
// means of the model's states and of the period's true cases C. When a
// block holds more than one place, a column block (its number, from 1)
// follows place, and cond_loglik and ess are the block's, on each of its
// places' rows.
func (o *Output) Filter(r *PFilterResult) error {
	blockOf, multi := r.blockOf()
	header := []string{"place", "date", "report", "cond_loglik", "ess"}
	if multi {
		header = slices.Insert(header, 1, "block")
	}
	header = append(header, r.States...)
	return o.writeCSV(FilterFile, header, func(emit func([]string) error) error {
		for p, place := range r.Places {
			b := blockOf[p]
			for k, d := range r.Dates {
				row := []string{place, d.Format(time.DateOnly), csvReport(r.Reports[p][k]),
					csvFloat(r.CondLogLik[b][k]), csvFloat(r.ESS[b][k])}
				if multi {
					row = slices.Insert(row, 1, strconv.Itoa(b+1))
				}
				for s := range r.States {
					x := math.NaN()
					if r.Means != nil && r.Means[p][k] != nil {
						x = r.Means[p][k][s]
					}
					row = append(row, csvFloat(x))
				}
				if err := emit(row); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// Trace writes trace.csv: iteration,loglik and one column per name (the
// estimates, in order) per IF2 iteration.
func (o *Output) Trace(r *IF2Result, names []string) error {
	header := append([]string{"iteration", "loglik"}, names...)
	return o.writeCSV(TraceFile, header, func(emit func([]string) error) error {
		for _, it := range r.Trace {
			row := appendParams([]string{strconv.Itoa(it.Iteration), csvFloat(it.LogLik)}, it.Params, names)
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	})
}

// TownTrace writes trace_towns.csv (IBPF's per-town estimates, tidy
// long): iteration,town and one column per name (the per-town estimates,
// in order) per iteration and town, read from the [TownKey] entries of
// each iteration's Params.
func (o *Output) TownTrace(r *IF2Result, names, towns []string) error {
	header := append([]string{"iteration", "town"}, names...)
	keys := make([]string, len(names))
	return o.writeCSV(TownTraceFile, header, func(emit func([]string) error) error {
		for _, it := range r.Trace {
			for _, town := range towns {
				for i, n := range names {
					keys[i] = TownKey(n, town)
				}
				if err := emit(appendParams([]string{strconv.Itoa(it.Iteration), town}, it.Params, keys)); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// appendParams appends the values of params named by names to row (NA for
// a name params lacks).
func appendParams(row []string, params map[string]float64, names []string) []string {
	for _, n := range names {
		x, ok := params[n]
		if !ok {
			x = math.NaN()
		}
		row = append(row, csvFloat(x))
	}
	return row
}

// MLEReport is the content of mle.json.
type MLEReport struct {
	// Params are the IF2 (IBPF: shared) estimates with the held
	// parameters: the chosen candidate's (Iteration's means).
	Params map[string]Number `json:"params"`
	// Towns are the per-town values (IBPF's per-town estimates and any
	// per-town held values), by town and parameter.
	Towns map[string]map[string]Number `json:"towns,omitempty"`
	// LogLik and SE are a particle filter's evaluation at Params, with
	// Particles and Filters.
	LogLik    Number `json:"loglik"`
	SE        Number `json:"se"`
	Particles int    `json:"particles"`
	Filters   int    `json:"filters"`
	// Iterations is the IF2 iterations run; IF2Seconds and
	// EvalSeconds the wall times of IF2 and of the evaluations (every
	// candidate's).
	Iterations  int    `json:"iterations"`
	IF2Seconds  Number `json:"if2_seconds"`
	EvalSeconds Number `json:"eval_seconds"`
	Seed        uint64 `json:"seed"`
	// Iteration is the iteration whose means Params are; Selection says
	// how it was chosen ([IF2Selection.Rule]) among Candidates.
	Iteration  int               `json:"iteration"`
	Selection  string            `json:"selection"`
	Candidates []CandidateReport `json:"candidates"`
	// Convergence is the trace's diagnostic ([TraceConvergence]).
	Convergence ConvergenceReport `json:"convergence"`
}

// MLE writes mle.json: the estimate sel chose among the IF2 (or IBPF)
// result's candidates, its evaluation, every candidate's, and the trace's
// convergence diagnostic conv. Per-town values (keys name[town]) go to
// the report's Towns.
func (o *Output) MLE(r *IF2Result, sel *IF2Selection, conv Convergence, seed uint64) error {
	c := sel.Chosen()
	eval, secs := c.Eval, 0.0
	for _, x := range sel.Candidates {
		secs += x.Eval.Seconds
	}
	rep := MLEReport{Params: map[string]Number{}, LogLik: Number(eval.LogLik), SE: Number(eval.SE),
		Particles: eval.Particles, Filters: eval.Filters, Iterations: len(r.Trace), IF2Seconds: Number(r.Seconds),
		EvalSeconds: Number(secs), Seed: seed, Iteration: c.Iteration, Selection: sel.Rule(),
		Candidates: candidateReports(r, sel), Convergence: convergenceReport(conv)}
	for key, x := range c.Params {
		name, town, perTown := SplitTownKey(key)
		if !perTown {
			rep.Params[key] = Number(x)
			continue
		}
		if rep.Towns == nil {
			rep.Towns = map[string]map[string]Number{}
		}
		if rep.Towns[town] == nil {
			rep.Towns[town] = map[string]Number{}
		}
		rep.Towns[town][name] = Number(x)
	}
	return o.writeJSON(MLEFile, rep)
}

// MCAPReport is the content of mcap.json.
type MCAPReport struct {
	// Parameter is the profiled parameter and Points the number of values
	// (the best search of each) the interval is computed from.
	Parameter string `json:"parameter"`
	Points    int    `json:"points"`
	// The rest are [MCAPResult]'s fields.
	Level        Number   `json:"level"`
	MLE          Number   `json:"mle"`
	Lower        Number   `json:"lower"`
	Upper        Number   `json:"upper"`
	Delta        Number   `json:"delta"`
	A            Number   `json:"a"`
	QuadraticMax Number   `json:"quadratic_max"`
	SEStat       Number   `json:"se_stat"`
	SEMC         Number   `json:"se_mc"`
	SE           Number   `json:"se"`
	Grid         []Number `json:"grid"`
	Smoothed     []Number `json:"smoothed"`
}

// MCAP writes mcap.json: the interval of parameter from points profile
// points with the smoothed profile.
func (o *Output) MCAP(parameter string, points int, m *MCAPResult) error {
	return o.writeJSON(MCAPFile, MCAPReport{Parameter: parameter, Points: points, Level: Number(m.Level), MLE: Number(m.MLE),
		Lower: Number(m.Lower), Upper: Number(m.Upper), Delta: Number(m.Delta), A: Number(m.A),
		QuadraticMax: Number(m.QuadraticMax), SEStat: Number(m.SEStat), SEMC: Number(m.SEMC), SE: Number(m.SE),
		Grid: numbers(m.Grid), Smoothed: numbers(m.Smoothed)})
}

// Simulated writes simulated.csv: per place and report the observed
// report and the quantiles of the simulated reports (q025 … q975) and of
// the true cases (cases_q025 … cases_q975).
func (o *Output) Simulated(s *Simulation) error {
	header := []string{"place", "date", "report"}
	header = append(header, SimulationColumns...)
	for _, c := range SimulationColumns {
		header = append(header, "cases_"+c)
	}
	return o.writeCSV(SimulatedFile, header, func(emit func([]string) error) error {
		for p, place := range s.Places {
			for k, d := range s.Dates {
				row := []string{place, d.Format(time.DateOnly), csvReport(s.Reports[p][k])}
				for _, q := range [][]float64{s.Simulated[p][k], s.Cases[p][k]} {
					for _, x := range q {
						row = append(row, csvFloat(x))
					}
				}
				if err := emit(row); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// blockOf returns each place's block and whether a block holds more than
// one place (nil Blocks: blocks of one place).
func (r *PFilterResult) blockOf() ([]int, bool) {
	blocks := r.Blocks
	if blocks == nil {
		blocks = singleBlocks(len(r.Places))
	}
	out := make([]int, len(r.Places))
	multi := false
	for b, towns := range blocks {
		multi = multi || len(towns) > 1
		for _, p := range towns {
			out[p] = b
		}
	}
	return out, multi
}
