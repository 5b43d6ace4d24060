package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/rubeola/rubeola/params"
)

// ticksPerYear is the length of a season table (SPEC §5.1).
const ticksPerYear = 26

// tickDays is the length of a biweekly tick (the model's step).
const tickDays = params.StepDays

// term is one school term, both days included.
type term struct {
	name       string
	start, end time.Time
}

// readTerms reads a CSV of terms with the header term,start,end (dates as
// YYYY-MM-DD). Errors name the file, the row (the header is row 1) and the
// column.
func readTerms(name string, r io.Reader) ([]term, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(rows) == 0 || len(rows[0]) != 3 || rows[0][0] != "term" || rows[0][1] != "start" || rows[0][2] != "end" {
		return nil, fmt.Errorf("%s: row 1: expected the header term,start,end", name)
	}
	var terms []term
	for i, row := range rows[1:] {
		line := i + 2
		t := term{name: row[0]}
		if t.start, err = parseDay(name, line, "start", row[1]); err != nil {
			return nil, err
		}
		if t.end, err = parseDay(name, line, "end", row[2]); err != nil {
			return nil, err
		}
		if t.end.Before(t.start) {
			return nil, fmt.Errorf("%s: row %d: term %q ends (%s) before it starts (%s)", name, line, t.name,
				t.end.Format(time.DateOnly), t.start.Format(time.DateOnly))
		}
		terms = append(terms, t)
	}
	if len(terms) == 0 {
		return nil, errors.New(name + ": no terms")
	}
	return terms, nil
}

// parseDay parses a YYYY-MM-DD cell, naming file, row and column on error.
func parseDay(name string, line int, col, value string) (time.Time, error) {
	d, err := time.Parse(time.DateOnly, value)
	if err != nil {
		return d, fmt.Errorf("%s: row %d, column %q: %q is not a date (expected YYYY-MM-DD)", name, line, col, value)
	}
	return d, nil
}

// inTerm reports whether day d falls inside any term. Terms are given for
// one year; d is compared by month and day, so the same dates repeat every
// year.
func inTerm(terms []term, d time.Time) bool {
	for _, t := range terms {
		// Move d into the term's year (leap days map to 1 March).
		day := time.Date(t.start.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
		if !day.Before(t.start) && !day.After(t.end) {
			return true
		}
	}
	return false
}

// termShares returns f_k, the share of the 14 days of tick k (k = 0…25,
// counted from start) that fall in term.
func termShares(terms []term, start time.Time) []float64 {
	f := make([]float64, ticksPerYear)
	for k := range f {
		n := 0
		for d := range tickDays {
			if inTerm(terms, start.AddDate(0, 0, k*tickDays+d)) {
				n++
			}
		}
		f[k] = float64(n) / tickDays
	}
	return f
}

// seasonTable maps term shares to multipliers s_k = (1 + A·(2f_k − 1)) /
// mean_j(1 + A·(2f_j − 1)): ≥ 0 for A in [0, 1] and of mean 1, so only the
// timing of transmission changes, not its yearly mean (term-time forcing,
// Keeling, Rohani & Grenfell 2001).
func seasonTable(shares []float64, amplitude float64) ([]float64, error) {
	if !(amplitude >= 0 && amplitude <= 1) {
		return nil, fmt.Errorf("amplitude %g: expected a value in [0, 1]", amplitude)
	}
	table := make([]float64, len(shares))
	total := 0.0
	for k, f := range shares {
		table[k] = 1 + amplitude*(2*f-1)
		total += table[k]
	}
	mean := total / float64(len(shares))
	if mean == 0 || math.IsNaN(mean) {
		return nil, fmt.Errorf("amplitude %g with no term days gives a zero table", amplitude)
	}
	for k := range table {
		table[k] /= mean
	}
	return table, nil
}
