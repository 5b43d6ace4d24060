package rng

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// The statistical tests' false-alarm budget. A correct sampler must fail a
// whole run of the package's tests (every statistical check of every test,
// full size or -short) with probability at most falseAlarmPerRun. The run
// makes at most maxStatChecks checks (mean and variance z-tests, chi-square
// and Kolmogorov–Smirnov shape tests), so each check gets
// falseAlarmPerRun/maxStatChecks (Bonferroni: the union bound needs no
// independence between checks). TestMain counts the checks a run makes and
// fails the run when they exceed maxStatChecks, so a new check cannot
// silently spend more than the budget.
const (
	falseAlarmPerRun = 1e-3
	// maxStatChecks: a full run made 1 107 checks on 2026-12-07 (1 029
	// before TestBinomialsBTRSLanes), a -short run a few fewer (with a
	// quarter of the draws a few cases have too few non-zero draws for
	// the variance and shape checks); 1 200 leaves room for a few more.
	maxStatChecks = 1200
	// checkAlpha is one check's false-alarm probability: 10⁻³/1 200 =
	// 8.3·10⁻⁷.
	checkAlpha = falseAlarmPerRun / maxStatChecks
)

var (
	// zBound: |deviation| ≤ zBound standard errors, the two-sided normal
	// quantile Φ⁻¹(1 − checkAlpha/2) = 4.93 for an approximately normal
	// statistic (the sample mean and variance at these sizes).
	zBound = distuv.UnitNormal.Quantile(1 - checkAlpha/2)
	// chiSquareLevel: a chi-square statistic must lie below this quantile
	// of its law, 1 − 8.3·10⁻⁷. (SPEC §6.4's plan states 10⁻⁴ per shape
	// check; over a few hundred checks that is about 10⁻² per run, so the
	// per-check level here is stricter, at a small loss of power: the
	// limit of a chi-square with k degrees of freedom moves up by about
	// one standard deviation √(2k) of the statistic.)
	chiSquareLevel = 1 - checkAlpha
	// ksCritical is the Kolmogorov–Smirnov bound √(−ln(α/2)/2)/√m at α =
	// checkAlpha (the asymptotic Kolmogorov distribution's tail 2e^(−2mD²)),
	// 2.71, as a multiple of 1/√m.
	ksCritical = math.Sqrt(-math.Log(checkAlpha/2) / 2)
)

// statChecks counts the statistical checks made in this run.
var statChecks atomic.Int64

// countChecks records n statistical checks against the budget.
func countChecks(n int) { statChecks.Add(int64(n)) }

// TestMain runs the tests, then fails the run if it made more statistical
// checks than the false-alarm budget allows for.
func TestMain(m *testing.M) {
	code := m.Run()
	// -count=k runs every test k times: k runs, each within the budget.
	runs := int64(1)
	if f := flag.Lookup("test.count"); f != nil {
		if k, err := strconv.ParseInt(f.Value.String(), 10, 64); err == nil && k > 1 {
			runs = k
		}
	}
	if n := statChecks.Load() / runs; n > maxStatChecks {
		fmt.Fprintf(os.Stderr, "rng: %d statistical checks ran, more than maxStatChecks = %d: raise it (stats_budget_test.go) so that the false-alarm rate per run stays %g\n", n, maxStatChecks, falseAlarmPerRun)
		code = 1
	}
	os.Exit(code)
}
