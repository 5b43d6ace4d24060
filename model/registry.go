package model

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// ComponentType describes a built-in component: its names, its params keys
// and how to build it from JSON params. Run files (`[[phases]] type = …`),
// snapshots (components rebuilt from stored params) and docs/components.md
// all work from this one catalogue (see [ComponentTypes]).
type ComponentType struct {
	// GoName is the Go type name ("Infection").
	GoName string
	// Name is the component's Name(), the reference class name
	// ("InfectionProcess"); trackers use the Go name.
	Name string
	// Snake is the snake_case short form ("infection").
	Snake string
	// Package is the Go package providing it ("systems" or "metrics").
	Package string
	// Kind says what it is: "phase", "initialiser" or "finaliser".
	Kind string
	// Summary is a one-line description.
	Summary string
	// Keys documents every params key in canonical order.
	Keys []KeyDoc

	defaults func() any
	decode   func(data []byte) (phases.Factory, error)
	params   func(c phases.Component) (any, bool)
}

// KeyDoc documents one params key of a component.
type KeyDoc struct {
	Key     string   // canonical JSON/TOML key
	Aliases []string // accepted alternative spellings
	Doc     string   // meaning, unit and range
}

// Defaults returns the component's default params (JSON-encodable).
func (t ComponentType) Defaults() any { return t.defaults() }

// Decode builds a factory from a JSON object of params keys, strictly: the
// defaults first, unknown keys rejected, ranges validated. Empty data or
// "null" means the defaults.
func (t ComponentType) Decode(data []byte) (phases.Factory, error) {
	if len(data) == 0 || string(data) == "null" {
		data = []byte("{}")
	}
	return t.decode(data)
}

// ParamsJSON returns the canonical params of an instance of this type as
// JSON (every key, defaults included). ok is false when c is not of this
// type.
func (t ComponentType) ParamsJSON(c phases.Component) (data []byte, ok bool, err error) {
	p, ok := t.params(c)
	if !ok {
		return nil, false, nil
	}
	data, err = json.Marshal(p)
	return data, true, err
}

// builtin assembles a ComponentType from a component's typed API: its
// default params, strict decoder, factory and params accessor.
func builtin[C phases.Component, P any](goName, name, pkg, kind, summary string, keys []KeyDoc,
	def func() P, decode func([]byte) (P, error), factory func(*P) phases.Factory, get func(C) P) ComponentType {
	return ComponentType{
		GoName: goName, Name: name, Snake: snakeCase(goName), Package: pkg, Kind: kind, Summary: summary, Keys: keys,
		defaults: func() any { return def() },
		decode: func(data []byte) (phases.Factory, error) {
			p, err := decode(data)
			if err != nil {
				return nil, err
			}
			return factory(&p), nil
		},
		params: func(c phases.Component) (any, bool) {
			v, ok := c.(C)
			if !ok {
				return nil, false
			}
			return get(v), true
		},
	}
}

// ComponentTypes returns the catalogue of built-in components, systems first
// (in SPEC §5 order), then the trackers and the results writer.
func ComponentTypes() []ComponentType {
	return slices.Clone(catalogue)
}

// LookupComponentType finds a built-in component by its Go name
// ("Infection"), reference name ("InfectionProcess") or snake_case form
// ("infection"). Matching is exact; ok is false when none matches.
func LookupComponentType(name string) (ComponentType, bool) {
	for _, t := range catalogue {
		if name == t.GoName || name == t.Name || name == t.Snake {
			return t, true
		}
	}
	return ComponentType{}, false
}

// componentTypeOf returns the catalogue entry whose type c is.
func componentTypeOf(c phases.Component) (ComponentType, bool) {
	for _, t := range catalogue {
		if _, ok := t.params(c); ok {
			return t, true
		}
	}
	return ComponentType{}, false
}

// componentTypeNames lists every accepted spelling, for suggestions.
func componentTypeNames() []string {
	var out []string
	for _, t := range catalogue {
		out = append(out, t.GoName, t.Name, t.Snake)
	}
	return out
}

// snakeCase turns a Go name into its snake_case form: "SIACalendar" →
// "sia_calendar", "FadeOutTracker" → "fade_out_tracker".
func snakeCase(s string) string {
	var b strings.Builder
	r := []rune(s)
	for i, c := range r {
		upper := c >= 'A' && c <= 'Z'
		if upper && i > 0 {
			prevLower := r[i-1] >= 'a' && r[i-1] <= 'z'
			nextLower := i+1 < len(r) && r[i+1] >= 'a' && r[i+1] <= 'z'
			prevUpper := r[i-1] >= 'A' && r[i-1] <= 'Z'
			if prevLower || (prevUpper && nextLower) {
				b.WriteByte('_')
			}
		}
		if upper {
			c += 'a' - 'A'
		}
		b.WriteRune(c)
	}
	return b.String()
}

// checkCatalogue reports duplicate names in the catalogue (a programming
// error caught by tests).
func checkCatalogue(ts []ComponentType) error {
	seen := map[string]string{}
	for _, t := range ts {
		for _, n := range []string{t.GoName, t.Name, t.Snake} {
			if other, dup := seen[n]; dup && other != t.GoName {
				return fmt.Errorf("model: component name %q used by %s and %s", n, other, t.GoName)
			}
			seen[n] = t.GoName
		}
	}
	return nil
}

// systemTypes are the processes of package systems.
var systemTypes = []ComponentType{
	builtin("InitializeEquilibriumStates", systems.EquilibriumName, "systems", "initialiser",
		"Splits each patch's S+R into the endemic equilibrium: R = trunc(P·(1 − 1/R0)), S = P − R (SPEC §5.7).",
		[]KeyDoc{{"R0", []string{"r0", "R_0", "effective_R0", "effective_r0"}, "basic reproduction number, ≥ 0; R0 ≤ 1 puts everyone in S"}},
		systems.DefaultEquilibriumParams, systems.DecodeEquilibriumParams, systems.NewInitializeEquilibriumStates,
		(*systems.InitializeEquilibriumStates).Params),
	builtin("InfectionSeeding", systems.SeedingName, "systems", "initialiser",
		"Moves susceptibles to I once, in the largest patch or in listed patches (SPEC §5.2).",
		[]KeyDoc{
			{"num_infections", []string{"n_seeds", "n_initial_infections"}, "infections per target patch, ≥ 1"},
			{"target_patches", nil, "patch ids to seed (default: the largest patch); unknown or duplicate ids are errors"},
			{"infections_per_patch", nil, "an integer ≥ 1 for every target, or a list matching target_patches"},
			{"use_largest_patch", nil, "seed the largest patch when target_patches is empty; false without targets is an error"},
		},
		systems.DefaultSeedingParams, systems.DecodeSeedingParams, systems.NewInfectionSeeding,
		(*systems.InfectionSeeding).Params),
	builtin("ImportationPressure", systems.ImportationName, "systems", "phase",
		"Imports infections: k ~ Binomial(N_j, rate/ticks_per_year/1000) per active tick, moved S → I (SPEC §5.3).",
		[]KeyDoc{
			{"crude_importation_rate", nil, "per 1000 per year: a number ≥ 0, a list of N numbers, or an object patch id → number"},
			{"importation_start", nil, "first active day, ≥ 0"},
			{"importation_end", nil, "last active day, or −1 for no end; > importation_start"},
			{"ticks_per_year", nil, "divisor of the yearly rate, > 0 (the reference's 28)"},
		},
		systems.DefaultImportationParams, systems.DecodeImportationParams, systems.NewImportationPressure,
		(*systems.ImportationPressure).Params),
	builtin("Infection", systems.InfectionName, "systems", "phase",
		"Transmission with spatial mixing: λ_j = β_tick·s(t)·Σ_i I_i·M[i,j] / N_j, ΔI ~ Binomial(S, 1 − e^(−λ)); R += I, I = ΔI (SPEC §5.1).",
		[]KeyDoc{
			{"beta", nil, "transmission rate per day, ≥ 0; β_tick = beta·365/26"},
			{"seasonality", []string{"seasonal_amplitude"}, "amplitude A of s(t) = 1 + A·sin(2π(t − season_start)/26), in [0, 1]"},
			{"season_start", nil, "tick of the seasonal phase origin, 0…25"},
			{"mixer", nil, `mixing kernel, e.g. {type = "gravity", a = 1, b = 1, c = 1.5, k = 0.01}; also radiation, stouffer, competing_destinations, migration_matrix, mixing_matrix, truncated`},
			{"season_table", nil, "26 multipliers ≥ 0 replacing the sinusoid (requires seasonality = 0)"},
			{"storage", nil, `how the default kernel (use_numba) stores gravity mixing: "float64" (factored, D stored once; exact within 1e−12), "float32" (factored in float32, opt-in approximation: half the bytes again, λ within about 1e−7) or "dense" (the dense matrix and the active-source kernel: twice the memory, bit-identical to the reference; fastest when few, changing patches are infectious). float32 needs use_numba and a gravity mixer; other mixers always use their own matrix`},
		},
		systems.DefaultInfectionParams, systems.DecodeInfectionParams, systems.NewInfection,
		(*systems.Infection).Params),
	builtin("VitalDynamics", systems.VitalDynamicsName, "systems", "phase",
		"Births (MCV1-protected newborns to R, the others to S) and deaths from every compartment (SPEC §5.4).",
		[]KeyDoc{
			{"crude_birth_rate", nil, "births per 1000 per year, ≥ 0"},
			{"crude_death_rate", nil, "deaths per 1000 per year, ≥ 0"},
			{"mcv1_efficacy", nil, "share of MCV1-vaccinated newborns protected, in [0, 1]"},
		},
		systems.DefaultVitalDynamicsParams, systems.DecodeVitalDynamicsParams, systems.NewVitalDynamics,
		(*systems.VitalDynamics).Params),
	builtin("ConstantPop", systems.ConstantPopName, "systems", "phase",
		"Births equal deaths in every patch: dX ~ Poisson(X·μ) per compartment, all births to S; population conserved exactly (SPEC §5.5).",
		[]KeyDoc{{"crude_birth_rate", nil, "births (= deaths) per 1000 per year, ≥ 0"}},
		systems.DefaultConstantPopParams, systems.DecodeConstantPopParams, systems.NewConstantPop,
		(*systems.ConstantPop).Params),
	builtin("SIACalendar", systems.SIACalendarName, "systems", "phase",
		"Supplementary immunisation campaigns: each (group, date) fires once, at the first tick on or after its date, moving Binomial(S, sia_efficacy) S → R in each patch of the group (SPEC §5.6).",
		[]KeyDoc{
			{"sia_efficacy", nil, "share of susceptibles moved S → R, in [0, 1]"},
			{"aggregation_level", nil, aggregationDoc + " (the reference's 3 is 2 here)"},
			{"sia_schedule", nil, `required: a list of {id = "NG:KN", date = "2023-01-10"} rows, or the path of a CSV schedule (relative to the run file)`},
			{"date_column", nil, "date column of a CSV schedule"},
			{"group_column", nil, "group column of a CSV schedule"},
		},
		systems.DefaultSIACalendarParams, systems.DecodeSIACalendarParams, systems.NewSIACalendar,
		(*systems.SIACalendar).Params),
}

// catalogue is every built-in component type.
var catalogue = slices.Concat(systemTypes, trackerTypes)
