package systems

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/csvin"
	"github.com/rubeola/rubeola/params"
)

// dateLayout is the schedule's date format, YYYY-MM-DD.
const dateLayout = "2006-01-02"

// Campaign is one row of an SIA schedule: a campaign in the patches of one
// group, due at the first tick whose start date is on or after Date.
type Campaign struct {
	// Group is a group key at the calendar's aggregation level (SPEC §8.1),
	// e.g. "NG:KN" at level 1.
	Group string
	// Date is the campaign's day. Only its calendar day (year, month and day
	// in its own location) counts: the calendar compares it as midnight UTC,
	// like the model's tick dates.
	Date time.Time
}

// day returns the campaign's date as midnight UTC of its calendar day.
func (c Campaign) day() time.Time {
	y, m, d := c.Date.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// key returns the campaign's implemented key, "group_YYYY-MM-DD".
func (c Campaign) key() string { return c.Group + "_" + c.Date.Format(dateLayout) }

// campaignJSON is the canonical JSON form of a Campaign.
type campaignJSON struct {
	Group string `json:"id"`
	Date  string `json:"date"`
}

// MarshalJSON emits {"id": group, "date": "YYYY-MM-DD"}.
func (c Campaign) MarshalJSON() ([]byte, error) {
	return json.Marshal(campaignJSON{Group: c.Group, Date: c.Date.Format(dateLayout)})
}

// UnmarshalJSON reads {"id": group, "date": "YYYY-MM-DD"} strictly: both
// keys required, no others.
func (c *Campaign) UnmarshalJSON(data []byte) error {
	v, err := decodeCampaign(data, "campaign")
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// campaignKeys are the keys of a campaign object, in canonical order.
var campaignKeys = []string{"id", "date"}

// decodeCampaign reads one campaign object; where names it in errors
// ("sia_schedule[2]").
func decodeCampaign(data []byte, where string) (Campaign, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return Campaign{}, fmt.Errorf(`%s: expected an object {"id": …, "date": "YYYY-MM-DD"}, got %s`, where, data)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return Campaign{}, fmt.Errorf("%s: %w", where, err)
	}
	var errs []error
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if k != "id" && k != "date" {
			msg := fmt.Sprintf("%s: unknown key %q", where, k)
			if s := params.Suggest(k, campaignKeys); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			} else {
				msg += ` (known keys: id, date)`
			}
			errs = append(errs, errors.New(msg))
		}
	}
	str := func(key string) (string, bool) {
		raw, ok := obj[key]
		if !ok {
			errs = append(errs, fmt.Errorf("%s.%s is missing", where, key))
			return "", false
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			errs = append(errs, fmt.Errorf("%s.%s: expected a string, got %s", where, key, raw))
			return "", false
		}
		return s, true
	}
	var c Campaign
	if g, ok := str("id"); ok {
		if g == "" {
			errs = append(errs, fmt.Errorf("%s.id is empty", where))
		}
		c.Group = g
	}
	if d, ok := str("date"); ok {
		t, err := parseDate(d)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s.date: %w", where, err))
		}
		c.Date = t
	}
	if len(errs) > 0 {
		return Campaign{}, errors.Join(errs...)
	}
	return c, nil
}

// decodeSchedule reads the JSON list form of sia_schedule.
func decodeSchedule(data []byte) ([]Campaign, error) {
	var list []json.RawMessage
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf(`sia_schedule: expected a list of {"id": …, "date": "YYYY-MM-DD"} objects or the path of a CSV file, got %s`, data)
	}
	out := make([]Campaign, 0, len(list))
	var errs []error
	for k, raw := range list {
		c, err := decodeCampaign(raw, fmt.Sprintf("sia_schedule[%d]", k))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, c)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// parseDate reads a YYYY-MM-DD date (surrounding spaces ignored) as
// midnight UTC.
func parseDate(s string) (time.Time, error) {
	t, err := time.Parse(dateLayout, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not a YYYY-MM-DD date", s)
	}
	if t.IsZero() { // Go's zero time, which a campaign's params read as "no date"
		return time.Time{}, fmt.Errorf("%q is the zero date, which reads as no date: give a campaign date from 0001-01-02 on", s)
	}
	return t, nil
}

// LoadSchedule reads an SIA schedule from CSV with a header row. The columns
// named by p.GroupColumn and p.DateColumn ("id" and "date" when empty) must
// exist; other columns are ignored. Dates are YYYY-MM-DD; a bad date or an
// empty group is an error naming the row (1 = first data row), the column and
// the value. A header without rows is an empty (non-nil) schedule.
func LoadSchedule(r io.Reader, p SIACalendarParams) ([]Campaign, error) {
	groupCol, dateCol := p.GroupColumn, p.DateColumn
	if groupCol == "" {
		groupCol = "id"
	}
	if dateCol == "" {
		dateCol = "date"
	}
	cr := csvin.NewReader(r)
	header, err := cr.Header()
	if err == io.EOF {
		return nil, fmt.Errorf("sia_schedule: empty CSV, expected a header with columns %q and %q", groupCol, dateCol)
	}
	if err != nil {
		return nil, fmt.Errorf("sia_schedule: %w", err)
	}
	gi, di := -1, -1
	for k, name := range header {
		switch {
		case name == groupCol && gi < 0:
			gi = k
		case name == dateCol && di < 0:
			di = k
		}
	}
	if gi < 0 || di < 0 {
		return nil, fmt.Errorf("sia_schedule must contain columns %q and %q (found %q)", groupCol, dateCol, header)
	}
	out := []Campaign{}
	var errs csvin.Problems
	for row := 1; ; row++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("sia_schedule: %w", err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		cell := func(k int) string {
			if k < len(rec) {
				return strings.TrimSpace(rec[k])
			}
			return ""
		}
		g, d := cell(gi), cell(di)
		if g == "" {
			errs.Add(fmt.Errorf("sia_schedule row %d, column %q: missing value", row, groupCol))
		}
		t, err := parseDate(d)
		if err != nil {
			errs.Add(fmt.Errorf("sia_schedule row %d, column %q: %w", row, dateCol, err))
		}
		out = append(out, Campaign{Group: g, Date: t})
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// LoadScheduleFile reads a CSV schedule from path (see [LoadSchedule]);
// errors are prefixed with the path.
func LoadScheduleFile(path string, p SIACalendarParams) ([]Campaign, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("sia_schedule: %w", err)
	}
	defer f.Close()
	out, err := LoadSchedule(f, p)
	if err != nil {
		return nil, params.PrefixErrors(path, err)
	}
	return out, nil
}
