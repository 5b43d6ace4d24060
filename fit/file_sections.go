package fit

import (
	"maps"
	"slices"

	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/systems"
)

// Keys of the fit file's tables.
var (
	dataKeys        = []string{"file", "from", "id_column", "missing", "places", "to"}
	measurementKeys = []string{"model", "psi", "rho"}
	fitKeys         = []string{"block_column", "block_size", "blocks", "candidates", "cooling", "filters", "iterations", "method", "particles", "seed", "spat_regression"}
	estimateKeys    = []string{"ivp", "lower", "name", "per", "rw_sd", "start", "transform", "upper"}
	profileKeys     = []string{"from", "level", "n", "parameter", "starts", "to", "values"}
	transforms      = []string{TransformLog, TransformLogit, TransformNone}
)

// ivpNames are the parameters whose estimates default to ivp = true: the
// initial fractions (compartmental.InitialFractions).
var ivpNames = []string{"S_0", "E_0", "I_0", "R_0"}

// decodeData reads [data].
func (f *File) decodeData(t tomlTable, baseDir string) {
	t.checkKeys(dataKeys)
	if file, ok := t.str("file"); ok {
		f.DataPath = resolve(baseDir, file)
	} else if !t.has("file") {
		t.errorf("file", "required: the case data CSV (id,date,cases)")
	}
	f.IDColumn = "id"
	if c, ok := t.str("id_column"); ok {
		if c == "" {
			t.errorf("id_column", "must not be empty")
		}
		f.IDColumn = c
	}
	if places, ok := t.strings("places"); ok {
		f.Places = places
	}
	if list, ok := t.tables("missing"); ok {
		for _, e := range list {
			e.checkKeys([]string{"date", "id"})
			id, okID := e.str("id")
			date, okDate := e.date("date")
			for _, k := range []string{"id", "date"} {
				if !e.has(k) {
					e.errorf(k, "required: a missing report is {id = \"ID\", date = \"YYYY-MM-DD\"}")
				}
			}
			if !okID || !okDate {
				continue
			}
			f.Missing = append(f.Missing, MissingReport{ID: id, Date: date})
		}
	}
	f.From, _ = t.date("from")
	f.To, _ = t.date("to")
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		t.errorf("to", "%s is not after from (%s): the window is from < date <= to", f.To.Format("2006-01-02"), f.From.Format("2006-01-02"))
	}
}

// decodeMeasurement reads [measurement] into the spec.
func (f *File) decodeMeasurement(t tomlTable) {
	t.checkKeys(measurementKeys)
	name, ok := t.str("model")
	if !ok && !t.has("model") {
		t.errorf("model", "required: one of %q", MeasurementNames())
	}
	if ok {
		m, err := MeasurementByName(name)
		if err != nil {
			t.errorf("model", "%v", err)
		}
		f.Spec.Measurement = m
	}
	if v, ok := t.patchValue("rho", systems.UnitInterval, "in [0, 1]"); ok {
		f.Spec.Rho = v
	} else if !t.has("rho") {
		t.errorf("rho", "required: the reporting probability (a number or {column = \"NAME\"})")
	}
	binomial := name == MeasurementBinomial
	switch v, ok := t.patchValue("psi", systems.NonNegative, "a finite number >= 0"); {
	case ok && binomial:
		t.errorf("psi", "the binomial measurement has no overdispersion: remove psi (or use negative_binomial)")
	case ok:
		f.Spec.Psi = v
	case !t.has("psi") && !binomial && f.Spec.Measurement != nil:
		t.errorf("psi", "required by %s: the overdispersion (a number or {column = \"NAME\"})", name)
	}
}

// patchValue reads a number or {column = "NAME"}; a number must satisfy
// valid (a column is checked row by row when the model is built).
func (t tomlTable) patchValue(k string, valid func(float64) bool, want string) (systems.PatchValue, bool) {
	v, ok := t.m[k]
	if !ok {
		return systems.PatchValue{}, false
	}
	if x, isNum := number(v); isNum {
		if !valid(x) {
			t.errorf(k, "must be %s, got %v", want, x)
			return systems.PatchValue{}, false
		}
		return systems.PatchNumber(x), true
	}
	if m, isTable := v.(map[string]any); isTable {
		col, isStr := m["column"].(string)
		if len(m) == 1 && isStr && col != "" {
			return systems.PatchColumn(col), true
		}
	}
	t.errorf(k, "expected a number or {column = \"NAME\"}, got %s", tomlx.Describe(v))
	return systems.PatchValue{}, false
}

// decodeFit reads [fit].
func (f *File) decodeFit(t tomlTable) {
	t.checkKeys(fitKeys)
	if m, ok := t.str("method"); ok {
		if !slices.Contains(methods, m) {
			t.errorf("method", "%q is not one of %q", m, methods)
		}
		f.Method = m
	}
	if n, ok := t.integer("particles", 1); ok && t.atMost("particles", n, MaxParticles) {
		f.Particles = int(n)
	}
	if n, ok := t.integer("filters", 1); ok && t.atMost("filters", n, MaxFilters) {
		f.Filters = int(n)
	}
	if n, ok := t.integer("seed", 0); ok {
		f.Seed = uint64(n)
	}
	if n, ok := t.integer("iterations", 1); ok && t.atMost("iterations", n, MaxIterations) {
		f.Iterations = int(n)
	}
	if c, ok := t.float("cooling"); ok {
		if !(c > 0 && c <= 1) {
			t.errorf("cooling", "must be in (0, 1], got %v", c)
		}
		f.Cooling = c
	}
	if r, ok := t.float("spat_regression"); ok {
		if !(r >= 0 && r <= 1) {
			t.errorf("spat_regression", "must be in [0, 1], got %v", r)
		}
		f.SpatRegression = r
	}
	f.decodeBlocks(t)
	if n, ok := t.integer("candidates", 1); ok {
		if n > int64(f.Iterations) {
			t.errorf("candidates", "must be at most iterations (%d): the candidates are the last iterations' means, got %d", f.Iterations, n)
		}
		f.Candidates = int(min(n, int64(f.Iterations)))
	}
}

// decodeSet reads [set]: parameter names (checked against the model
// later) with numbers.
func (f *File) decodeSet(t tomlTable) {
	f.Set = map[string]float64{}
	for k := range t.m {
		if x, ok := t.float(k); ok {
			f.Set[k] = x
		}
	}
}

// decodeEstimates reads the [[estimate]] tables.
func (f *File) decodeEstimates(list []tomlTable) {
	seen := map[string]string{}
	for _, t := range list {
		n := len(*t.probs)
		t.checkKeys(estimateKeys)
		e := Estimate{RWSD: DefaultRWSD}
		name, ok := t.str("name")
		switch {
		case !ok && !t.has("name"):
			t.errorf("name", "required: the parameter's name")
		case ok && seen[name] != "":
			t.errorf("name", "%q is already estimated by %s", name, seen[name])
		case ok:
			seen[name] = t.path
		}
		e.Name = name
		lower, okLo := t.float("lower")
		upper, okHi := t.float("upper")
		for _, b := range []struct {
			key string
			ok  bool
		}{{"lower", okLo}, {"upper", okHi}} {
			if !b.ok && !t.has(b.key) {
				t.errorf(b.key, "required: every estimated parameter needs bounds (lower and upper)")
			}
		}
		if okLo && okHi && !(lower < upper) {
			t.errorf("upper", "must be greater than lower (%v), got %v", lower, upper)
		}
		e.Lower, e.Upper = lower, upper
		e.Transform = defaultTransform(lower, upper)
		if tr, ok := t.str("transform"); ok {
			if !slices.Contains(transforms, tr) {
				t.errorf("transform", "%q is not one of %q", tr, transforms)
			}
			e.Transform = tr
		}
		if okLo && okHi {
			checkTransform(t, e)
		}
		if sd, ok := t.float("rw_sd"); ok {
			if sd < 0 {
				t.errorf("rw_sd", "must be >= 0, got %v", sd)
			}
			e.RWSD = sd
		}
		e.IVP = slices.Contains(ivpNames, e.Name) || slices.Contains(ivpNames, unqualified(e.Name))
		if b, ok := t.boolean("ivp"); ok {
			e.IVP = b
		}
		if per, ok := t.str("per"); ok {
			switch per {
			case PerTown:
				e.PerTown = true
			case PerShared:
			default:
				t.errorf("per", "%q is not one of %q (a parameter is shared by every town unless per = %q)", per, []string{PerShared, PerTown}, PerTown)
			}
		}
		f.decodeStart(t, e, okLo && okHi)
		if len(*t.probs) == n {
			if err := e.Validate(); err != nil {
				t.probs.add(t.path, "%v", err)
			}
		}
		f.Estimates = append(f.Estimates, e)
	}
}

// decodeStart reads an estimate's start: a number (every town), or for a
// per-town estimate a table of towns' values (checked against the fitted
// places when the data are read); bounded tells whether e's bounds were
// read.
func (f *File) decodeStart(t tomlTable, e Estimate, bounded bool) {
	v, ok := t.m["start"]
	if !ok {
		return
	}
	if f.Start == nil {
		f.Start = map[string]float64{}
	}
	check := func(key string, x float64) {
		if bounded && e.CheckValue(x) != nil {
			t.errorf(key, "%v is outside the bounds [%v, %v] (transform %q)", x, e.Lower, e.Upper, e.Transform)
		}
	}
	m, isTable := v.(map[string]any)
	if !isTable {
		if x, ok := t.float("start"); ok {
			check("start", x)
			f.Start[e.Name] = x
		}
		return
	}
	if !e.PerTown {
		t.errorf("start", "a table of towns' starts is for a per-town parameter (per = %q); a shared parameter has one start", PerTown)
		return
	}
	towns := tomlTable{path: t.key("start"), m: m, probs: t.probs}
	for _, town := range slices.Sorted(maps.Keys(m)) {
		if x, ok := towns.float(town); ok {
			if bounded && e.CheckValue(x) != nil {
				towns.errorf(town, "%v is outside the bounds [%v, %v] (transform %q)", x, e.Lower, e.Upper, e.Transform)
			}
			f.Start[TownKey(e.Name, town)] = x
			f.startKeys = append(f.startKeys, startKey{key: towns.key(town), town: town})
		}
	}
}

// defaultTransform is logit for bounds within [0, 1], log for a lower
// bound >= 0, none otherwise.
func defaultTransform(lower, upper float64) string {
	switch {
	case lower >= 0 && upper <= 1:
		return TransformLogit
	case lower >= 0:
		return TransformLog
	}
	return TransformNone
}

// checkTransform checks that the bounds fit the transform's domain.
func checkTransform(t tomlTable, e Estimate) {
	if e.Transform == TransformLog && !(e.Lower >= 0) {
		t.errorf("transform", "log needs lower >= 0, got lower = %v (use transform = \"none\")", e.Lower)
	}
}

// unqualified is a parameter name without its component ("r0" for
// "EulerSEIRProcess.r0").
func unqualified(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '.' {
			return name[i+1:]
		}
	}
	return name
}

// decodeProfile reads [profile].
func (f *File) decodeProfile(t tomlTable) {
	t.checkKeys(profileKeys)
	p := &ProfileSpec{Starts: DefaultStarts, Level: DefaultLevel}
	if name, ok := t.str("parameter"); ok {
		p.Parameter = name
	} else if !t.has("parameter") {
		t.errorf("parameter", "required: the profiled parameter")
	}
	if n, ok := t.integer("starts", 1); ok && t.atMost("starts", n, MaxProfileStarts) {
		p.Starts = int(n)
	}
	if l, ok := t.float("level"); ok {
		if !(l > 0 && l < 1) {
			t.errorf("level", "must be in (0, 1), got %v", l)
		}
		p.Level = l
	}
	grid := t.has("from") || t.has("to") || t.has("n")
	switch {
	case t.has("values") && grid:
		t.errorf("values", "give either values or from, to and n, not both")
	case t.has("values"):
		p.Values, _ = t.floats("values")
		if !t.atMost("values", int64(len(p.Values)), MaxProfileValues) {
			p.Values = nil
		}
	case grid:
		p.Values = profileGrid(t)
	default:
		t.errorf("values", "required: the values to fix %s at (values = [...], or from, to and n)", p.Parameter)
	}
	if points := len(p.Values) * p.Starts; points > MaxProfilePoints {
		t.errorf("starts", "%d values × %d starts = %d searches, more than %d (see docs/limits.md)", len(p.Values), p.Starts, points, MaxProfilePoints)
	}
	f.Profile = p
}

// profileGrid reads from, to and n: n values evenly spaced from from to
// to.
func profileGrid(t tomlTable) []float64 {
	from, okFrom := t.float("from")
	to, okTo := t.float("to")
	n, okN := t.integer("n", 2)
	okN = okN && t.atMost("n", n, MaxProfileValues)
	for _, k := range []string{"from", "to", "n"} {
		if !t.has(k) {
			t.errorf(k, "required with %s", "from, to and n")
		}
	}
	if !okFrom || !okTo || !okN {
		return nil
	}
	if !(from < to) {
		t.errorf("to", "must be greater than from (%v), got %v", from, to)
		return nil
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = from + (to-from)*float64(i)/float64(n-1)
	}
	out[n-1] = to
	return out
}
