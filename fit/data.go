package fit

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Missing is the count of a missing observation: a cases field "NA" or empty
// in the data (He et al.'s weekly series have NA weeks). [Cases.Series]
// returns missing observations with this count; a likelihood skips them (an
// NA report carries no information, as in pomp's fits of these data).
const Missing int64 = -1

// casesDateLayout is the date format of case data: ISO 8601 YYYY-MM-DD, UTC.
const casesDateLayout = "2006-01-02"

// Cases is a long table of reported cases: one series per unit (scenario id),
// each a list of (period end date, count) sorted by date, where a count is
// ≥ 0 or [Missing]. Load it with [LoadCasesFile] or [LoadCases]. A Cases is
// read-only after loading and safe for concurrent use.
type Cases struct {
	name   string                  // source, for messages
	ids    []string                // in first-appearance order
	series map[string]*casesSeries // by id
}

// casesSeries is one unit's observations, sorted by date.
type casesSeries struct {
	dates  []time.Time
	counts []int64
}

// Name returns the name the table was loaded under (its file name).
func (c *Cases) Name() string { return c.name }

// IDs returns the units' ids in order of first appearance in the data.
func (c *Cases) IDs() []string { return slices.Clone(c.ids) }

// Len returns the number of observations over all units, missing ones
// included.
func (c *Cases) Len() int {
	n := 0
	for _, s := range c.series {
		n += len(s.dates)
	}
	return n
}

// Series returns the observations of unit id sorted by date, as copies: the
// period end dates (UTC midnight) and the counts, [Missing] for a missing
// observation. ok is false when id is not in the table.
func (c *Cases) Series(id string) (dates []time.Time, counts []int64, ok bool) {
	s, ok := c.series[id]
	if !ok {
		return nil, nil, false
	}
	return slices.Clone(s.dates), slices.Clone(s.counts), true
}

// Window returns the table restricted to the observations with
// from < date ≤ to. A zero from means no lower bound and a zero to no upper
// bound. Every unit stays listed (in the same order), also one left without
// observations.
func (c *Cases) Window(from, to time.Time) *Cases {
	w := &Cases{name: c.name, ids: slices.Clone(c.ids), series: make(map[string]*casesSeries, len(c.series))}
	for id, s := range c.series {
		n := len(s.dates)
		lo, hi := 0, n
		if !from.IsZero() {
			lo = sort.Search(n, func(i int) bool { return s.dates[i].After(from) })
		}
		if !to.IsZero() {
			hi = sort.Search(n, func(i int) bool { return s.dates[i].After(to) })
		}
		hi = max(hi, lo)
		w.series[id] = &casesSeries{
			dates:  slices.Clone(s.dates[lo:hi]),
			counts: slices.Clone(s.counts[lo:hi]),
		}
	}
	return w
}

// Period returns the constant spacing in days of unit id's dates (7 for weekly
// data, 14 for biweekly). It is an error when id is unknown, when the series
// has fewer than two observations, or when the spacing is irregular; the error
// names the first date whose distance from its predecessor differs from that
// of the first two.
func (c *Cases) Period(id string) (days int, err error) {
	s, ok := c.series[id]
	switch {
	case !ok:
		return 0, fmt.Errorf("%s: no series %q", c.name, id)
	case len(s.dates) < 2:
		return 0, fmt.Errorf("%s: series %q has %d observation(s); its period needs at least 2", c.name, id, len(s.dates))
	}
	days = casesDays(s.dates[1].Sub(s.dates[0]))
	for i := 2; i < len(s.dates); i++ {
		if d := casesDays(s.dates[i].Sub(s.dates[i-1])); d != days {
			return 0, fmt.Errorf("%s: series %q is irregular at %s: %d days after %s, expected %d (the spacing of its first two dates, %s and %s)",
				c.name, id, s.dates[i].Format(casesDateLayout), d, s.dates[i-1].Format(casesDateLayout), days,
				s.dates[0].Format(casesDateLayout), s.dates[1].Format(casesDateLayout))
		}
	}
	return days, nil
}

// casesDays converts a difference of two UTC-midnight dates to days.
func casesDays(d time.Duration) int { return int(d / (24 * time.Hour)) }

// CheckIDs returns an error listing the ids of the table for which known is
// false (the ids in the data but not in the scenario called name), nil when
// there are none.
func (c *Cases) CheckIDs(known func(id string) bool, name string) error {
	var unknown []string
	for _, id := range c.ids {
		if !known(id) {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	const show = 50
	list := make([]string, 0, min(len(unknown), show))
	for _, id := range unknown[:min(len(unknown), show)] {
		list = append(list, strconv.Quote(id))
	}
	more := ""
	if len(unknown) > show {
		more = fmt.Sprintf(" and %d more", len(unknown)-show)
	}
	return fmt.Errorf("%s: %d of %d ids are not in scenario %s: %s%s",
		c.name, len(unknown), len(c.ids), name, strings.Join(list, ", "), more)
}

// WriteCSV writes the table as CSV with header idColumn,date,cases ("" =
// "id"): units in [Cases.IDs] order, each by date, [Missing] written as NA.
// [LoadCases] reads it back unchanged.
func (c *Cases) WriteCSV(w io.Writer, idColumn string) error {
	if idColumn == "" {
		idColumn = "id"
	}
	bw := bufio.NewWriter(w)
	cw := csv.NewWriter(bw)
	if err := cw.Write([]string{idColumn, "date", "cases"}); err != nil {
		return err
	}
	rec := make([]string, 3)
	for _, id := range c.ids {
		s := c.series[id]
		for i, d := range s.dates {
			rec[0], rec[1] = id, d.Format(casesDateLayout)
			if s.counts[i] == Missing {
				rec[2] = "NA"
			} else {
				rec[2] = strconv.FormatInt(s.counts[i], 10)
			}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return errors.Join(cw.Error(), bw.Flush())
}
