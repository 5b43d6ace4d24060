package systems

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/rubeola/rubeola/internal/csvin"
	"github.com/rubeola/rubeola/scenario"
)

// VitalTable is a births table: per patch and consecutive calendar year,
// the births of the year and optionally its deaths (the CSV columns id,
// year, births[, deaths]; see [LoadVitalTable]).
type VitalTable struct {
	// Births are the yearly births of every scenario patch.
	Births *YearlySeries
	// Deaths are the yearly deaths, nil when the table has no deaths column.
	Deaths *YearlySeries
}

// vitalRow is one parsed data row of a births table.
type vitalRow struct {
	row            int // 1-based data row
	patch, year    int
	births, deaths float64
}

// LoadVitalTableFile reads the births table at path (see [LoadVitalTable]);
// errors name the file.
func LoadVitalTableFile(path string, scn *scenario.Table) (*VitalTable, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := sha256.New()
	t, err := LoadVitalTable(io.TeeReader(f, h), path, scn)
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(h, f); err != nil { // what the CSV reader left unread
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	digest := "sha256:" + hex.EncodeToString(h.Sum(nil))
	t.Births.digest = digest
	if t.Deaths != nil {
		t.Deaths.digest = digest
	}
	return t, nil
}

// LoadVitalTable reads a births table for the patches of scn from CSV with
// the header id,year,births and optionally deaths (in any order; no other
// columns). Every scenario patch must have rows for a run of consecutive
// years, each (id, year) once; births and deaths are finite numbers ≥ 0.
// Every problem is reported, joined, each naming name, the 1-based data row
// and the column.
func LoadVitalTable(r io.Reader, name string, scn *scenario.Table) (*VitalTable, error) {
	cr := csvin.NewReader(r)
	header, err := cr.Header()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file, expected the header id,year,births[,deaths]", name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	cols, err := vitalHeader(name, header)
	if err != nil {
		return nil, err
	}
	var rows []vitalRow
	var errs csvin.Problems
	for row := 1; ; row++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != len(header) {
			errs.Add(fmt.Errorf("%s: row %d: %d fields, expected %d (the header's)", name, row, len(rec), len(header)))
			continue
		}
		vr, keyed, rowErrs := parseVitalRow(name, row, rec, cols, scn)
		for _, e := range rowErrs {
			errs.Add(e)
		}
		if keyed {
			// A row whose id and year are good counts for the patch's run
			// of years even when a value is bad, so that a bad value is
			// not also reported as a gap (the value's error fails the load).
			rows = append(rows, vr)
		}
	}
	if len(rows) == 0 && errs.Len() == 0 {
		return nil, fmt.Errorf("%s: no data rows", name)
	}
	tab, seriesErrs := vitalSeries(name, rows, scn, cols["deaths"] >= 0)
	for _, e := range seriesErrs {
		errs.Add(e)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return tab, nil
}

// vitalHeader maps the columns id, year, births and deaths to their
// positions (deaths −1 when absent), refusing missing, unknown and repeated
// columns.
func vitalHeader(name string, header []string) (map[string]int, error) {
	cols := map[string]int{"id": -1, "year": -1, "births": -1, "deaths": -1}
	var errs []error
	for k, h := range header {
		pos, known := cols[h]
		switch {
		case !known:
			errs = append(errs, fmt.Errorf("%s: header: unknown column %q (expected id, year, births and optionally deaths)", name, h))
		case pos >= 0:
			errs = append(errs, fmt.Errorf("%s: header: column %q appears twice", name, h))
		default:
			cols[h] = k
		}
	}
	for _, c := range []string{"id", "year", "births"} {
		if cols[c] < 0 {
			errs = append(errs, fmt.Errorf("%s: header: missing column %q (found %q)", name, c, header))
		}
	}
	return cols, errors.Join(errs...)
}

// parseVitalRow parses one data row; nil errors mean vr is complete, and
// keyed means its id and year are good (its patch and year are known).
func parseVitalRow(name string, row int, rec []string, cols map[string]int, scn *scenario.Table) (vr vitalRow, keyed bool, errs []error) {
	vr = vitalRow{row: row}
	id := strings.TrimSpace(rec[cols["id"]])
	j, ok := scn.Index(id)
	if !ok {
		errs = append(errs, fmt.Errorf("%s: row %d, column \"id\": unknown patch id %q (not in the scenario)", name, row, id))
	}
	vr.patch = j
	ys := strings.TrimSpace(rec[cols["year"]])
	y, err := strconv.Atoi(ys)
	if err != nil {
		errs = append(errs, fmt.Errorf("%s: row %d, column \"year\": %q is not a whole year", name, row, ys))
	}
	vr.year = y
	keyed = ok && err == nil
	for _, c := range []struct {
		col string
		dst *float64
	}{{"births", &vr.births}, {"deaths", &vr.deaths}} {
		if cols[c.col] < 0 {
			continue
		}
		v, err := parseCount(rec[cols[c.col]])
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: row %d, column %q: %w", name, row, c.col, err))
		}
		*c.dst = v
	}
	return vr, keyed, errs
}

// parseCount parses a yearly figure: a finite number ≥ 0.
func parseCount(text string) (float64, error) {
	s := strings.TrimSpace(text)
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil:
		return 0, fmt.Errorf("%q is not a number", s)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("%q is not a finite number", s)
	case v < 0:
		return 0, fmt.Errorf("%q is negative (expected a number >= 0)", s)
	}
	return v, nil
}

// vitalSeries turns parsed rows into per-patch series, naming duplicate
// (id, year) rows, gaps in a patch's years and scenario patches without
// rows.
func vitalSeries(name string, rows []vitalRow, scn *scenario.Table, hasDeaths bool) (*VitalTable, []error) {
	n := scn.Len()
	byPatch := make([][]vitalRow, n)
	for _, r := range rows {
		byPatch[r.patch] = append(byPatch[r.patch], r)
	}
	births := &YearlySeries{first: make([]int, n), values: make([][]float64, n)}
	deaths := &YearlySeries{first: make([]int, n), values: make([][]float64, n)}
	var errs, missing []error
	for j, rs := range byPatch {
		if len(rs) == 0 {
			missing = append(missing, fmt.Errorf("%s: scenario patch %q has no rows", name, scn.ID[j]))
			continue
		}
		slices.SortStableFunc(rs, func(a, b vitalRow) int { return a.year - b.year })
		births.first[j], deaths.first[j] = rs[0].year, rs[0].year
		for k, r := range rs {
			switch {
			case k > 0 && r.year == rs[k-1].year:
				errs = append(errs, fmt.Errorf("%s: row %d, column \"year\": patch %q year %d repeats row %d", name, r.row, scn.ID[j], r.year, rs[k-1].row))
				continue
			case k > 0 && r.year > rs[k-1].year+1:
				errs = append(errs, fmt.Errorf("%s: row %d, column \"year\": patch %q jumps from %d (row %d) to %d; years must be consecutive", name, r.row, scn.ID[j], rs[k-1].year, rs[k-1].row, r.year))
			}
			births.values[j] = append(births.values[j], r.births)
			deaths.values[j] = append(deaths.values[j], r.deaths)
		}
	}
	errs = append(errs, missing...)
	if len(errs) > 0 {
		return nil, errs
	}
	tab := &VitalTable{Births: births}
	if hasDeaths {
		tab.Deaths = deaths
	}
	return tab, nil
}
