package systems

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// SIACalendarName is the component name of [SIACalendar].
const SIACalendarName = "SIACalendarProcess"

// SIACalendarParams configures [SIACalendar] (SPEC §5.6). There are no
// defaults for the schedule: it is required.
type SIACalendarParams struct {
	// Efficacy is the share of susceptibles moved S → R by a campaign, in
	// [0, 1].
	Efficacy float64 `json:"sia_efficacy" doc:"share of susceptibles moved S → R, in [0, 1]"`
	// AggregationLevel groups patches as everywhere in rubeola (SPEC §8.1,
	// [scenario.GroupKey]); ≥ −2. The default 2 groups by the first three
	// id parts, the grouping of the reference's default 3.
	AggregationLevel int `json:"aggregation_level" doc:"grouping of patches: −1 one group \"all_patches\", −2 one group per patch, k ≥ 0 the first k+1 colon-separated id parts (the reference's 3 is 2 here)"`
	// Schedule lists the campaigns: a group key and a date each. Required
	// (nil is an error; an empty, non-nil schedule does nothing). In JSON it
	// is a list of {"id": group, "date": "YYYY-MM-DD"} objects; decoding
	// also accepts a string, the path of a CSV schedule (see [LoadSchedule]).
	Schedule []Campaign `json:"sia_schedule" path:"relative" doc:"required: a list of {id = \"NG:KN\", date = \"2023-01-10\"} rows, or the path of a CSV schedule (relative to the run file)"`
	// DateColumn names the date column of a CSV schedule.
	DateColumn string `json:"date_column" doc:"date column of a CSV schedule"`
	// GroupColumn names the group column of a CSV schedule.
	GroupColumn string `json:"group_column" doc:"group column of a CSV schedule"`
	// Filter, when non-nil, keeps the patches for which it returns true;
	// the others never take part in a campaign. Go API only.
	Filter func(id string) bool `json:"-"`
}

// DefaultSIACalendarParams returns efficacy 0.9, aggregation level 2 and the
// CSV columns "date" and "id", with no schedule (which Validate requires).
func DefaultSIACalendarParams() SIACalendarParams {
	return SIACalendarParams{Efficacy: 0.9, AggregationLevel: 2, DateColumn: "date", GroupColumn: "id"}
}

// ErrSIAParamsMissing is the error for absent params (a nil factory
// argument, empty JSON or null).
var ErrSIAParamsMissing = errors.New(SIACalendarName + ": SIACalendarParams must be provided")

// Validate checks the ranges, the column names and that a schedule is given
// with a group and a date in every campaign.
func (p SIACalendarParams) Validate() error {
	var errs []error
	if !(p.Efficacy >= 0 && p.Efficacy <= 1) {
		errs = append(errs, fmt.Errorf("%s: sia_efficacy must be in [0, 1], got %v", SIACalendarName, p.Efficacy))
	}
	if err := scenario.CheckAggregationLevel(p.AggregationLevel); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", SIACalendarName, err))
	}
	if p.DateColumn == "" {
		errs = append(errs, fmt.Errorf("%s: date_column must not be empty", SIACalendarName))
	}
	if p.GroupColumn == "" {
		errs = append(errs, fmt.Errorf("%s: group_column must not be empty", SIACalendarName))
	}
	if p.Schedule == nil {
		errs = append(errs, fmt.Errorf("%s: sia_schedule is required", SIACalendarName))
	}
	for k, c := range p.Schedule {
		if c.Group == "" {
			errs = append(errs, fmt.Errorf("%s: sia_schedule[%d].id is empty", SIACalendarName, k))
		}
		if c.Date.IsZero() {
			errs = append(errs, fmt.Errorf("%s: sia_schedule[%d].date is missing", SIACalendarName, k))
		}
	}
	return errors.Join(errs...)
}

var siaKeys = params.KeyRules{Component: SIACalendarName}

// SIAWire is SIACalendarParams as decoded from JSON: the schedule stays raw
// until the column names are known (a string schedule is a CSV path). The
// agent-based calendar's params (package abm) extend it.
type SIAWire struct {
	Efficacy         float64         `json:"sia_efficacy"`
	AggregationLevel int             `json:"aggregation_level"`
	Schedule         json.RawMessage `json:"sia_schedule"`
	DateColumn       string          `json:"date_column"`
	GroupColumn      string          `json:"group_column"`
}

// DecodeSIACalendarParams decodes a JSON object strictly over the defaults
// (unknown keys are errors) and validates it. sia_schedule is a list of
// {"id": group, "date": "YYYY-MM-DD"} objects (strict: unknown keys and bad
// dates are errors naming the index, e.g. `sia_schedule[2].date:
// "2023-13-01" is not a YYYY-MM-DD date`) or a string, the path of a CSV
// schedule read with the decoded date_column and group_column. Empty data
// or null is the error "SIACalendarParams must be provided"; a missing
// sia_schedule is "sia_schedule is required".
func DecodeSIACalendarParams(data []byte) (SIACalendarParams, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return SIACalendarParams{}, ErrSIAParamsMissing
	}
	w := DefaultSIAWire()
	if err := params.DecodeStrict(data, &w, siaKeys); err != nil {
		return SIACalendarParams{}, err
	}
	p, err := w.Params(SIACalendarName)
	if err != nil {
		return SIACalendarParams{}, err
	}
	if err := p.Validate(); err != nil {
		return SIACalendarParams{}, err
	}
	return p, nil
}

// DefaultSIAWire returns the wire form of the defaults.
func DefaultSIAWire() SIAWire {
	def := DefaultSIACalendarParams()
	return SIAWire{Efficacy: def.Efficacy, AggregationLevel: def.AggregationLevel,
		DateColumn: def.DateColumn, GroupColumn: def.GroupColumn}
}

// Params converts the decoded wire form to params, reading the schedule
// (a list, or the path of a CSV file); errors are prefixed with name.
func (w SIAWire) Params(name string) (SIACalendarParams, error) {
	p := SIACalendarParams{Efficacy: w.Efficacy, AggregationLevel: w.AggregationLevel,
		DateColumn: w.DateColumn, GroupColumn: w.GroupColumn}
	if raw := bytes.TrimSpace(w.Schedule); len(raw) > 0 && string(raw) != "null" {
		var err error
		if raw[0] == '"' {
			var path string
			if err := json.Unmarshal(raw, &path); err != nil {
				return SIACalendarParams{}, fmt.Errorf("%s: sia_schedule: %w", name, err)
			}
			p.Schedule, err = LoadScheduleFile(path, p)
		} else {
			p.Schedule, err = decodeSchedule(raw)
		}
		if err != nil {
			return SIACalendarParams{}, params.PrefixErrors(name, err)
		}
	}
	return p, nil
}
