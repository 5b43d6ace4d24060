package mapdata

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/scenario"
)

// Summary is the part of a run's summary.json the maps use.
type Summary struct {
	NumTicks   int  `json:"num_ticks"`
	GroupLevel *int `json:"group_aggregation_level"`
	Inputs     struct {
		Scenario   string `json:"scenario"`
		NumPatches int    `json:"num_patches"`
	} `json:"inputs"`
	Metadata struct {
		StartTime    string `json:"start_time"`
		TimeStepDays int    `json:"time_step_days"`
	} `json:"metadata"`
}

// PerPatch reports whether the run's states table is per patch
// (group_aggregation_level −2, `run --per-patch`).
func (s *Summary) PerPatch() bool { return s.GroupLevel != nil && *s.GroupLevel == -2 }

// ReadSummary reads DIR/summary.json; a missing file is (nil, nil).
func ReadSummary(dir string) (*Summary, error) {
	path := filepath.Join(dir, "summary.json")
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, &InputError{File: path, Err: err}
	}
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, &InputError{File: path, Err: fmt.Errorf("not a run summary: %w", err)}
	}
	return &s, nil
}

// ErrNoScenario is returned (wrapped, saying what was tried) when the
// run's scenario, which holds the coordinates, cannot be found.
var ErrNoScenario = errors.New("scenario not found")

// FindScenario loads the scenario of the run in dir: file when given (a
// CSV or Parquet scenario), else the origin summary.json records
// (inputs.scenario): a path — as recorded (relative to the directory the
// run was started from), then relative to dir and to dir's parent — or
// the embedded default and the random_n, single_patch and two_patch
// builders, rebuilt from the parameters the origin names. Other builders
// do not record every option, so their runs need file. It returns the
// table and where it came from.
func FindScenario(dir, file string, sum *Summary) (*scenario.Table, string, error) {
	if file != "" {
		t, err := scenario.Load(file)
		if err != nil {
			return nil, "", &InputError{File: file, Err: err}
		}
		return t, file, nil
	}
	if sum == nil || sum.Inputs.Scenario == "" {
		return nil, "", fmt.Errorf("%w: %s has no summary.json naming it (inputs.scenario); give the scenario file", ErrNoScenario, dir)
	}
	origin := sum.Inputs.Scenario
	if t, ok, err := rebuildScenario(origin); ok || err != nil {
		return t, origin, err
	}
	for _, path := range candidatePaths(dir, origin) {
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			t, err := scenario.Load(path)
			if err != nil {
				return nil, "", &InputError{File: path, Err: err}
			}
			return t, path, nil
		}
	}
	return nil, "", fmt.Errorf("%w: %s records scenario %q, which is neither a file found from here, nor in or beside %s, nor a builder that can be rebuilt; give the scenario file", ErrNoScenario, filepath.Join(dir, "summary.json"), origin, dir)
}

// candidatePaths are where a recorded scenario path may be found.
func candidatePaths(dir, origin string) []string {
	if filepath.IsAbs(origin) {
		return []string{origin}
	}
	return []string{origin, filepath.Join(dir, origin), filepath.Join(filepath.Dir(dir), origin)}
}

// rebuildScenario rebuilds a scenario from its recorded origin when it
// names a builder whose every option it records; ok is false otherwise.
func rebuildScenario(origin string) (t *scenario.Table, ok bool, err error) {
	var (
		n    int
		seed uint64
		pop  int64
		mcv1 float64
	)
	switch {
	case scan(origin, "embedded: scenario.RandomN(%d, seed %d, mcv1 %g)", &n, &seed, &mcv1),
		scan(origin, "builder: random_n(n %d, seed %d, mcv1 %g)", &n, &seed, &mcv1):
		t, err = scenario.RandomN(n, seed, mcv1)
	case scan(origin, "builder: single_patch(pop %d, mcv1 %g)", &pop, &mcv1):
		t, err = scenario.SinglePatch(pop, mcv1)
	case scan(origin, "builder: two_patch(pop %d, mcv1 %g)", &pop, &mcv1):
		t, err = scenario.TwoPatch(pop, mcv1)
	default:
		return nil, false, nil
	}
	if err != nil {
		return nil, true, fmt.Errorf("rebuilding scenario %q: %w", origin, err)
	}
	return t, true, nil
}

// scan reports whether s matches format exactly, filling args.
func scan(s, format string, args ...any) bool {
	var rest string
	n, _ := fmt.Sscanf(s+"\x00", format+"%s", append(args, &rest)...)
	return n == len(args)+1 && rest == "\x00"
}
