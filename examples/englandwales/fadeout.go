package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/rubeola/rubeola/scenario"
)

// town is one town's fade-out record: its population and how many of the
// weeks after burn-in had no reported case.
type town struct {
	id    string
	pop   int64
	weeks int
	zero  int
}

// share is the share of weeks without reported cases.
func (t town) share() float64 { return float64(t.zero) / float64(t.weeks) }

// fadeOuts counts, per town, the weeks from week skip on with no reported
// case. weekly is [town][week], in scenario order.
func fadeOuts(scn *scenario.Table, weekly [][]int64, skip int) []town {
	towns := make([]town, scn.Len())
	for j := range towns {
		towns[j] = town{id: scn.ID[j], pop: scn.Pop[j]}
		for _, c := range weekly[j][min(skip, len(weekly[j])):] {
			towns[j].weeks++
			if c == 0 {
				towns[j].zero++
			}
		}
	}
	return towns
}

// sizeClasses are the population bounds of the printed classes (the last
// is open).
var sizeClasses = []int64{10_000, 30_000, 100_000, 300_000}

// class returns the size class of a population: 0 below 10 000, …,
// len(sizeClasses) from 300 000 on.
func class(pop int64) int {
	for k, b := range sizeClasses {
		if pop < b {
			return k
		}
	}
	return len(sizeClasses)
}

// classLabel names size class k.
func classLabel(k int) string {
	switch {
	case k == 0:
		return fmt.Sprintf("< %s", thousands(sizeClasses[0]))
	case k == len(sizeClasses):
		return fmt.Sprintf(">= %s", thousands(sizeClasses[k-1]))
	}
	return fmt.Sprintf("%s–%s", thousands(sizeClasses[k-1]), thousands(sizeClasses[k]))
}

// thousands writes n in thousands ("30k").
func thousands(n int64) string { return strconv.FormatInt(n/1000, 10) + "k" }

// classMeans returns per size class the number of towns and their mean
// share of weeks without reported cases (NaN-free: empty classes have 0
// towns and share 0).
func classMeans(towns []town) (n []int, mean []float64) {
	n, mean = make([]int, len(sizeClasses)+1), make([]float64, len(sizeClasses)+1)
	for _, t := range towns {
		k := class(t.pop)
		n[k]++
		mean[k] += t.share()
	}
	for k := range mean {
		if n[k] > 0 {
			mean[k] /= float64(n[k])
		}
	}
	return n, mean
}

// printClasses prints the mean fade-out share per size class.
func printClasses(out io.Writer, towns []town) {
	n, mean := classMeans(towns)
	fmt.Fprintln(out, "population      towns   weeks without reported cases")
	for k := range n {
		fmt.Fprintf(out, "%-14s %6d   %5.1f %%\n", classLabel(k), n[k], 100*mean[k])
	}
}

// writeTable writes one row per town to path (via a temporary file, so a
// failure leaves no half-written table).
func writeTable(path string, towns []town) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".fadeouts-*.csv")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := csv.NewWriter(tmp)
	_ = w.Write([]string{"id", "pop", "weeks", "weeks_without_cases", "share"})
	for _, t := range towns {
		_ = w.Write([]string{t.id, strconv.FormatInt(t.pop, 10), strconv.Itoa(t.weeks), strconv.Itoa(t.zero),
			strconv.FormatFloat(t.share(), 'f', 4, 64)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
