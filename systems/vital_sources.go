package systems

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// vitalData are the resolved births and deaths series of one params.
type vitalData struct{ births, deaths *YearlySeries }

// sharedVitalSources resolves the sources once per scenario and sources
// (the replicates of an ensemble share the series, which are never changed
// after they are built; [phases.Model.Shared]).
func sharedVitalSources(m phases.Model, p VitalDynamicsParams) (births, deaths *YearlySeries, err error) {
	if (p.Births == SourceCrude || p.Births == "") && (p.Deaths == SourceCrude || p.Deaths == "") {
		return nil, nil, nil
	}
	key := fmt.Sprintf("%s sources: births=%q deaths=%q", VitalDynamicsName, p.Births, p.Deaths)
	v, err := m.Shared(key, func() (any, error) {
		b, d, err := vitalSources(p, m.Scenario())
		return vitalData{b, d}, err
	})
	if err != nil {
		return nil, nil, err
	}
	data := v.(vitalData)
	return data.births, data.deaths, nil
}

// vitalSources resolves VitalDynamics' births and deaths sources against
// the scenario: nil series mean the crude rate. A table named by both keys
// is read once; deaths from a table need its deaths column. Errors name the
// component, the key and its value, every problem joined.
func vitalSources(p VitalDynamicsParams, scn *scenario.Table) (births, deaths *YearlySeries, err error) {
	tables := map[string]*VitalTable{}
	var errs []error
	load := func(key, src string) *VitalTable {
		if t, ok := tables[src]; ok {
			return t
		}
		t, err := LoadVitalTableFile(src, scn)
		if err != nil {
			if hint := params.Suggest(filepath.Base(src), []string{SourceCrude, SourceScenario}); hint != "" && errors.Is(err, fs.ErrNotExist) {
				err = fmt.Errorf("%w (did you mean %q?)", err, hint)
			}
			errs = append(errs, params.PrefixErrors(fmt.Sprintf("%s: %s = %q", VitalDynamicsName, key, src), err))
		}
		tables[src] = t
		return t
	}
	switch p.Births {
	case SourceCrude, "":
	case SourceScenario:
		births, err = ScenarioSeries(scn, BirthsColumn)
		errs = append(errs, params.PrefixErrors(fmt.Sprintf("%s: births = %q", VitalDynamicsName, p.Births), err))
	default:
		if t := load("births", p.Births); t != nil {
			births = t.Births
		}
	}
	switch p.Deaths {
	case SourceCrude, "":
	case SourceScenario:
		deaths, err = ScenarioSeries(scn, DeathsColumn)
		errs = append(errs, params.PrefixErrors(fmt.Sprintf("%s: deaths = %q", VitalDynamicsName, p.Deaths), err))
	default:
		t := load("deaths", p.Deaths)
		switch {
		case t != nil && t.Deaths == nil:
			errs = append(errs, fmt.Errorf("%s: deaths = %q: the table has no \"deaths\" column", VitalDynamicsName, p.Deaths))
		case t != nil:
			deaths = t.Deaths
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	return births, deaths, nil
}

// ScenarioSeries reads the extra scenario column col as one yearly figure
// per patch, constant over the years: each value a finite number ≥ 0.
// Errors name the column, the 1-based data row and the patch id, every bad
// value joined; a missing column lists the extra columns there are.
func ScenarioSeries(scn *scenario.Table, col string) (*YearlySeries, error) {
	text, ok := scn.Extra(col)
	if !ok {
		return nil, fmt.Errorf("the scenario has no column %q (its extra columns: %q)", col, scn.ExtraNames())
	}
	v := make([]float64, len(text))
	var errs []error
	for j, s := range text {
		x, err := parseCount(s)
		if err != nil {
			errs = append(errs, fmt.Errorf("scenario column %q, row %d (%q): %w", col, j+1, scn.ID[j], err))
		}
		v[j] = x
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return ConstantSeries(v), nil
}
