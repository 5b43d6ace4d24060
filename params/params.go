package params

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// BiweeklyParams are the run parameters of a biweekly model (SPEC §2.1), the
// reference's BiweeklyParams. Use [Default] for the defaults: the Go zero
// value is not a valid value (its empty StartTime fails [BiweeklyParams.Validate]).
type BiweeklyParams struct {
	// Seed is the one seed every random stream of a run derives from. JSON
	// and TOML accept integers 0 … 2^64−1 only (the reference casts to uint32).
	Seed uint64 `json:"seed" toml:"seed"`
	// StartTime is the month of tick 0, "YYYY-MM" (a "YYYY-MM-DD" input is
	// stored as "YYYY-MM"; see [ParseStartTime]).
	StartTime string `json:"start_time" toml:"start_time"`
	// NumTicks is the number of ticks to run (14 days each in the biweekly
	// model, one day in the compartmental model), ≥ 0; 0 initialises and
	// finalizes only.
	NumTicks int `json:"num_ticks" toml:"num_ticks"`
	// Verbose turns on progress messages and the timing summary (SPEC §4.6).
	Verbose bool `json:"verbose" toml:"verbose"`
	// ShowProgress draws a progress bar (on stderr by default) when that
	// stream is a terminal (model.WithTerminalCheck).
	ShowProgress bool `json:"show_progress" toml:"show_progress"`
	// Parallel selects the optimised kernels, run in parallel blocks on the
	// model's workers (true), or the simple sequential reference kernels
	// (false). Results are bit-identical for any worker count either way.
	// Its key keeps the reference's name, use_numba.
	Parallel bool `json:"use_numba" toml:"use_numba"`
}

// Params is the short name of [BiweeklyParams].
type Params = BiweeklyParams

// Default values of the run parameters (SPEC §2.1).
const (
	DefaultSeed      uint64 = 20250314
	DefaultStartTime        = "2000-01"
	DefaultNumTicks         = 365
)

// Default returns the default run parameters: seed 20250314, start_time
// "2000-01", 365 ticks, not verbose, progress bar shown, optimised kernels.
func Default() BiweeklyParams {
	return BiweeklyParams{
		Seed:         DefaultSeed,
		StartTime:    DefaultStartTime,
		NumTicks:     DefaultNumTicks,
		Verbose:      false,
		ShowProgress: true,
		Parallel:     true,
	}
}

// States returns the compartment names of the biweekly model, in order:
// ["S", "I", "R"]. The slice is new on every call.
func (p BiweeklyParams) States() []string { return []string{"S", "I", "R"} }

// StepDays is the length of one tick of the biweekly model in days: the one
// source of [BiweeklyParams.TimeStepDays] and of the model's TimeStepDays,
// with which systems convert rates and day windows.
const StepDays = 14

// TimeStepDays returns the length of one tick in days: [StepDays] (14).
func (p BiweeklyParams) TimeStepDays() int { return StepDays }

// Validate checks every field and returns all problems joined: StartTime must
// be a "YYYY-MM" or valid "YYYY-MM-DD" date (see [ParseStartTime]) and
// NumTicks must be ≥ 0.
func (p BiweeklyParams) Validate() error {
	var errs []error
	if _, err := ParseStartTime(p.StartTime); err != nil {
		errs = append(errs, err)
	}
	if p.NumTicks < 0 {
		errs = append(errs, fmt.Errorf("params: num_ticks: must be >= 0, got %d", p.NumTicks))
	}
	return errors.Join(errs...)
}

// StartDate returns the first day of StartTime's month at 00:00 UTC, the date
// of tick 0.
func (p BiweeklyParams) StartDate() (time.Time, error) {
	return ParseStartTime(p.StartTime)
}

// String returns p as JSON with keys sorted and an indent of two spaces, as
// the reference prints its params.
func (p BiweeklyParams) String() string {
	b, err := json.Marshal(p)
	if err != nil { // cannot happen: all fields are plain values
		return fmt.Sprintf("params.BiweeklyParams{%v}", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Sprintf("params.BiweeklyParams{%v}", err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil { // map keys are encoded sorted
		return fmt.Sprintf("params.BiweeklyParams{%v}", err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}
