package params_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
)

// mixerSpec stands in for a field that decodes itself (like a mixer chosen by
// its "type" key).
type mixerSpec struct {
	Type string
	K    float64
	raw  string // the exact bytes seen by UnmarshalJSON
}

func (m *mixerSpec) UnmarshalJSON(b []byte) error {
	var v struct {
		Type string  `json:"type"`
		K    float64 `json:"k"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("mixer: %w", err)
	}
	if v.Type != "gravity" {
		return fmt.Errorf("mixer: unknown type %q", v.Type)
	}
	*m = mixerSpec{Type: v.Type, K: v.K, raw: string(b)}
	return nil
}

type options struct {
	Level int    `json:"level"`
	Label string `json:"label"`
}

// testParams resembles a component's …Params struct.
type testParams struct {
	Beta        float64            `json:"beta"`
	Seasonality float64            `json:"seasonality"`
	SeasonStart int                `json:"season_start"`
	SeasonTable []float64          `json:"season_table"`
	Mixer       mixerSpec          `json:"mixer"`
	PerPatch    map[string]float64 `json:"per_patch"`
	Count       *int64             `json:"count"`
	Seed        uint32             `json:"seed"`
	Small       int8               `json:"small"`
	Enabled     bool               `json:"enabled"`
	Opts        options            `json:"opts"`
	Start       time.Time          `json:"start"`
	Extra       any                `json:"extra"`
	Filter      func(string) bool  `json:"-"`
	OnDone      func()             // not a key: encoding/json cannot decode funcs
	hidden      int
}

func defaults() testParams {
	count := int64(4)
	table := make([]float64, 2, 16) // spare capacity: appending in place would be visible
	table[0], table[1] = 1, 2
	return testParams{
		Beta:        8.0 / 14,
		SeasonTable: table,
		Mixer:       mixerSpec{Type: "gravity", K: 0.01},
		PerPatch:    map[string]float64{"a": 1, "b": 2},
		Count:       &count,
		Opts:        options{Level: 2, Label: "x"},
		hidden:      7,
	}
}

var infectionRules = params.KeyRules{
	Component: "InfectionProcess",
	Aliases:   map[string]string{"seasonal_amplitude": "seasonality", "season_amplitude": "seasonality"},
	Rejected: map[string]string{
		"distance_exponent": "configure the mixer",
		"mixing_scale":      "configure the mixer",
		"amplitude":         "",
	},
}

func TestDecodeStrictOverlay(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want func(*testParams)
	}{
		{"empty", `{}`, func(*testParams) {}},
		{"one key", `{"beta": 1.5}`, func(p *testParams) { p.Beta = 1.5 }},
		{"integer as number", `{"beta": 2}`, func(p *testParams) { p.Beta = 2 }},
		{"alias", `{"seasonal_amplitude": 0.3}`, func(p *testParams) { p.Seasonality = 0.3 }},
		{"other alias", `{"season_amplitude": 0.2}`, func(p *testParams) { p.Seasonality = 0.2 }},
		{"canonical", `{"seasonality": 0.1}`, func(p *testParams) { p.Seasonality = 0.1 }},
		{"list replaces", `{"season_table": [3]}`, func(p *testParams) { p.SeasonTable = []float64{3} }},
		{"null list", `{"season_table": null}`, func(p *testParams) { p.SeasonTable = nil }},
		{"map merges (encoding/json)", `{"per_patch": {"b": 3, "c": 4}}`,
			func(p *testParams) { p.PerPatch = map[string]float64{"a": 1, "b": 3, "c": 4} }},
		{"pointer", `{"count": 9}`, func(p *testParams) { n := int64(9); p.Count = &n }},
		{"null pointer", `{"count": null}`, func(p *testParams) { p.Count = nil }},
		{"struct merges", `{"opts": {"label": "y"}}`, func(p *testParams) { p.Opts.Label = "y" }},
		{"integral float for int", `{"season_start": 3.0, "seed": 4e0}`,
			func(p *testParams) { p.SeasonStart = 3; p.Seed = 4 }},
		{"int8 range", `{"small": -128}`, func(p *testParams) { p.Small = -128 }},
		{"time (Unmarshaler)", `{"start": "2023-01-10T00:00:00Z"}`,
			func(p *testParams) { p.Start = time.Date(2023, 1, 10, 0, 0, 0, 0, time.UTC) }},
		{"any", `{"extra": {"x": [1, "y"]}}`,
			func(p *testParams) { p.Extra = map[string]any{"x": []any{1.0, "y"}} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := defaults()
			require.NoError(t, params.DecodeStrict([]byte(tc.in), &got, infectionRules))
			want := defaults()
			tc.want(&want)
			assert.Equal(t, want, got)
		})
	}
}

func TestDecodeStrictUnmarshalerField(t *testing.T) {
	p := defaults()
	in := `{"mixer": {"k": 0.02, "type": "gravity"}}`
	require.NoError(t, params.DecodeStrict([]byte(in), &p, infectionRules))
	assert.Equal(t, "gravity", p.Mixer.Type)
	assert.Equal(t, 0.02, p.Mixer.K)
	assert.Equal(t, `{"k": 0.02, "type": "gravity"}`, p.Mixer.raw, "the field's decoder sees its value as written")

	// Any JSON type reaches the field's own decoder, whose error is named.
	p = defaults()
	err := params.DecodeStrict([]byte(`{"mixer": {"type": "radiation"}}`), &p, infectionRules)
	require.EqualError(t, err, `InfectionProcess: key "mixer": mixer: unknown type "radiation"`)
	var ke *params.KeyError
	require.ErrorAs(t, err, &ke)
	assert.Equal(t, params.BadValue, ke.Kind)
	assert.NotNil(t, errors.Unwrap(ke))
	assert.Equal(t, defaults(), p)
}

func TestDecodeStrictErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
		kind params.KeyErrorKind // of the first error; 0 = not a KeyError
	}{
		{"unknown with hint", `{"betta": 1}`, `InfectionProcess: unknown key "betta" (did you mean "beta"?)`, params.UnknownKey},
		{"unknown near alias", `{"seasonal_amplitud": 1}`,
			`InfectionProcess: unknown key "seasonal_amplitud" (did you mean "seasonal_amplitude"?)`, params.UnknownKey},
		{"unknown without hint", `{"zzzzzzzz": 1}`,
			`InfectionProcess: unknown key "zzzzzzzz" (known keys: beta, seasonality, season_start, season_table, mixer, per_patch, count, seed, small, enabled, opts, start, extra)`,
			params.UnknownKey},
		{"func field is not a key", `{"OnDone": 1}`,
			`InfectionProcess: unknown key "OnDone" (known keys: beta, seasonality, season_start, season_table, mixer, per_patch, count, seed, small, enabled, opts, start, extra)`,
			params.UnknownKey},
		{"unexported field is not a key", `{"hidden": 1}`,
			`InfectionProcess: unknown key "hidden" (known keys: beta, seasonality, season_start, season_table, mixer, per_patch, count, seed, small, enabled, opts, start, extra)`,
			params.UnknownKey},
		{"rejected with hint", `{"distance_exponent": 2}`,
			`InfectionProcess: key "distance_exponent" is not accepted: configure the mixer`, params.RejectedKey},
		{"rejected without hint", `{"amplitude": 0.3}`, `InfectionProcess: key "amplitude" is not accepted`, params.RejectedKey},
		{"alias and canonical", `{"seasonality": 0.1, "seasonal_amplitude": 0.3}`,
			`InfectionProcess: keys "seasonal_amplitude" and "seasonality" both set the same parameter`, params.ConflictingKeys},
		{"canonical and alias", `{"seasonal_amplitude": 0.3, "seasonality": 0.1}`,
			`InfectionProcess: keys "seasonal_amplitude" and "seasonality" both set the same parameter`, params.ConflictingKeys},
		{"two aliases and canonical", `{"seasonality": 0.1, "seasonal_amplitude": 0.3, "season_amplitude": 0.2}`,
			`InfectionProcess: keys "season_amplitude", "seasonal_amplitude" and "seasonality" all set the same parameter`,
			params.ConflictingKeys},
		{"duplicate key", `{"beta": 1, "beta": 2}`, `InfectionProcess: key "beta": given more than once`, params.BadValue},
		{"wrong type", `{"beta": "0.5"}`, `InfectionProcess: key "beta": expected number, got string`, params.WrongType},
		{"wrong type on alias", `{"seasonal_amplitude": true}`,
			`InfectionProcess: key "seasonal_amplitude": expected number, got boolean`, params.WrongType},
		{"null number", `{"beta": null}`, `InfectionProcess: key "beta": expected number, got null`, params.WrongType},
		{"out of range float", `{"beta": 1e400}`, `InfectionProcess: key "beta": expected number, got 1e400 (out of range)`, params.WrongType},
		{"integer", `{"season_start": 1.5}`, `InfectionProcess: key "season_start": expected integer, got 1.5`, params.WrongType},
		{"unsigned", `{"seed": -2}`, `InfectionProcess: key "seed": expected non-negative integer, got -2`, params.WrongType},
		{"uint32 range", `{"seed": 4294967296}`,
			`InfectionProcess: key "seed": expected integer, got 4294967296 (out of range)`, params.WrongType},
		{"int8 range", `{"small": 128}`, `InfectionProcess: key "small": expected integer, got 128 (out of range)`, params.WrongType},
		{"boolean", `{"enabled": 0}`, `InfectionProcess: key "enabled": expected boolean, got number`, params.WrongType},
		{"list", `{"season_table": 1}`, `InfectionProcess: key "season_table": expected list, got number`, params.WrongType},
		{"list element", `{"season_table": [1, "x", 3]}`,
			`InfectionProcess: key "season_table[1]": expected number, got string`, params.WrongType},
		{"object", `{"per_patch": [1]}`, `InfectionProcess: key "per_patch": expected object, got list`, params.WrongType},
		{"object member", `{"per_patch": {"a": "1"}}`,
			`InfectionProcess: key "per_patch.a": expected number, got string`, params.WrongType},
		{"nested struct type", `{"opts": {"level": "2"}}`,
			`InfectionProcess: key "opts.level": expected integer, got string`, params.WrongType},
		{"nested struct unknown", `{"opts": {"levl": 2}}`,
			`InfectionProcess: unknown key "opts.levl" (did you mean "opts.level"?)`, params.UnknownKey},
		{"time (Unmarshaler) error", `{"start": "2023-01-10"}`, `InfectionProcess: key "start": parsing time`, params.BadValue},
		{"not an object", `[1]`, `InfectionProcess: expected a JSON object, got list`, 0},
		{"number document", `3`, `InfectionProcess: expected a JSON object, got number`, 0},
		{"syntax", `{"beta": }`, `InfectionProcess: invalid JSON at line 1, column 10: invalid character '}' looking for beginning of value`, 0},
		{"several in input order", `{"zeta": 1, "beta": "x", "cbr": 1, "mixing_scale": 2}`,
			"InfectionProcess: unknown key \"zeta\" (did you mean \"beta\"?)\n" +
				"InfectionProcess: key \"beta\": expected number, got string\n" +
				"InfectionProcess: unknown key \"cbr\" (known keys: beta, seasonality, season_start, season_table, mixer, per_patch, count, seed, small, enabled, opts, start, extra)\n" +
				"InfectionProcess: key \"mixing_scale\" is not accepted: configure the mixer",
			params.UnknownKey},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := defaults()
			err := params.DecodeStrict([]byte(tc.in), &p, infectionRules)
			require.Error(t, err)
			if strings.HasSuffix(tc.name, "error") {
				assert.True(t, strings.HasPrefix(err.Error(), tc.want), err.Error())
			} else {
				assert.EqualError(t, err, tc.want)
			}
			kes := params.KeyErrors(err)
			if tc.kind == 0 {
				assert.Empty(t, kes)
			} else {
				require.NotEmpty(t, kes)
				assert.Equal(t, tc.kind, kes[0].Kind)
				assert.Equal(t, "InfectionProcess", kes[0].Component)
			}
			assert.Equal(t, defaults(), p, "dst unchanged on error")
		})
	}
}

// The VitalDynamics example of SPEC §5.4: cbr/cdr rejected with a hint.
func TestDecodeStrictRejectedHint(t *testing.T) {
	type vd struct {
		CrudeBirthRate float64 `json:"crude_birth_rate"`
		CrudeDeathRate float64 `json:"crude_death_rate"`
		MCV1Efficacy   float64 `json:"mcv1_efficacy"`
	}
	rules := params.KeyRules{
		Component: "VitalDynamicsProcess",
		Rejected: map[string]string{
			"cbr": `did you mean "crude_birth_rate"?`,
			"cdr": `did you mean "crude_death_rate"?`,
		},
	}
	p := vd{20, 8, 0.9}
	err := params.DecodeStrict([]byte(`{"cbr": 30}`), &p, rules)
	require.EqualError(t, err, `VitalDynamicsProcess: key "cbr" is not accepted: did you mean "crude_birth_rate"?`)
	assert.Equal(t, vd{20, 8, 0.9}, p)

	ke := params.KeyErrors(err)[0]
	assert.Equal(t, params.RejectedKey, ke.Kind)
	assert.Equal(t, "cbr", ke.Key)
	assert.Equal(t, `did you mean "crude_birth_rate"?`, ke.Detail)
	assert.Equal(t, `key "cbr" is not accepted: did you mean "crude_birth_rate"?`, ke.Message())
}

// A failure in the last stage (a field's own decoder) must not leave partial
// writes behind, even in memory shared with the caller's value (slice
// backing arrays, maps, pointers).
func TestDecodeStrictNoPartialWrites(t *testing.T) {
	p := defaults()
	table, perPatch, count := p.SeasonTable, p.PerPatch, p.Count
	in := `{"season_table": [9, 9, 9], "per_patch": {"a": 5, "z": 6}, "count": 7,
		"opts": {"level": 5}, "beta": 3, "mixer": {"type": "nope"}}`
	err := params.DecodeStrict([]byte(in), &p, infectionRules)
	require.Error(t, err)
	assert.Equal(t, defaults(), p)
	assert.Equal(t, []float64{1, 2, 0}, table[:3], "backing array untouched")
	assert.Equal(t, map[string]float64{"a": 1, "b": 2}, perPatch)
	assert.Equal(t, int64(4), *count)

	// On success the new value shares nothing written with the old one.
	q := defaults()
	oldMap, oldCount := q.PerPatch, q.Count
	require.NoError(t, params.DecodeStrict([]byte(`{"per_patch": {"a": 5}, "count": 7}`), &q, infectionRules))
	assert.Equal(t, map[string]float64{"a": 5, "b": 2}, q.PerPatch)
	assert.Equal(t, map[string]float64{"a": 1, "b": 2}, oldMap)
	assert.Equal(t, int64(7), *q.Count)
	assert.Equal(t, int64(4), *oldCount)
}

func TestDecodeStrictBadDst(t *testing.T) {
	p := defaults()
	for _, dst := range []any{nil, p, (*testParams)(nil), new(int), new(map[string]any)} {
		err := params.DecodeStrict([]byte(`{}`), dst, infectionRules)
		require.Error(t, err, "%T", dst)
		assert.Contains(t, err.Error(), "non-nil pointer to a struct")
	}
}

func TestDecodeStrictBadRules(t *testing.T) {
	p := defaults()
	err := params.DecodeStrict([]byte(`{}`), &p, params.KeyRules{
		Component: "X",
		Aliases:   map[string]string{"b": "nope", "beta": "seasonality"},
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `alias "b" maps to unknown key "nope"`)
	assert.Contains(t, err.Error(), `alias "beta" is itself a key`)
}

// A params type can implement UnmarshalJSON with DecodeStrict (the pattern
// shown in the package documentation); nesting it in a larger document works
// and keeps the strictness.
type selfDecoding struct {
	R0 float64 `json:"R0"`
}

var selfRules = params.KeyRules{
	Component: "InitializeEquilibriumStatesProcess",
	Aliases:   map[string]string{"r0": "R0", "R_0": "R0", "effective_R0": "R0", "effective_r0": "R0"},
}

func (p *selfDecoding) UnmarshalJSON(b []byte) error {
	q := selfDecoding{R0: 8}
	if err := params.DecodeStrict(b, &q, selfRules); err != nil {
		return err
	}
	*p = q
	return nil
}

func TestDecodeStrictSelfDecodingType(t *testing.T) {
	var doc struct {
		Phases []selfDecoding `json:"phases"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"phases": [{}, {"r0": 12}, {"R0": 2}]}`), &doc))
	assert.Equal(t, []selfDecoding{{8}, {12}, {2}}, doc.Phases)

	err := json.Unmarshal([]byte(`{"phases": [{"R": 12}]}`), &doc)
	require.ErrorContains(t, err, `InitializeEquilibriumStatesProcess: unknown key "R" (did you mean "R0"?)`)

	// And as a field of another strictly decoded struct.
	type outer struct {
		Init selfDecoding `json:"init"`
	}
	o := outer{Init: selfDecoding{R0: 1}}
	require.NoError(t, params.DecodeStrict([]byte(`{"init": {"R_0": 4}}`), &o, params.KeyRules{Component: "outer"}))
	assert.Equal(t, 4.0, o.Init.R0)
}

func TestDecodeStrictEmbeddedAndTags(t *testing.T) {
	type Base struct {
		Name  string `json:"name"`
		Level int    `json:"level"`
	}
	type Extra struct {
		Note string `json:"note"`
	}
	type withEmbedded struct {
		Base
		*Extra
		Level   int     // untagged: known by its Go name, hides nothing (different name)
		Rate    float64 `json:"rate,omitempty"`
		Quoted  int     `json:"quoted,string"`
		Ignored int     `json:"-"`
	}
	extra := &Extra{Note: "keep"}
	p := withEmbedded{Base: Base{Name: "a", Level: 1}, Extra: extra}
	in := `{"name": "b", "level": 2, "Level": 3, "rate": 0.5, "quoted": "7", "note": "new"}`
	require.NoError(t, params.DecodeStrict([]byte(in), &p, params.KeyRules{Component: "E"}))
	assert.Equal(t, "b", p.Name)
	assert.Equal(t, 2, p.Base.Level)
	assert.Equal(t, 3, p.Level)
	assert.Equal(t, 0.5, p.Rate)
	assert.Equal(t, 7, p.Quoted)
	assert.Equal(t, "new", p.Note)
	assert.Equal(t, "keep", extra.Note, "embedded pointer copied, not written through")

	var q withEmbedded // nil embedded pointer is allocated
	require.NoError(t, params.DecodeStrict([]byte(`{"note": "x"}`), &q, params.KeyRules{Component: "E"}))
	require.NotNil(t, q.Extra)
	assert.Equal(t, "x", q.Note)

	err := params.DecodeStrict([]byte(`{"Ignored": 1}`), &q, params.KeyRules{Component: "E"})
	require.ErrorContains(t, err, `E: unknown key "Ignored"`)
	err = params.DecodeStrict([]byte(`{"quoted": 7}`), &q, params.KeyRules{Component: "E"})
	require.EqualError(t, err, `E: key "quoted": expected integer written as a string, got number`)
}

// DecodeStrictMap with a TOML table, as a run file's [[phases]] entry.
func TestDecodeStrictMapTOML(t *testing.T) {
	type campaign struct {
		Group string    `json:"group"`
		Date  time.Time `json:"date"`
	}
	type sia struct {
		Efficacy float64    `json:"sia_efficacy"`
		Level    int        `json:"aggregation_level"`
		Label    string     `json:"label"`
		Schedule []campaign `json:"sia_schedule"`
	}
	decode := func(doc string) (sia, error) {
		var m map[string]any
		_, err := toml.Decode(doc, &m)
		require.NoError(t, err)
		p := sia{Efficacy: 0.9, Level: 2, Label: "default"}
		err = params.DecodeStrictMap(m, &p, params.KeyRules{Component: "phases[2]"})
		return p, err
	}

	p, err := decode(`
sia_efficacy = 0.5
aggregation_level = 1
[[sia_schedule]]
group = "NG:KN"
date = 2023-01-10
[[sia_schedule]]
group = "NG:KD"
date = 2023-01-15T06:00:00Z
`)
	require.NoError(t, err)
	assert.Equal(t, 0.5, p.Efficacy)
	assert.Equal(t, 1, p.Level)
	require.Len(t, p.Schedule, 2)
	assert.Equal(t, campaign{"NG:KN", time.Date(2023, 1, 10, 0, 0, 0, 0, time.UTC)}, campaign{p.Schedule[0].Group, p.Schedule[0].Date.UTC()})
	assert.True(t, p.Schedule[0].Date.Equal(time.Date(2023, 1, 10, 0, 0, 0, 0, time.UTC)), "local date read as UTC")
	assert.True(t, p.Schedule[1].Date.Equal(time.Date(2023, 1, 15, 6, 0, 0, 0, time.UTC)))

	tests := []struct{ doc, want string }{
		{"aggregation_level = 1.5", `phases[2]: key "aggregation_level": expected integer, got 1.5`},
		{"aggregation_level = 2.0", ""},
		{"label = 2023-01-10", `phases[2]: key "label": expected string, got datetime (quote it: "2023-01-10")`},
		{"label = 10:30:00", `phases[2]: key "label": expected string, got datetime (quote it: "10:30:00")`},
		{"label = 2023-01-10T10:30:00", `phases[2]: key "label": expected string, got datetime (quote it: "2023-01-10T10:30:00")`},
		{"sia_efficacy = inf", `phases[2]: key "sia_efficacy": expected number, got non-finite number +Inf`},
		{"betta = 1", `phases[2]: unknown key "betta" (known keys: sia_efficacy, aggregation_level, label, sia_schedule)`},
		{"sia_efficacy = \"x\"\nlevel = 1", // sorted key order
			"phases[2]: unknown key \"level\" (did you mean \"aggregation_level\"?)\n" +
				"phases[2]: key \"sia_efficacy\": expected number, got string"},
		{"[[sia_schedule]]\ngroup = 1\ndate = 2023-01-01",
			`phases[2]: key "sia_schedule[0].group": expected string, got number`},
		{"[[sia_schedule]]\ngroup = \"a\"\ndat = 2023-01-01",
			`phases[2]: unknown key "sia_schedule[0].dat" (did you mean "sia_schedule[0].date"?)`},
	}
	for _, tc := range tests {
		t.Run(tc.doc, func(t *testing.T) {
			_, err := decode(tc.doc)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tc.want)
		})
	}
}

func TestDecodeStrictMapValues(t *testing.T) {
	p := defaults()
	require.NoError(t, params.DecodeStrictMap(nil, &p, infectionRules))
	assert.Equal(t, defaults(), p)

	m := map[string]any{
		"beta":               float32(0.5),
		"season_start":       int64(3),
		"seed":               uint8(9),
		"season_table":       []float64{1, 2},
		"per_patch":          map[string]int{"a": 4},
		"seasonal_amplitude": 0.25,
		"opts":               options{Level: 7, Label: "s"}, // any JSON-encodable value
		"count":              nil,
	}
	require.NoError(t, params.DecodeStrictMap(m, &p, infectionRules))
	want := defaults()
	want.Beta = 0.5
	want.SeasonStart = 3
	want.Seed = 9
	want.SeasonTable = []float64{1, 2}
	want.PerPatch = map[string]float64{"a": 4, "b": 2}
	want.Seasonality = 0.25
	want.Opts = options{Level: 7, Label: "s"}
	want.Count = nil
	assert.Equal(t, want, p)

	p = defaults()
	err := params.DecodeStrictMap(map[string]any{"beta": math.NaN(), "seasonality": 0.1, "seasonal_amplitude": 0.2,
		"extra": make(chan int)}, &p, infectionRules)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `InfectionProcess: key "extra": json: unsupported type: chan int`)
	assert.Equal(t, defaults(), p)

	err = params.DecodeStrictMap(map[string]any{"beta": math.NaN(), "seasonality": 0.1, "seasonal_amplitude": 0.2},
		&p, infectionRules)
	require.EqualError(t, err, "InfectionProcess: key \"beta\": expected number, got non-finite number NaN\n"+
		`InfectionProcess: keys "seasonal_amplitude" and "seasonality" both set the same parameter`)
}

func TestKeyErrorFormats(t *testing.T) {
	tests := []struct {
		e    params.KeyError
		want string
	}{
		{params.KeyError{Component: "C", Kind: params.UnknownKey, Key: "k"}, `C: unknown key "k"`},
		{params.KeyError{Component: "C", Kind: params.UnknownKey, Key: "k", Suggestion: "kk", Known: []string{"kk"}},
			`C: unknown key "k" (did you mean "kk"?)`},
		{params.KeyError{Component: "C", Kind: params.RejectedKey, Key: "k"}, `C: key "k" is not accepted`},
		{params.KeyError{Component: "C", Kind: params.ConflictingKeys, Key: "a", Others: []string{"b"}},
			`C: keys "a" and "b" both set the same parameter`},
		{params.KeyError{Component: "C", Kind: params.WrongType, Key: "k", Detail: "expected list, got string"},
			`C: key "k": expected list, got string`},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.e.Error())
	}
	problems := []struct {
		e    params.KeyError
		want string
	}{
		{params.KeyError{Kind: params.UnknownKey, Key: "k", Suggestion: "kk"}, `unknown key (did you mean "kk"?)`},
		{params.KeyError{Kind: params.UnknownKey, Key: "k", Known: []string{"a", "b"}}, `unknown key (known keys: a, b)`},
		{params.KeyError{Kind: params.RejectedKey, Key: "k", Detail: "configure the mixer"}, `not accepted: configure the mixer`},
		{params.KeyError{Kind: params.RejectedKey, Key: "k"}, `not accepted`},
		{params.KeyError{Kind: params.ConflictingKeys, Key: "a", Others: []string{"b", "c"}},
			`keys "a", "b" and "c" all set the same parameter`},
		{params.KeyError{Kind: params.WrongType, Key: "k", Detail: "expected list, got string"}, `expected list, got string`},
	}
	for _, tc := range problems {
		assert.Equal(t, tc.want, tc.e.Problem())
	}
	assert.Equal(t, "wrong type", params.WrongType.String())
	assert.Equal(t, "KeyErrorKind(99)", params.KeyErrorKind(99).String())
	assert.Nil(t, params.KeyErrors(errors.New("plain")))
	assert.Nil(t, params.KeyErrors(nil))
}

func TestDecodeStrictArraysBytesInterfaces(t *testing.T) {
	type misc struct {
		Triple [3]int  `json:"triple"`
		Blob   []byte  `json:"blob"`
		Any    any     `json:"any"`
		Ptrs   []*bool `json:"ptrs"`
	}
	rules := params.KeyRules{Component: "M"}
	yes := true
	p := misc{Triple: [3]int{1, 2, 3}, Any: &yes, Ptrs: []*bool{&yes}}

	require.NoError(t, params.DecodeStrict([]byte(`{"triple": [4, 5, 6], "blob": "aGk=", "ptrs": [false, null]}`), &p, rules))
	assert.Equal(t, [3]int{4, 5, 6}, p.Triple)
	assert.Equal(t, []byte("hi"), p.Blob)
	assert.Equal(t, []*bool{new(bool), nil}, p.Ptrs)
	assert.True(t, yes, "decoding never writes through the old pointers")

	// An interface holding a pointer: encoding/json would decode through it;
	// the copy keeps the caller's value intact.
	require.NoError(t, params.DecodeStrict([]byte(`{"any": false}`), &p, rules))
	assert.True(t, yes)

	tests := []struct{ in, want string }{
		{`{"triple": [1, 2]}`, `M: key "triple": expected list of 3 values, got 2`},
		{`{"triple": {}}`, `M: key "triple": expected list, got object`},
		{`{"triple": [1, 2, "3"]}`, `M: key "triple[2]": expected integer, got string`},
		{`{"blob": 5}`, `M: key "blob": expected string, got number`},
		{`{"ptrs": ["x"]}`, `M: key "ptrs[0]": expected boolean, got string`},
	}
	for _, tc := range tests {
		q := p
		require.EqualError(t, params.DecodeStrict([]byte(tc.in), &q, rules), tc.want, tc.in)
		assert.Equal(t, p, q)
	}
}

// The key index of a type is built once and shared; the lists handed out in
// errors are copies, so a caller changing one changes no later message.
func TestDecodeStrictKnownKeysAreCopies(t *testing.T) {
	for range 2 {
		p := defaults()
		err := params.DecodeStrict([]byte(`{"zzzzzzzz": 1, "opts": {"zzzzzzzz": 1}}`), &p, infectionRules)
		require.EqualError(t, err,
			`InfectionProcess: unknown key "zzzzzzzz" (known keys: beta, seasonality, season_start, season_table, mixer, per_patch, count, seed, small, enabled, opts, start, extra)`+"\n"+
				`InfectionProcess: unknown key "opts.zzzzzzzz" (known keys: level, label)`)
		for _, ke := range params.KeyErrors(err) {
			ke.Known[0] = "changed"
		}
	}
}

// mergeWindow is a nested struct holding values JSON cannot carry: +Inf and
// a field tagged "-".
type mergeWindow struct {
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
	Note string  `json:"-"`
}

type mergeParams struct {
	Window mergeWindow        `json:"window"`
	Caps   map[string]float64 `json:"caps"`
	Ptr    *mergeWindow       `json:"ptr"`
}

// TestDecodeStrictMergeKeepsEveryDefault: an object given for a nested
// struct, map or pointer is merged into the current value whole: values
// JSON cannot carry (±Inf, NaN, fields tagged "-") are kept, not reset.
func TestDecodeStrictMergeKeepsEveryDefault(t *testing.T) {
	def := func() mergeParams {
		return mergeParams{Window: mergeWindow{Hi: math.Inf(1), Note: "keep"},
			Caps: map[string]float64{"a": math.Inf(-1), "b": 2}, Ptr: &mergeWindow{Hi: 5, Note: "keep"}}
	}
	cases := []struct {
		name, data string
		check      func(t *testing.T, p mergeParams)
	}{
		{"struct", `{"window": {"lo": 1}}`, func(t *testing.T, p mergeParams) {
			assert.Equal(t, mergeWindow{Lo: 1, Hi: math.Inf(1), Note: "keep"}, p.Window)
		}},
		{"map", `{"caps": {"c": 3}}`, func(t *testing.T, p mergeParams) {
			assert.Equal(t, map[string]float64{"a": math.Inf(-1), "b": 2, "c": 3}, p.Caps)
		}},
		{"pointer", `{"ptr": {"lo": 2}}`, func(t *testing.T, p mergeParams) {
			assert.Equal(t, mergeWindow{Lo: 2, Hi: 5, Note: "keep"}, *p.Ptr)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := def()
			caps, ptr := p.Caps, p.Ptr
			require.NoError(t, params.DecodeStrict([]byte(tc.data), &p, params.KeyRules{Component: "C"}))
			tc.check(t, p)
			assert.Equal(t, def().Caps, caps, "the original map is not written")
			assert.Equal(t, *def().Ptr, *ptr, "the original pointee is not written")
		})
	}
}
