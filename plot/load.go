package plot

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// ensembleDir is the folder of an ensemble's quantile tables.
const ensembleDir = "ensemble"

// runData is what the pictures are drawn from, read from a run directory.
// A nil field is an input the directory does not have.
type runData struct {
	dir        string
	numPatches int          // from summary.json (0 unknown)
	numTicks   int          // ticks run, from summary.json (0 unknown)
	stepDays   int          // tick length from summary.json (0 unknown)
	states     *tidyTable   // states table: global S, I, R
	incidence  *groupSeries // heat-map source: per-patch I, else reported cases
	reported   *groupSeries // largest groups and fade-outs: reported cases, else per-patch I
	timing     *timingTable
	timingFile string
	ensI       *ensembleSeries // ensemble: global I
	ensCases   *ensembleSeries // ensemble: global reported cases
	ensGroups  *ensembleGroups // ensemble: the largest patches' reported cases (or I)
	user       []*Table        // user tables (user trackers' tidy outputs)
	people     peopleTables    // the agent-based model's trackers of people
	notes      []string        // inputs missing or unusable, one line each
	opts       Options
	maps       *mapdata.Data  // per-patch map data (nil: no maps)
	waves      *mapdata.Waves // the phase analysis of waves.png (nil: not drawn)
}

// runSummary is the part of summary.json the pictures use.
type runSummary struct {
	NumTicks   int  `json:"num_ticks"`
	GroupLevel *int `json:"group_aggregation_level"`
	Inputs     struct {
		NumPatches int `json:"num_patches"`
	} `json:"inputs"`
	Metadata struct {
		TimeStepDays int `json:"time_step_days"`
	} `json:"metadata"`
}

// loadRun reads every input found in dir with the default options.
func loadRun(dir string) (*runData, error) { return loadRunWith(dir, Options{}) }

// loadRunWith reads every input found in dir. Missing files are notes; a
// bad file is an error.
func loadRunWith(dir string, opts Options) (*runData, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, &InputError{File: dir, Err: fmt.Errorf("run directory: %w", err)}
	}
	if !info.IsDir() {
		return nil, &InputError{File: dir, Err: errors.New("not a directory (expected a run's output directory)")}
	}
	d := &runData{dir: dir, opts: opts}
	perPatchStates, err := d.readSummary()
	if err != nil {
		return nil, err
	}
	if err := d.readTidyInputs(perPatchStates); err != nil {
		return nil, err
	}
	if err := d.readUserTables(); err != nil {
		return nil, err
	}
	if err := d.readPeopleTables(); err != nil {
		return nil, err
	}
	if d.timingFile = filepath.Join(dir, "timing.csv"); fileExists(d.timingFile) {
		if d.timing, err = readTiming(d.timingFile); err != nil {
			return nil, err
		}
	} else {
		d.note("no timing.csv: per-phase timing skipped")
	}
	if d.states == nil && d.timing == nil && d.incidence == nil && d.user == nil && isDir(filepath.Join(dir, ensembleDir)) {
		// An ensemble's directory: the single-run inputs are not missing,
		// they live elsewhere.
		d.notes = []string{fmt.Sprintf("%s holds ensemble outputs only: one replicate's pictures come from `rubeola plot %s` (run --keep-replicates)", dir, filepath.Join(dir, "replicates", "r000"))}
	}
	return d, d.readEnsemble()
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

func (d *runData) note(format string, args ...any) {
	d.notes = append(d.notes, fmt.Sprintf(format, args...))
}

// fileExists reports whether path is a regular file.
func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}

// readSummary reads summary.json when present; it reports whether the
// states table is per patch (group_aggregation_level −2).
func (d *runData) readSummary() (bool, error) {
	path := filepath.Join(d.dir, "summary.json")
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, &InputError{File: path, Err: err}
	}
	var s runSummary
	if err := json.Unmarshal(data, &s); err != nil {
		return false, &InputError{File: path, Err: fmt.Errorf("not a run summary: %w", err)}
	}
	d.numPatches = s.Inputs.NumPatches
	d.numTicks = s.NumTicks
	d.stepDays = s.Metadata.TimeStepDays
	return s.GroupLevel != nil && *s.GroupLevel == -2, nil
}

// readTidyInputs reads the states, population and cases tables.
func (d *runData) readTidyInputs(perPatchStates bool) error {
	var err error
	feed := d.startMaps()
	if tables := stateTables(d.dir); len(tables) > 0 {
		if d.states, err = readTidyTap(tables[0], allTicks, feed.states(tables[0]), "I"); err != nil {
			return err
		}
		if err := d.checkStatesTicks(); err != nil {
			return err
		}
	} else {
		d.note("no states.csv or states.parquet: S, I, R curves skipped")
	}
	var pops *populations
	if path := findTable(d.dir, "population"); path != "" {
		if pops, err = readPopulations(path); err != nil {
			return err
		}
	}
	var cases *tidyTable
	if path := findTable(d.dir, "cases"); path != "" {
		if cases, err = readTidyTap(path, allTicks, feed.cases(path), "cases"); err != nil {
			return err
		}
	}
	d.finishMaps(feed)
	var perPatchI *groupSeries
	if d.states != nil && len(d.states.groups) > 1 && d.states.hasState("I") {
		if isSEIR(d.states) {
			perPatchI = d.seriesOf(d.states, "I", "infectious people (I)", "infectious (I)", perPatchStates, pops)
			perPatchI.prevalence = true
		} else {
			perPatchI = d.seriesOf(d.states, "I", "infections "+perTick(tickDays(d.states.dates, d.stepDays))+" (I)", "infections (I)", perPatchStates, pops)
		}
	}
	var reported *groupSeries
	if cases != nil {
		reported = d.seriesOf(cases, "cases", "reported cases "+perTick(tickDays(cases.dates, d.stepDays)), "reported cases", false, pops)
	}
	d.incidence = firstOf(perPatchI, reported)
	d.reported = firstOf(reported, perPatchI)
	if d.incidence == nil {
		d.note("no per-patch states (run --per-patch) and no cases table: heat-map, largest groups, fade-out curve, maps and waves skipped")
	}
	return nil
}

// firstOf returns the first non-nil series.
func firstOf(s ...*groupSeries) *groupSeries {
	for _, x := range s {
		if x != nil {
			return x
		}
	}
	return nil
}

// seriesOf builds the per-group series of state from table t with each
// group's population: from the population table when there is one, else
// S + I + R at tick 0 of the states table's group of the same id.
func (d *runData) seriesOf(t *tidyTable, state, what, short string, perPatch bool, pops *populations) *groupSeries {
	s := &groupSeries{file: t.path, what: what, short: short, unit: "groups", groups: t.groups, dates: t.dates,
		days: tickDays(t.dates, d.stepDays), endDated: t.steps.step > 1}
	s.values = make([][]float64, len(t.groups))
	s.pops = make([]float64, len(t.groups))
	for g := range t.groups {
		s.values[g] = t.series(state, g)
	}
	switch {
	case pops != nil:
		s.popFrom = pops.file
		for g, id := range t.groups {
			s.pops[g] = pops.groupPopulation(id)
		}
		if pops.arePatches(t.groups) {
			s.unit = "patches"
		}
	case d.states != nil:
		s.popFrom = d.states.path
		for g, id := range t.groups {
			s.pops[g] = math.NaN()
			if sg, ok := d.states.index[id]; ok {
				s.pops[g] = d.states.startTotal(sg)
			}
		}
	default:
		for g := range s.pops {
			s.pops[g] = math.NaN()
		}
	}
	if perPatch || (d.numPatches > 1 && len(t.groups) == d.numPatches) {
		s.unit = "patches"
	}
	return s
}

// isSEIR reports whether t is a table of an SEIR model (it has rows of
// state E): its I is then a prevalence, the people infectious at each
// tick, where the biweekly SIR model's I at the end of a tick is that
// tick's incidence.
func isSEIR(t *tidyTable) bool { return t.hasState("E") }

// checkStatesTicks compares the states table's ticks with summary.json's
// num_ticks, which describes that table: fewer is a file cut at a tick's
// end while it was written.
func (d *runData) checkStatesTicks() error {
	if have := d.states.ticks(); d.numTicks > 0 && have < d.numTicks {
		return &InputError{File: d.states.path, Err: fmt.Errorf("ends after tick %d, but %s says the run has %d ticks: the file was cut while it was written; rerun or resume the run to rewrite it",
			have-1, filepath.Join(d.dir, "summary.json"), d.numTicks)}
	}
	return nil
}
