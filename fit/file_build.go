package fit

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// build loads the run file and the data, builds the spec and the
// observations, and checks the parameter names against the model.
func (f *File) build(probs *fileProblems) {
	rf, err := runfile.Load(f.RunPath)
	if err != nil {
		probs.add("run", "%v", err)
		return
	}
	f.Run = rf
	comps, ok := fitComponents(rf, probs)
	if !ok {
		return
	}
	cases, err := LoadCasesFile(f.DataPath, f.IDColumn)
	if err != nil {
		probs.add("data.file", "%v", err)
		return
	}
	for i, m := range f.Missing {
		if err := cases.SetMissing(m.ID, m.Date); err != nil {
			probs.add(fmt.Sprintf("data.missing[%d]", i+1), "%v", err)
		}
	}
	if len(*probs) > 0 {
		return
	}
	ids, ok := f.fitPlaces(cases, rf, probs)
	if !ok {
		return
	}
	scn, err := subsetScenario(rf.Scenario, ids)
	if err != nil {
		probs.add("run", "%s: %v", rf.ScenarioName, err)
		return
	}
	fitted := cases.Select(scn.ID)
	if !f.checkWindow(fitted, probs) {
		return
	}
	obs, err := Observe(fitted, scn, f.From, f.To)
	if err != nil {
		probs.add("data", "%v", err)
		return
	}
	f.Obs = obs
	f.Spec.Type, f.Spec.Scenario, f.Spec.Params, f.Spec.Components = rf.Model, scn, rf.Params, comps
	if f.Spec.Blocks, err = f.Blocks.Resolve(obs.Places, scn); err != nil {
		probs.add("", "%v", err)
		return
	}
	if f.Parameters != nil {
		if f.Spec.PlaceValues = f.Parameters.placeValues(obs.Places, probs); len(*probs) > 0 {
			return
		}
	}
	f.checkModel(probs)
}

// fitComponents returns the run file's components without its trackers
// (package metrics); the file must be a compartmental model with a
// scenario and [[phases]].
func fitComponents(rf *runfile.File, probs *fileProblems) ([]phases.Factory, bool) {
	switch {
	case rf.Model != model.TypeCompartmental:
		probs.add("run", "%s: the fit needs the compartmental model: set model = %q", rf.Path, model.TypeCompartmental)
		return nil, false
	case rf.Scenario == nil:
		probs.add("run", "%s: names no scenario: set scenario = \"places.csv\"", rf.Path)
		return nil, false
	case rf.Components == nil:
		probs.add("run", "%s: has no [[phases]]: the fit needs a component list with a case counter (PopulationData, InitialFractions, EulerSEIR)", rf.Path)
		return nil, false
	}
	var out []phases.Factory
	for i, typ := range rf.Types {
		if ct, ok := model.LookupComponentTypeFor(rf.Model, typ); ok && ct.Package == "metrics" {
			continue
		}
		out = append(out, rf.Components[i])
	}
	return out, true
}

// fitPlaces returns the ids to fit: [data] places, which must be
// scenario ids, or else every id of the data, all of which must be.
func (f *File) fitPlaces(cases *Cases, rf *runfile.File, probs *fileProblems) (map[string]bool, bool) {
	known := func(id string) bool { _, ok := rf.Scenario.Index(id); return ok }
	keep := map[string]bool{}
	if f.Places == nil {
		if err := cases.CheckIDs(known, rf.ScenarioName); err != nil {
			probs.add("data.file", "%v (list the ids to fit in data.places)", err)
			return nil, false
		}
		for _, id := range cases.IDs() {
			keep[id] = true
		}
		return keep, true
	}
	ok := true
	for i, id := range f.Places {
		if !known(id) {
			hint := ""
			if s := params.Suggest(id, rf.Scenario.ID); s != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", s)
			}
			probs.add(fmt.Sprintf("data.places[%d]", i+1), "%q is not an id of scenario %s%s", id, rf.ScenarioName, hint)
			ok = false
		}
		keep[id] = true
	}
	return keep, ok
}

// subsetScenario returns the rows of scn whose ids are in keep, in
// scenario order, extra columns included.
func subsetScenario(scn *scenario.Table, keep map[string]bool) (*scenario.Table, error) {
	var rows []int
	for j, id := range scn.ID {
		if keep[id] {
			rows = append(rows, j)
		}
	}
	var (
		id             []string
		pop            []int64
		lat, lon, mcv1 []float64
	)
	for _, j := range rows {
		id, pop = append(id, scn.ID[j]), append(pop, scn.Pop[j])
		lat, lon, mcv1 = append(lat, scn.Lat[j]), append(lon, scn.Lon[j]), append(mcv1, scn.MCV1[j])
	}
	out, err := scenario.FromColumns(id, pop, lat, lon, mcv1)
	if err != nil {
		return nil, err
	}
	for _, name := range scn.ExtraNames() {
		col, _ := scn.Extra(name)
		sub := make([]string, len(rows))
		for k, j := range rows {
			sub[k] = col[j]
		}
		if err := out.SetExtra(name, sub); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// checkWindow reports every fitted place without reports in the window,
// with the dates its reports span.
func (f *File) checkWindow(cases *Cases, probs *fileProblems) bool {
	win := cases.Window(f.From, f.To)
	ok := true
	for _, id := range cases.IDs() {
		if dates, _, _ := win.Series(id); len(dates) > 0 {
			continue
		}
		ok = false
		all, _, _ := cases.Series(id)
		if len(all) == 0 {
			probs.add("data.file", "%s has no reports of %q", cases.Name(), id)
			continue
		}
		probs.add("data.from", "no reports of %q in the window %s: %s has them from %s to %s",
			id, f.window(), cases.Name(), all[0].Format(time.DateOnly), all[len(all)-1].Format(time.DateOnly))
	}
	return ok
}

// window formats the window (from, to] for messages.
func (f *File) window() string {
	from, to := "-∞", "+∞"
	if !f.From.IsZero() {
		from = f.From.Format(time.DateOnly)
	}
	if !f.To.IsZero() {
		to = f.To.Format(time.DateOnly)
	}
	return "(" + from + ", " + to + "]"
}

// checkModel resolves the measurement's parameters, builds the model with
// one particle per place and checks every parameter name of [set],
// [[estimate]] and [profile] against it; then it initialises the model
// with [set] applied.
func (f *File) checkModel(probs *fileProblems) {
	scn := f.Spec.Scenario
	_, errRho := f.Spec.Rho.Resolve("measurement.rho", scn, systems.UnitInterval, "in [0, 1]")
	_, errPsi := f.Spec.Psi.Resolve("measurement.psi", scn, systems.NonNegative, "a finite number >= 0")
	if errRho != nil || errPsi != nil {
		for _, err := range []error{errRho, errPsi} {
			if err != nil {
				probs.add("", "%v", err)
			}
		}
		return
	}
	bare := *f.Spec
	bare.PlaceValues = nil
	ps, err := newParticles(&bare, f.Obs, 1, f.Seed, 1)
	if err != nil {
		probs.add("run", "%s: %v", f.Run.Path, err)
		return
	}
	n := len(*probs)
	f.checkParameterTable(ps, probs)
	owner := map[*float64]string{} // a parameter's values → the key naming it first
	check := func(key, name string) {
		v, ok := ps.params[name]
		switch {
		case !ok:
			hint := ""
			if s := params.Suggest(name, knownList(ps.params)); s != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", s)
			}
			probs.add(key, "the model has no parameter %q%s; known: %s (or Component.key)", name, hint, strings.Join(knownList(ps.params), ", "))
		case v == nil:
			probs.add(key, "%q is ambiguous: two components have it; qualify it (Component.%s)", name, name)
		case owner[&v[0]] != "":
			probs.add(key, "%q is the parameter of %s", name, owner[&v[0]])
		default:
			owner[&v[0]] = key
		}
	}
	for _, name := range sortedKeys(f.Set) {
		check("set."+name, name)
		switch x := f.Set[name]; {
		case name == "rho" && !systems.UnitInterval(x):
			probs.add("set.rho", "must be in [0, 1], got %v", x)
		case name == "psi" && !systems.NonNegative(x):
			probs.add("set.psi", "must be >= 0, got %v", x)
		}
	}
	for i, e := range f.Estimates {
		check(fmt.Sprintf("estimate[%d].name", i+1), e.Name)
	}
	if f.Profile != nil {
		// The profiled parameter may be estimated too (the profile fixes
		// it), but not set.
		name := f.Profile.Parameter
		if v := ps.params[name]; len(v) > 0 && strings.HasPrefix(owner[&v[0]], "estimate[") {
			delete(owner, &v[0])
		}
		check("profile.parameter", name)
	}
	if len(*probs) > n {
		return
	}
	if err := ps.setPlaces(f.Spec.PlaceValues); err != nil {
		probs.add("parameters", "%v", err)
		return
	}
	f.checkStarts(ps, probs)
	if f.Method == MethodIF2 && len(f.Obs.Places) != 1 {
		probs.add("fit.method", "%s fits one place, the data have %d: choose one with data.places, or fit them together with method = %q",
			f.Method, len(f.Obs.Places), MethodIBPF)
	}
	if p := f.Profile; p != nil {
		for i, e := range f.Estimates {
			if e.Name == p.Parameter && e.PerTown {
				probs.add(fmt.Sprintf("estimate[%d].per", i+1), "%s is profiled, so it must be shared: a profile holds one value in every town", e.Name)
			}
		}
	}
	if err := ps.set(f.Set); err != nil {
		probs.add("set", "%v", err)
		return
	}
	if err := ps.initialize(); err != nil {
		probs.add("run", "%s: initialising the model: %v", f.Run.Path, err)
	}
}

// checkStarts checks that every per-town start names a fitted place and
// that every estimate without a start value starts within its bounds from
// the model's value in every town.
func (f *File) checkStarts(ps *particles, probs *fileProblems) {
	for _, s := range f.startKeys {
		if !slices.Contains(f.Obs.Places, s.town) {
			hint := ""
			if h := params.Suggest(s.town, f.Obs.Places); h != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", h)
			}
			probs.add(s.key, "%q is not a fitted place%s", s.town, hint)
		}
	}
	for i, e := range f.Estimates {
		for p, town := range f.Obs.Places {
			if _, ok := f.Start[TownKey(e.Name, town)]; ok {
				continue
			}
			if _, ok := f.Start[e.Name]; ok {
				continue
			}
			if x := ps.params[e.Name][p]; e.CheckValue(x) != nil {
				where := ""
				if len(f.Obs.Places) > 1 {
					where = " in " + town
				}
				probs.add(fmt.Sprintf("estimate[%d]", i+1), "%s starts at the model's value %v%s, outside its bounds [%v, %v] (transform %q): give start",
					e.Name, x, where, e.Lower, e.Upper, e.Transform)
			}
		}
	}
}

// knownList lists the parameter names a fit file may use, sorted without
// regard to case: the unambiguous keys, and the qualified names
// (Component.key) of ambiguous ones.
func knownList(m map[string][]float64) []string {
	var out []string
	for k, v := range m {
		if strings.Contains(k, ".") {
			if m[unqualified(k)] == nil {
				out = append(out, k)
			}
			continue
		}
		if v != nil {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b string) int {
		if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
			return c
		}
		return strings.Compare(b, a) // lower case first
	})
	return out
}

// sortedKeys returns m's keys, sorted.
func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// checkParameterTable checks the parameter names of [parameters] columns
// against the model, and the measurement's values' ranges.
func (f *File) checkParameterTable(ps *particles, probs *fileProblems) {
	if f.Parameters == nil {
		return
	}
	for _, col := range slices.Sorted(maps.Keys(f.Parameters.Columns)) {
		name, key := f.Parameters.Columns[col], "parameters.columns."+col
		v, ok := ps.params[name]
		switch {
		case !ok:
			probs.add(key, "the model has no parameter %q; known: %s (or Component.key)", name, strings.Join(knownList(ps.params), ", "))
		case v == nil:
			probs.add(key, "%q is ambiguous: two components have it; qualify it (Component.%s)", name, name)
		}
		for p, x := range f.Spec.PlaceValues[name] {
			if (name == "rho" && !systems.UnitInterval(x)) || (name != "rho" && !systems.NonNegative(x)) {
				probs.add(key, "%s: %q: %v is out of range (rho in [0, 1], other parameters >= 0)", f.Parameters.File, f.Obs.Places[p], x)
			}
		}
	}
}
