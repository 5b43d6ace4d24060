package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// process is one whole-process run: wall clock from start to exit and peak
// resident set size (the kernel's ru_maxrss of the finished process).
type process struct {
	Wall   time.Duration
	PeakMB float64
	Stdout []byte
}

// outcome is what one run of either side reports about the model.
type outcome struct {
	process
	RunPhase float64 // seconds of ticks (setup excluded)
	MixBuild float64 // seconds building the mixing matrix (rubeola: InfectionProcess init)
	FinalR   int64
	Reported int64 // total reported cases over the run (rubeola: CSV runs only)
}

// sizeResult holds every run at one N, by side.
type sizeResult struct {
	N        int
	Numpy    []outcome
	Loop     []outcome
	CSV      []outcome
	Parquet  []outcome
	Baseline string // the baseline's version line
}

// command returns an exec.Cmd with stderr passed through.
func command(name string, args ...string) *exec.Cmd {
	c := exec.Command(name, args...)
	c.Stderr = os.Stderr
	return c
}

// timed runs c as a whole process and measures it.
func timed(c *exec.Cmd) (process, error) {
	var buf bytes.Buffer
	c.Stdout = &buf
	var errBuf bytes.Buffer
	c.Stderr = &errBuf
	start := time.Now()
	err := c.Run()
	wall := time.Since(start)
	if err != nil {
		return process{}, fmt.Errorf("%s: %w\n%s", strings.Join(c.Args, " "), err, errBuf.String())
	}
	p := process{Wall: wall, Stdout: buf.Bytes()}
	if ru, ok := c.ProcessState.SysUsage().(*syscall.Rusage); ok {
		p.PeakMB = float64(ru.Maxrss) / 1024 // Linux reports KiB
	}
	return p, nil
}

// measureSize exports the baseline's scenario for n patches and runs every
// side opt.reps times, in turn.
func measureSize(opt options, work, bin string, n int) (sizeResult, error) {
	res := sizeResult{N: n}
	scn, err := exportScenario(opt, work, n)
	if err != nil {
		return res, err
	}
	for rep := 1; rep <= opt.reps; rep++ {
		fmt.Fprintf(os.Stderr, "N = %d, rep %d of %d\n", n, rep, opt.reps)
		o, line, err := runBaseline(opt, scn, rep, "vectorized")
		if err != nil {
			return res, err
		}
		res.Numpy = append(res.Numpy, o)
		res.Baseline = line
		err = eachFormat(opt, &res.CSV, &res.Parquet, func(format string) (outcome, error) {
			return runRubeola(opt, bin, scn, work, rep, format)
		})
		if err != nil {
			return res, err
		}
		if n <= opt.loopMax {
			o, _, err := runBaseline(opt, scn, rep, "loop")
			if err != nil {
				return res, err
			}
			res.Loop = append(res.Loop, o)
		}
	}
	return res, nil
}

// eachFormat runs one rubeola process per output format of opt, appending
// its outcome to csv or parquet.
func eachFormat(opt options, csv, parquet *[]outcome, run func(format string) (outcome, error)) error {
	for _, format := range opt.formats {
		o, err := run(format)
		if err != nil {
			return err
		}
		if format == "csv" {
			*csv = append(*csv, o)
		} else {
			*parquet = append(*parquet, o)
		}
	}
	return nil
}

// exportScenario writes the baseline's RandomN scenario of n patches into
// work and returns its path.
func exportScenario(opt options, work string, n int) (string, error) {
	scn := filepath.Join(work, fmt.Sprintf("s%d.csv", n))
	if err := command(opt.baseline, "--patches", strconv.Itoa(n), "--ticks", "1", "--write-scenario", scn).Run(); err != nil {
		return "", fmt.Errorf("exporting the baseline scenario: %w", err)
	}
	return scn, nil
}

// rubeolaArgs is the command line of one `rubeola run` with the baseline's
// component list, writing format into dir.
func rubeolaArgs(opt options, scn string, seed int, dir, format string) []string {
	args := []string{"run", "--config", "benchmarks/baseline.toml", "--scenario", scn,
		"--ticks", strconv.Itoa(opt.ticks), "--seed", strconv.Itoa(seed), "--no-progress", "--out", dir}
	if format != "csv" { // CSV is the default output: what a user gets without flags
		args = append(args, "--format", format)
	}
	return args
}

// runBaseline runs the NumPy baseline once and parses its result line
// (impl,patches,ticks,rep,setup_s,run_s,total_s,final_S,final_I,final_R,
// total_reported); line is its "# numpy …" version comment.
func runBaseline(opt options, scn string, seed int, mode string) (outcome, string, error) {
	p, err := timed(exec.Command(opt.baseline, "--scenario-csv", scn, "--ticks", strconv.Itoa(opt.ticks),
		"--seed", strconv.Itoa(seed), "--surveillance", mode))
	if err != nil {
		return outcome{}, "", err
	}
	o := outcome{process: p}
	var version string
	for _, line := range strings.Split(string(p.Stdout), "\n") {
		if strings.HasPrefix(line, "# ") {
			version = strings.TrimPrefix(line, "# ")
		}
		f := strings.Split(line, ",")
		if len(f) != 11 || !strings.HasPrefix(f[0], "numpy") {
			continue
		}
		var perr error
		num := func(s string) float64 {
			v, err := strconv.ParseFloat(s, 64)
			perr = errors.Join(perr, err)
			return v
		}
		o.MixBuild, o.RunPhase = num(f[4]), num(f[5]) // its setup is the mixing build
		o.FinalR, o.Reported = int64(num(f[9])), int64(num(f[10]))
		if perr != nil {
			return o, "", fmt.Errorf("baseline result line %q: %w", line, perr)
		}
		return o, version, nil
	}
	return o, "", fmt.Errorf("baseline printed no result line:\n%s", p.Stdout)
}

// rubeolaSummary is the part of summary.json the harness reads.
type rubeolaSummary struct {
	Wall   float64          `json:"wall_time_seconds"`
	Setup  float64          `json:"setup_seconds"`
	InitUS map[string]int64 `json:"init_us"`
	Totals struct {
		FinalState map[string]int64 `json:"final_state"`
	} `json:"totals"`
}

// runRubeola runs `rubeola run` once with the baseline's component list and
// the given output format, then reads its summary (and, for CSV, sums the
// reported cases).
func runRubeola(opt options, bin, scn, work string, seed int, format string) (outcome, error) {
	dir := filepath.Join(work, fmt.Sprintf("out-%s", format))
	if err := os.RemoveAll(dir); err != nil {
		return outcome{}, err
	}
	p, err := timed(exec.Command(bin, rubeolaArgs(opt, scn, seed, dir, format)...))
	if err != nil {
		return outcome{}, err
	}
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		return outcome{}, err
	}
	var s rubeolaSummary
	if err := json.Unmarshal(data, &s); err != nil {
		return outcome{}, fmt.Errorf("%s/summary.json: %w", dir, err)
	}
	o := outcome{process: p, RunPhase: s.Wall - s.Setup,
		MixBuild: float64(s.InitUS["InfectionProcess"]) / 1e6, FinalR: s.Totals.FinalState["R"]}
	if format == "csv" {
		o.Reported, err = sumCases(filepath.Join(dir, "cases.csv"))
		if err != nil {
			return o, err
		}
	}
	return o, nil
}

// sumCases adds up the count column of a tidy cases.csv.
func sumCases(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.ReuseRecord = true
	header, err := r.Read()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	col := -1
	for k, h := range header {
		if h == "count" {
			col = k
		}
	}
	if col < 0 {
		return 0, fmt.Errorf("%s: no count column", path)
	}
	var total int64
	for row := 2; ; row++ {
		rec, err := r.Read()
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return 0, fmt.Errorf("%s: %w", path, err)
		}
		v, err := strconv.ParseInt(rec[col], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: row %d: %w", path, row, err)
		}
		total += v
	}
}
