package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/internal/atomicfile"
	"github.com/rubeola/rubeola/internal/csvin"
)

// gridStart is the first day of the 14-day grid the reports are placed on:
// the first biweek of the series (1944-01-01).
var gridStart = time.Date(1944, 1, 1, 0, 0, 0, 0, time.UTC)

// periodDays is the grid's spacing: rubeola's fits need evenly spaced
// reports, and the series' 26 periods a year are 14 days apart, 15 once a
// year (27 of 546 gaps in London's).
const periodDays = 14

// biweek is one row of the source series.
type biweek struct {
	start  time.Time // date_approx: the period's first day
	cases  int64
	pop    float64
	births float64 // births_per_biweek
}

// series is the source: every city's biweeks in date order, and the cities'
// coordinates in the order of cities.csv.
type series struct {
	cities   []string
	lat, lon map[string]string
	rows     map[string][]biweek
}

// convert reads the 40 cities' biweekly series in src (cases_biweekly.csv
// and cities.csv, Dalziel et al. 2016 via spatPomp) and writes into dst:
//
//   - cities.csv: city, lat, lon (the towns scenario builder's input);
//   - cases.csv: city, date, cases on a 14-day grid from 1944-01-01, each
//     report at the grid period that holds its period's middle day (its
//     first day + 7), dated the period's last day; a grid period no
//     report falls in is NA (missing). Reports stay whole (none is split
//     or merged), at most 7 days from their own dates, and a city's total
//     is the source's;
//   - demography.csv: city, year, pop, births: per calendar year with all
//     26 biweeks, the mean of the biweeks' pop and the sum of their births
//     (PopulationData's census table).
//
// It returns the number of NA periods per city. Nothing is written unless
// the whole source reads cleanly, and then all three files or none.
func convert(src, dst string) (map[string]int, error) {
	s, err := readSeries(src)
	if err != nil {
		return nil, err
	}
	cases, missing, err := gridCases(s)
	if err != nil {
		return nil, err
	}
	cityRows := [][]string{{"city", "lat", "lon"}}
	for _, c := range s.cities {
		cityRows = append(cityRows, []string{c, s.lat[c], s.lon[c]})
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, err
	}
	g := &atomicfile.Group{Perm: 0o644}
	defer g.Abort()
	for _, f := range []struct {
		name string
		rows [][]string
	}{{"cities.csv", cityRows}, {"cases.csv", cases}, {"demography.csv", censusRows(s)}} {
		if err := g.Create(filepath.Join(dst, f.name), func(w io.Writer) error { return csv.NewWriter(w).WriteAll(f.rows) }); err != nil {
			return nil, err
		}
	}
	return missing, g.Commit()
}

// readSeries reads and checks the two source files.
func readSeries(src string) (*series, error) {
	s := &series{lat: map[string]string{}, lon: map[string]string{}, rows: map[string][]biweek{}}
	cityRows, err := readCSV(filepath.Join(src, "cities.csv"), []string{"city", "lat", "lon", "mean_pop"})
	if err != nil {
		return nil, err
	}
	for _, r := range cityRows {
		s.cities = append(s.cities, r[0])
		s.lat[r[0]], s.lon[r[0]] = r[1], r[2]
	}
	name := filepath.Join(src, "cases_biweekly.csv")
	rows, err := readCSV(name, []string{"city", "year_decimal", "date_approx", "cases", "pop", "births_per_biweek"})
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		b, err := parseBiweek(r)
		if err != nil {
			return nil, fmt.Errorf("%s: data row %d: %w", name, i+1, err)
		}
		if _, ok := s.lat[r[0]]; !ok {
			return nil, fmt.Errorf("%s: data row %d, column \"city\": %q is not in cities.csv", name, i+1, r[0])
		}
		s.rows[r[0]] = append(s.rows[r[0]], b)
	}
	for _, c := range s.cities {
		slices.SortFunc(s.rows[c], func(a, b biweek) int { return a.start.Compare(b.start) })
	}
	return s, nil
}

// parseBiweek parses one row of cases_biweekly.csv.
func parseBiweek(r []string) (biweek, error) {
	var b biweek
	var err error
	if _, err = strconv.ParseFloat(r[1], 64); err != nil {
		return b, fmt.Errorf("column \"year_decimal\": %q: expected a number", r[1])
	}
	if b.start, err = time.Parse(time.DateOnly, r[2]); err != nil {
		return b, fmt.Errorf("column \"date_approx\": %q: expected a date YYYY-MM-DD", r[2])
	}
	c, err := strconv.ParseFloat(r[3], 64)
	if err != nil || c < 0 || c != math.Trunc(c) {
		return b, fmt.Errorf("column \"cases\": %q: expected a whole number >= 0", r[3])
	}
	b.cases = int64(c)
	if b.pop, err = strconv.ParseFloat(r[4], 64); err != nil || !(b.pop > 0) {
		return b, fmt.Errorf("column \"pop\": %q: expected a number > 0", r[4])
	}
	if b.births, err = strconv.ParseFloat(r[5], 64); err != nil || !(b.births >= 0) {
		return b, fmt.Errorf("column \"births_per_biweek\": %q: expected a number >= 0", r[5])
	}
	return b, nil
}

// gridCases places every city's reports on the 14-day grid (see convert)
// and returns the rows of cases.csv and each city's number of NA periods.
func gridCases(s *series) ([][]string, map[string]int, error) {
	var last time.Time
	for _, c := range s.cities {
		if rs := s.rows[c]; len(rs) > 0 && rs[len(rs)-1].start.After(last) {
			last = rs[len(rs)-1].start
		}
	}
	slots := slotOf(last) + 1
	out := [][]string{{"city", "date", "cases"}}
	missing := map[string]int{}
	for _, c := range s.cities {
		missing[c] = 0
		grid := make([]int64, slots)
		for k := range grid {
			grid[k] = -1
		}
		for _, b := range s.rows[c] {
			k := slotOf(b.start)
			if k < 0 || grid[k] >= 0 {
				return nil, nil, fmt.Errorf("%s: the biweeks from %s fall in a 14-day period already taken (or before 1944-01-01)", c, b.start.Format(time.DateOnly))
			}
			grid[k] = b.cases
		}
		for k, v := range grid {
			cell := "NA"
			if v >= 0 {
				cell = strconv.FormatInt(v, 10)
			} else {
				missing[c]++
			}
			end := gridStart.AddDate(0, 0, (k+1)*periodDays-1)
			out = append(out, []string{c, end.Format(time.DateOnly), cell})
		}
	}
	return out, missing, nil
}

// slotOf returns the grid period holding the middle day of the biweek
// starting on start.
func slotOf(start time.Time) int {
	mid := start.AddDate(0, 0, 7)
	days := int(mid.Sub(gridStart).Hours() / 24)
	if days < 0 {
		return -1
	}
	return days / periodDays
}

// censusRows returns demography.csv: per city and complete calendar year
// (26 biweeks), the mean pop and the total births.
func censusRows(s *series) [][]string {
	out := [][]string{{"city", "year", "pop", "births"}}
	for _, c := range s.cities {
		years := map[int][]biweek{}
		var order []int
		for _, b := range s.rows[c] {
			y := b.start.Year()
			if _, ok := years[y]; !ok {
				order = append(order, y)
			}
			years[y] = append(years[y], b)
		}
		for _, y := range order {
			bs := years[y]
			if len(bs) != 26 {
				continue
			}
			pop, births := 0.0, 0.0
			for _, b := range bs {
				pop += b.pop
				births += b.births
			}
			out = append(out, []string{c, strconv.Itoa(y), strconv.FormatFloat(math.Round(pop/26), 'f', 0, 64),
				strconv.FormatFloat(math.Round(births), 'f', 0, 64)})
		}
	}
	return out
}

// readCSV reads a CSV file whose header is exactly want (the project's
// bounded reader: a byte-order mark is skipped) and returns its data rows.
func readCSV(name string, want []string) ([][]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csvin.NewReader(f)
	head, err := r.Header()
	if err != nil {
		return nil, fmt.Errorf("%s: header: %w", name, err)
	}
	if !slices.Equal(head, want) {
		return nil, fmt.Errorf("%s: header %v: expected %v", name, head, want)
	}
	r.FieldsPerRecord = len(want)
	rows, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rows, nil
}
