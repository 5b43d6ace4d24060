package fit

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/csvin"
	"github.com/rubeola/rubeola/params"
)

// casesMaxErrors caps the messages of one load; further problems are counted.
const casesMaxErrors = 50

// casesColumnSynonyms lists, normalised (lower case, no separators), common
// names of the date and cases columns in other data sets. They only drive the
// did-you-mean hint of a missing column; they are never accepted.
var casesColumnSynonyms = map[string][]string{
	"date": {"week", "weekending", "weekend", "weekdate", "period", "periodend", "time", "day", "enddate"},
	"cases": {"count", "counts", "case", "reports", "reported", "reportedcases", "notifications",
		"notified", "incidence", "n", "value", "measles"},
}

// LoadCasesFile reads case data from the CSV file at path; see [LoadCases].
func LoadCasesFile(path, idColumn string) (*Cases, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return LoadCases(f, path, idColumn)
}

// LoadCases reads case data in CSV form from r; name (the file name) labels
// the messages. The header names exactly three columns, in any order: the id
// column (called idColumn; "" means "id"; He et al.'s data calls it "town"),
// "date" (the period's end, YYYY-MM-DD) and "cases" (a whole number ≥ 0, as
// an integer or an integral decimal such as "12.0"; "NA" or empty for a
// missing observation, stored as [Missing]). Rows may come in any order;
// each series is sorted by date.
//
// Every problem is reported, up to 50 messages joined into one error, each
// naming the file, the 1-based data row (and its line), the column, the value
// and what was expected: a bad date, a negative, fractional or non-numeric
// count, an empty id, a wrong number of fields, a duplicate (id, date). Header
// problems (a missing column, with a did-you-mean hint for near misses such as
// "case" or a different id column name such as "town"; an unknown, empty or
// repeated column) and an empty file stop the load before the rows.
func LoadCases(r io.Reader, name, idColumn string) (*Cases, error) {
	if idColumn == "" {
		idColumn = "id"
	}
	cr := csvin.NewReader(r)
	header, err := cr.Header()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file: expected a header line with the columns %s, date, cases", name, idColumn)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: header: %w", name, err)
	}
	cols, err := casesHeader(header, name, idColumn)
	if err != nil {
		return nil, err
	}

	l := casesLoader{name: name, idColumn: idColumn, cols: cols, seen: map[casesKey]int{}}
	c := &Cases{name: name, series: map[string]*casesSeries{}}
	row := 0
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		row++
		if err != nil {
			l.errorf("%s: data row %d: %v", name, row, err)
			continue
		}
		line, _ := cr.FieldPos(0)
		l.row, l.line = row, line
		id, date, count, ok := l.parse(rec)
		if !ok {
			continue
		}
		key := casesKey{id, date.Unix()}
		if first, dup := l.seen[key]; dup {
			l.errorf("%s: data row %d (line %d): duplicate observation of id %q on %s (first at data row %d)",
				name, row, line, id, date.Format(casesDateLayout), first)
			continue
		}
		l.seen[key] = row
		s := c.series[id]
		if s == nil {
			s = &casesSeries{}
			c.series[id] = s
			c.ids = append(c.ids, id)
		}
		s.dates = append(s.dates, date)
		s.counts = append(s.counts, count)
	}
	if row == 0 {
		return nil, fmt.Errorf("%s: no data rows after the header", name)
	}
	if err := l.err(); err != nil {
		return nil, err
	}
	for _, s := range c.series {
		s.sortByDate()
	}
	return c, nil
}

// casesKey identifies an observation: id and date (Unix seconds).
type casesKey struct {
	id   string
	date int64
}

// casesColumns holds the field index of each column.
type casesColumns struct {
	id, date, cases, n int
}

// casesLoader collects the problems of one load.
type casesLoader struct {
	name, idColumn string
	cols           casesColumns
	seen           map[casesKey]int // data row of each (id, date)
	row, line      int              // current data row and its line
	errs           []error
	dropped        int // problems beyond casesMaxErrors
}

// errorf records a problem.
func (l *casesLoader) errorf(format string, args ...any) {
	if len(l.errs) >= casesMaxErrors {
		l.dropped++
		return
	}
	l.errs = append(l.errs, fmt.Errorf(format, args...))
}

// fieldError records a problem with the value of column col in the current row.
func (l *casesLoader) fieldError(col, value, expected string) {
	l.errorf("%s: data row %d (line %d), column %q: %q: expected %s", l.name, l.row, l.line, col, value, expected)
}

// err returns the recorded problems joined, nil if none.
func (l *casesLoader) err() error {
	if len(l.errs) == 0 {
		return nil
	}
	errs := l.errs
	if l.dropped > 0 {
		errs = append(errs, fmt.Errorf("%s: %d more problems not shown", l.name, l.dropped))
	}
	return errors.Join(errs...)
}

// parse validates one record; ok is false when it has a problem (recorded).
func (l *casesLoader) parse(rec []string) (id string, date time.Time, count int64, ok bool) {
	if len(rec) != l.cols.n {
		l.errorf("%s: data row %d (line %d): %d fields, expected %d (the header's columns)", l.name, l.row, l.line, len(rec), l.cols.n)
		return "", time.Time{}, 0, false
	}
	ok = true
	id = strings.TrimSpace(rec[l.cols.id])
	if id == "" {
		l.fieldError(l.idColumn, rec[l.cols.id], "a non-empty id")
		ok = false
	}
	dv := strings.TrimSpace(rec[l.cols.date])
	date, err := time.Parse(casesDateLayout, dv)
	if err != nil {
		l.fieldError("date", rec[l.cols.date], "a date YYYY-MM-DD")
		ok = false
	}
	count, msg := casesParseCount(strings.TrimSpace(rec[l.cols.cases]))
	if msg != "" {
		l.fieldError("cases", rec[l.cols.cases], msg)
		ok = false
	}
	return id, date, count, ok
}

// casesParseCount parses a cases field: a whole number ≥ 0 (integer or
// integral decimal), or "NA" or "" for [Missing]. A non-empty msg says what
// was expected instead.
func casesParseCount(v string) (count int64, msg string) {
	const want = "a whole number ≥ 0 of cases, or NA or an empty field for a missing observation"
	if v == "" || v == "NA" {
		return Missing, ""
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return 0, "a count ≥ 0"
		}
		return n, ""
	}
	if strings.Trim(v, "0123456789.eE+-") != "" {
		return 0, want
	}
	f, err := strconv.ParseFloat(v, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, want
	case f < 0:
		return 0, "a count ≥ 0"
	case f >= math.MaxInt64 || errors.Is(err, strconv.ErrRange):
		return 0, "a count below 2⁶³"
	case f != math.Trunc(f):
		return 0, "a whole number of cases (a decimal is accepted only when integral, like 12.0)"
	}
	return int64(f), ""
}

// casesHeader maps the header's columns; every problem is reported, with a
// did-you-mean hint for each missing column.
func casesHeader(header []string, name, idColumn string) (casesColumns, error) {
	cols := casesColumns{id: -1, date: -1, cases: -1, n: len(header)}
	required := []string{idColumn, "date", "cases"}
	index := map[string]*int{idColumn: &cols.id, "date": &cols.date, "cases": &cols.cases}
	var errs []error
	var unknown []string // unknown column names, in header order
	for i, h := range header {
		p, ok := index[h]
		switch {
		case h == "":
			errs = append(errs, fmt.Errorf("%s: header: column %d has an empty name (expected the columns %s, date, cases)", name, i+1, idColumn))
		case ok && *p >= 0:
			errs = append(errs, fmt.Errorf("%s: header: column %q appears twice (columns %d and %d)", name, h, *p+1, i+1))
		case ok:
			*p = i
		case slices.Contains(unknown, h):
			errs = append(errs, fmt.Errorf("%s: header: column %q appears twice", name, h))
		default:
			unknown = append(unknown, h)
		}
	}

	// Hints: an unknown column that is a near miss of a missing one.
	hinted := map[string]string{} // missing column → unknown column
	claimed := map[string]bool{}
	for _, want := range required {
		if *index[want] >= 0 {
			continue
		}
		for _, h := range unknown {
			if !claimed[h] && casesNearMiss(h, want) {
				hinted[want] = h
				claimed[h] = true
				break
			}
		}
	}
	var rest []string // unknown columns explained by no hint
	for _, h := range unknown {
		if !claimed[h] {
			rest = append(rest, h)
		}
	}
	for _, want := range required {
		if *index[want] >= 0 {
			continue
		}
		msg := fmt.Sprintf("%s: header: missing column %q", name, want)
		switch h, ok := hinted[want]; {
		case ok && want == idColumn:
			msg += fmt.Sprintf(" (found %q: did you mean %q? or set the id column name to %q)", h, want, h)
		case ok:
			msg += fmt.Sprintf(" (found %q: did you mean %q?)", h, want)
		case want == idColumn && len(rest) == 1:
			msg += fmt.Sprintf(" (the id column): the file has the column %q; if it holds the ids, set the id column name to %q", rest[0], rest[0])
			rest = nil
		case want == idColumn && len(rest) > 1:
			msg += fmt.Sprintf(" (the id column): if one of the columns %s holds the ids, set the id column name to it", casesQuoteList(rest))
		}
		errs = append(errs, errors.New(msg))
	}
	for _, h := range rest {
		errs = append(errs, fmt.Errorf("%s: header: unknown column %q: expected exactly the columns %s, date, cases", name, h, idColumn))
	}
	if len(errs) > 0 {
		return cols, errors.Join(errs...)
	}
	return cols, nil
}

// casesNearMiss reports whether the header name h was likely meant as the
// column want: equal up to case and separators, a typo (params.Suggest), or a
// common synonym of date or cases.
func casesNearMiss(h, want string) bool {
	if params.Suggest(h, []string{want}) == want {
		return true
	}
	norm := strings.NewReplacer("_", "", "-", "", ".", "", " ", "").Replace(strings.ToLower(h))
	return slices.Contains(casesColumnSynonyms[want], norm)
}

// casesQuoteList returns the names quoted and comma-separated.
func casesQuoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// sortByDate sorts the observations by date (stably; dates are distinct).
func (s *casesSeries) sortByDate() {
	if slices.IsSortedFunc(s.dates, time.Time.Compare) {
		return
	}
	idx := make([]int, len(s.dates))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return s.dates[a].Compare(s.dates[b]) })
	dates := make([]time.Time, len(idx))
	counts := make([]int64, len(idx))
	for i, j := range idx {
		dates[i], counts[i] = s.dates[j], s.counts[j]
	}
	s.dates, s.counts = dates, counts
}
