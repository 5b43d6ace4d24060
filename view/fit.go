package view

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/internal/csvin"
	"github.com/rubeola/rubeola/plot/mapdata"
)

// fitDir is where `rubeola fit --out DIR` writes its files.
const fitDir = "fit"

// InputError is a file the page cannot be made from: its path, the data
// row (1-based, counting from the first row after the header; 0 for the
// file as a whole) and column. It is plot/mapdata's (and plot's) type.
type InputError = mapdata.InputError

// csvRows is a small CSV file read whole: the header's column positions
// and the records (data row r, counting from 1 after the header, is
// rows[r−1]).
type csvRows struct {
	path   string
	header []string
	col    map[string]int
	rows   [][]string
}

// readCSVRows reads path, which must have the columns want.
func readCSVRows(path string, want ...string) (*csvRows, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csvin.NewReader(f)
	header, err := r.Header()
	if errors.Is(err, io.EOF) {
		return nil, &InputError{File: path, Err: errors.New("empty file: expected a header")}
	}
	if err != nil {
		return nil, &InputError{File: path, Err: fmt.Errorf("header: %w", err)}
	}
	t := &csvRows{path: path, header: header, col: map[string]int{}}
	for i, h := range header {
		if _, dup := t.col[h]; dup {
			return nil, &InputError{File: path, Column: h, Err: errors.New("the header has the column twice")}
		}
		t.col[h] = i
	}
	for _, w := range want {
		if _, ok := t.col[w]; !ok {
			return nil, &InputError{File: path, Err: fmt.Errorf("header: no column %q (expected %v)", w, want)}
		}
	}
	all, err := r.ReadAll()
	if err != nil {
		return nil, &InputError{File: path, Err: err}
	}
	for k, rec := range all {
		if len(rec) != len(header) {
			return nil, &InputError{File: path, Row: k + 1, Err: fmt.Errorf("%d fields, expected %d as in the header", len(rec), len(header))}
		}
	}
	t.rows = all
	return t, nil
}

// float reads column name of row k as a number; "NA" is NaN.
func (t *csvRows) float(k int, name string) (float64, error) {
	s := t.rows[k][t.col[name]]
	if s == "NA" {
		return math.NaN(), nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, &InputError{File: t.path, Row: k + 1, Column: name, Err: fmt.Errorf("%q is not a number or NA", s)}
	}
	return x, nil
}

// IsFitDir reports whether dir holds a `rubeola fit` result
// (DIR/fit/simulated.csv or DIR/fit/trace.csv).
func IsFitDir(dir string) bool {
	for _, f := range []string{fit.SimulatedFile, fit.TraceFile} {
		if _, err := os.Stat(filepath.Join(dir, fitDir, f)); err == nil {
			return true
		}
	}
	return false
}

// ReadFit reads what `rubeola fit --out DIR` wrote into DIR/fit: the
// reports against the simulated quantiles (simulated.csv: place, date,
// report, q025 … q975) and IF2's trace (trace.csv: iteration, loglik, the
// estimates), each optional but not both missing.
func ReadFit(dir string) (*FitData, error) {
	d := &FitData{}
	sim := filepath.Join(dir, fitDir, fit.SimulatedFile)
	if err := d.readSimulated(sim); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	tr, err := readTrace(filepath.Join(dir, fitDir, fit.TraceFile))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	d.Trace = tr
	if d.Places == nil && tr == nil {
		return nil, &InputError{File: filepath.Join(dir, fitDir), Err: fmt.Errorf("neither %s nor %s: not a rubeola fit directory", fit.SimulatedFile, fit.TraceFile)}
	}
	return d, nil
}

// readSimulated reads simulated.csv: rows place-major, each place with the
// same dates.
func (d *FitData) readSimulated(path string) error {
	want := append([]string{"place", "date", "report"}, fit.SimulationColumns...)
	t, err := readCSVRows(path, want...)
	if err != nil {
		return err
	}
	if len(t.rows) == 0 {
		return &InputError{File: path, Err: errors.New("no rows")}
	}
	cols := map[string]*[][]JSONNumber{"report": &d.Report, "q025": &d.Q025, "q10": &d.Q10, "q50": &d.Q50, "q90": &d.Q90, "q975": &d.Q975}
	for k, rec := range t.rows {
		place, date := rec[t.col["place"]], rec[t.col["date"]]
		if _, err := time.Parse(time.DateOnly, date); err != nil {
			return &InputError{File: path, Row: k + 1, Column: "date", Err: fmt.Errorf("%q is not a date YYYY-MM-DD", date)}
		}
		if len(d.Places) == 0 || d.Places[len(d.Places)-1] != place {
			if slices.Contains(d.Places, place) {
				return &InputError{File: path, Row: k + 1, Column: "place", Err: fmt.Errorf("place %q again after other places (expected each place's rows together)", place)}
			}
			if len(d.Places) > 0 && len(d.Report[len(d.Places)-1]) != len(d.Dates) {
				return &InputError{File: path, Row: k + 1, Err: fmt.Errorf("place %q has %d reports, expected %d as the first place", d.Places[len(d.Places)-1], len(d.Report[len(d.Places)-1]), len(d.Dates))}
			}
			d.Places = append(d.Places, place)
			for _, c := range cols {
				*c = append(*c, nil)
			}
		}
		p := len(d.Places) - 1
		j := len(d.Report[p])
		if p == 0 {
			d.Dates = append(d.Dates, date)
		} else if j >= len(d.Dates) || d.Dates[j] != date {
			return &InputError{File: path, Row: k + 1, Column: "date", Err: fmt.Errorf("%s, expected the first place's dates in order", date)}
		}
		for name, c := range cols {
			x, err := t.float(k, name)
			if err != nil {
				return err
			}
			(*c)[p] = append((*c)[p], JSONNumber(x))
		}
	}
	if last := len(d.Places) - 1; len(d.Report[last]) != len(d.Dates) {
		return &InputError{File: path, Err: fmt.Errorf("place %q has %d reports, expected %d as the first place", d.Places[last], len(d.Report[last]), len(d.Dates))}
	}
	return nil
}

// readTrace reads trace.csv: iteration, loglik and the estimates.
func readTrace(path string) (*Trace, error) {
	t, err := readCSVRows(path, "iteration", "loglik")
	if err != nil {
		return nil, err
	}
	tr := &Trace{}
	for _, name := range t.header {
		if name != "iteration" {
			tr.Series = append(tr.Series, TraceSeries{Name: name})
		}
	}
	for k := range t.rows {
		it, err := t.float(k, "iteration")
		if err != nil {
			return nil, err
		}
		tr.Iteration = append(tr.Iteration, JSONNumber(it))
		for s := range tr.Series {
			x, err := t.float(k, tr.Series[s].Name)
			if err != nil {
				return nil, err
			}
			tr.Series[s].Values = append(tr.Series[s].Values, JSONNumber(x))
		}
	}
	return tr, nil
}
