package plot

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
)

// readEnsemble reads DIR/ensemble/ when it exists: the global I from the
// states table, the global reported cases from the cases table, and the
// largest patches' reported cases (else I of per-patch states) ranked by
// the population table.
func (d *runData) readEnsemble() error {
	dir := filepath.Join(d.dir, ensembleDir)
	if !isDir(dir) {
		return nil
	}
	if d.stepDays == 0 {
		d.stepDays = readStepDays(filepath.Join(dir, "summary.json"))
	}
	tables := stateTables(dir)
	if len(tables) == 0 {
		d.note("%s has no states table: ensemble bands of I skipped", dir)
	}
	var err error
	for _, path := range tables { // the first with a global series
		if d.ensI, err = readEnsemble(path, "I"); err == nil {
			break
		}
		if !errors.Is(err, errNoGlobal) {
			return err
		}
	}
	if d.ensI == nil && err != nil {
		d.note("ensemble bands of I skipped: %v", err)
	}
	if path := findTable(dir, "cases"); path != "" {
		if d.ensCases, err = readEnsemble(path, "cases"); err != nil {
			if !errors.Is(err, errNoGlobal) {
				return err
			}
			d.note("global ensemble band of reported cases skipped: %v", err)
		}
	}
	return d.readEnsembleGroups(dir, tables)
}

// readEnsembleGroups reads the largest patches' series of an ensemble.
func (d *runData) readEnsembleGroups(dir string, states []string) error {
	pops := findTable(dir, "population")
	if pops == "" {
		d.note("%s has no population table: ensemble bands of the largest patches skipped", dir)
		return nil
	}
	type source struct{ path, state, what string }
	var sources []source
	if path := findTable(dir, "cases"); path != "" {
		sources = append(sources, source{path, "cases", "reported cases"})
	}
	if len(states) > 0 {
		sources = append(sources, source{states[0], "I", "infections (I)"})
	}
	var err error
	for _, s := range sources {
		d.ensGroups, err = readEnsembleGroups(s.path, s.state, pops, largestGroups)
		var ie *InputError
		if errors.As(err, &ie) {
			return err
		}
		if err == nil {
			g := d.ensGroups
			g.what, g.when = s.what, perTick(tickDays(g.series[0].dates, d.stepDays))
			if s.state == "I" && g.series[0].seir {
				g.what, g.when = "infectious (I)", eachTick(tickDays(g.series[0].dates, d.stepDays))
			}
			return nil
		}
	}
	if err != nil {
		d.note("ensemble bands of the largest patches skipped: %v", err)
	}
	return nil
}

// readStepDays is the tick length in an ensemble's summary.json
// (metadata.time_step_days), or 0 when it has none or cannot be read: it
// only words a single-tick table's time, which longer tables take from
// their dates.
func readStepDays(path string) int {
	var s runSummary
	data, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(data, &s) != nil {
		return 0
	}
	return s.Metadata.TimeStepDays
}
