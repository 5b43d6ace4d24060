package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// ensembleResult holds every run of the throughput comparison at one N: per
// rep, R baseline processes one after the other (seeds base … base+R−1),
// one rubeola single run (the memory reference) and one rubeola process
// running the R replicates as an ensemble (`run --replicates R --seed
// base`: the same seeds), per output format.
type ensembleResult struct {
	N, R     int
	Numpy    [][]outcome // per rep, the R baseline runs
	Single   []outcome   // per rep, rubeola's single run (CSV)
	CSV      []outcome   // per rep, the ensemble with CSV output
	Parquet  []outcome   // per rep, the ensemble with Parquet output
	Arrays   int64       // bytes of one replicate's states and tracker arrays
	Baseline string      // the baseline's version line
}

// measureEnsemble exports the baseline's scenario for n patches and runs
// every side opt.reps times, in turn.
func measureEnsemble(opt options, work, bin string, n int) (ensembleResult, error) {
	res := ensembleResult{N: n, R: opt.replicates}
	scn, err := exportScenario(opt, work, n)
	if err != nil {
		return res, err
	}
	for rep := 1; rep <= opt.reps; rep++ {
		base := (rep-1)*opt.replicates + 1
		fmt.Fprintf(os.Stderr, "N = %d, rep %d of %d: %d baseline runs\n", n, rep, opt.reps, opt.replicates)
		var runs []outcome
		for r := range opt.replicates {
			o, line, err := runBaseline(opt, scn, base+r, "vectorized")
			if err != nil {
				return res, err
			}
			runs = append(runs, o)
			res.Baseline = line
		}
		res.Numpy = append(res.Numpy, runs)
		single, err := runRubeola(opt, bin, scn, work, base, "csv")
		if err != nil {
			return res, err
		}
		res.Single = append(res.Single, single)
		if res.Arrays, err = replicateArrays(filepath.Join(work, "out-csv"), n); err != nil {
			return res, err
		}
		err = eachFormat(opt, &res.CSV, &res.Parquet, func(format string) (outcome, error) {
			return runRubeolaEnsemble(opt, bin, scn, work, base, format)
		})
		if err != nil {
			return res, err
		}
	}
	return res, nil
}

// runRubeolaEnsemble runs `rubeola run --replicates R` once with the
// baseline's component list and reads the mean final R across replicates
// from its ensemble summary.
func runRubeolaEnsemble(opt options, bin, scn, work string, seed int, format string) (outcome, error) {
	dir := filepath.Join(work, "ens-"+format)
	if err := os.RemoveAll(dir); err != nil {
		return outcome{}, err
	}
	args := append(rubeolaArgs(opt, scn, seed, dir, format), "--replicates", strconv.Itoa(opt.replicates))
	p, err := timed(exec.Command(bin, args...))
	if err != nil {
		return outcome{}, err
	}
	finalR, err := ensembleMeanFinalR(filepath.Join(dir, "ensemble", "summary.json"))
	if err != nil {
		return outcome{}, err
	}
	return outcome{process: p, FinalR: finalR}, nil
}

// replicateArrays returns the bytes one replicate keeps for its states (S,
// I, R per patch) and its trackers' arrays (one int64 per recorded value:
// one per data row of the tidy CSV tables a single run wrote into dir).
func replicateArrays(dir string, n int) (int64, error) {
	tables, err := filepath.Glob(filepath.Join(dir, "*.csv"))
	if err != nil {
		return 0, err
	}
	var rows int64
	for _, path := range tables {
		if filepath.Base(path) == "timing.csv" {
			continue // the per-phase timing table is one per process, not per replicate
		}
		k, err := dataRows(path)
		if err != nil {
			return 0, err
		}
		rows += k
	}
	return 8 * (rows + 3*int64(n)), nil
}

// dataRows counts the lines of a CSV file after its header.
func dataRows(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var lines int64
	buf := make([]byte, 1<<20)
	for {
		k, err := r.Read(buf)
		lines += int64(bytes.Count(buf[:k], []byte{'\n'}))
		if err == io.EOF {
			return lines - 1, nil
		}
		if err != nil {
			return 0, fmt.Errorf("%s: %w", path, err)
		}
	}
}

// numpyTotal is the wall time of one rep's R baseline runs, one after the
// other.
func numpyTotal(runs []outcome) float64 {
	var t time.Duration
	for _, o := range runs {
		t += o.Wall
	}
	return t.Seconds()
}

// ensembleMeanFinalR reads an ensemble summary.json and returns the mean
// over replicates of the final R.
func ensembleMeanFinalR(path string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var s struct {
		PerReplicate []struct {
			FinalState map[string]int64 `json:"final_state"`
		} `json:"per_replicate"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	if len(s.PerReplicate) == 0 {
		return 0, fmt.Errorf("%s: no per_replicate outcomes", path)
	}
	var total int64
	for _, r := range s.PerReplicate {
		total += r.FinalState["R"]
	}
	return total / int64(len(s.PerReplicate)), nil
}
