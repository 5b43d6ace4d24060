package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// ensembleTargets are issue 23's throughput bounds: a 16-replicate
// ensemble against 16 baseline runs, per-replicate throughput ratio by N.
var ensembleTargets = map[int]*target{1000: atLeast(10, "×"), 5000: atLeast(8, "×")}

// markdown renders one size's throughput table.
func (e ensembleResult) markdown(b *strings.Builder) {
	fmt.Fprintf(b, "### Ensembles, N = %d, R = %d replicates\n\nbaseline: %s\n\n", e.N, e.R, e.Baseline)
	b.WriteString("| measure | NumPy (best / median / max) | rubeola (best / median / max) | ratio or value | target | met |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	for _, x := range e.rows() {
		tt, met := "—", "—"
		if x.target != nil {
			tt, met = x.target.text, "no"
			if x.target.ok(x.value) {
				met = "yes"
			}
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", x.measure, x.numpy, x.rubeola, x.valueText, tt, met)
	}
	b.WriteString("\n")
}

// ensembleRow is one line of the throughput table with its own target.
type ensembleRow struct {
	row
	target *target
}

// rows computes the throughput measures: per-replicate throughput ratio
// (R baseline processes in a row against one ensemble process: the ratio
// of their whole-process seconds), peak memory against the single run's
// plus R replicates' arrays, and the agreement of the mean final R.
func (e ensembleResult) rows() []ensembleRow {
	np := make([]float64, len(e.Numpy))
	for k, runs := range e.Numpy {
		np[k] = numpyTotal(runs)
	}
	var out []ensembleRow
	speed := func(format string, ours []outcome) {
		if len(ours) == 0 {
			return
		}
		w := pick(ours, wall)
		v := round2(best(np) / best(w))
		out = append(out, ensembleRow{row: row{
			measure: fmt.Sprintf("per-replicate throughput, %s output (%d runs in a row vs one ensemble)", format, e.R),
			numpy:   span(np) + " s", rubeola: span(w) + " s", value: v, valueText: fmt.Sprintf("%.2f×", v)},
			target: ensembleTargets[e.N]})
	}
	speed("CSV", e.CSV)
	speed("Parquet", e.Parquet)

	peak := func(o outcome) float64 { return o.PeakMB }
	single := slices.Max(pick(e.Single, peak))
	allow := single + float64(e.R)*float64(e.Arrays)/(1<<20)
	ours := append(pick(e.CSV, peak), pick(e.Parquet, peak)...)
	if len(ours) > 0 {
		v := math.Round(slices.Max(ours))
		var np []float64
		for _, runs := range e.Numpy {
			np = append(np, pick(runs, peak)...)
		}
		out = append(out, ensembleRow{row: row{
			measure: fmt.Sprintf("peak RSS (rubeola: largest ensemble run; bound: single run %.0f MiB + %d × %.1f MiB of states and tracker arrays)",
				single, e.R, float64(e.Arrays)/(1<<20)),
			numpy: spanMB(np), rubeola: spanMB(ours), value: v, valueText: fmt.Sprintf("%.0f MiB", v)},
			target: atMost(math.Round(allow), " MiB")})
	}
	if len(e.CSV) > 0 {
		var a []float64
		for _, runs := range e.Numpy {
			a = append(a, mean(pick(runs, func(o outcome) float64 { return float64(o.FinalR) })))
		}
		base, ours := mean(a), mean(pick(e.CSV, func(o outcome) float64 { return float64(o.FinalR) }))
		d := round2(100 * math.Abs(ours-base) / base)
		out = append(out, ensembleRow{row: row{measure: "agreement: final R (mean over replicates and reps)",
			numpy: fmt.Sprintf("%.0f", base), rubeola: fmt.Sprintf("%.0f", ours), value: d, valueText: fmt.Sprintf("%.2f %%", d)},
			target: atMost(1, " %")})
	}
	return out
}
