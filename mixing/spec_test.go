package mixing

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

func TestDecodeMixerGravity(t *testing.T) {
	// SPEC §7.1: JSON {"type": …, params}; omitted parameters take the
	// defaults a 1, b 1, c 1.5, k 0.01.
	tests := []struct {
		name string
		json string
		want Gravity
	}{
		{"type only", `{"type": "gravity"}`, DefaultGravity()},
		{"all keys", `{"type":"gravity","a":2,"b":0.5,"c":2,"k":0.1}`, Gravity{A: 2, B: 0.5, C: 2, K: 0.1}},
		{"some keys", `{"k": 0.02, "type": "gravity"}`, Gravity{A: 1, B: 1, C: 1.5, K: 0.02}},
		{"bounds", `{"type":"gravity","a":1,"b":0,"c":0,"k":1}`, Gravity{A: 1, B: 0, C: 0, K: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := DecodeMixer([]byte(tc.json))
			require.NoError(t, err)
			assert.Equal(t, tc.want, m)
		})
	}
}

func TestDecodeMixerErrors(t *testing.T) {
	tests := []struct {
		name string
		json string
		want []string // substrings of the error
	}{
		{"unknown key", `{"type":"gravity","alpha":2}`, []string{"mixing: gravity", `unknown key "alpha"`}},
		{"key case", `{"type":"gravity","K":0.1}`, []string{`unknown key "K"`, `did you mean "k"?`}},
		{"reference key", `{"type":"gravity","distance_exponent":2}`, []string{`unknown key "distance_exponent"`}},
		{"unknown type", `{"type":"gravty"}`, []string{`mixing: unknown mixer type "gravty" (did you mean "gravity"?)`}},
		{"unknown type, no hint", `{"type":"xyz"}`, []string{`unknown mixer type "xyz"`,
			"known types: competing_destinations, gravity, migration_matrix, mixing_matrix, radiation, stouffer, truncated"}},
		{"type typo radiation", `{"type":"radiaton"}`, []string{`did you mean "radiation"?`}},
		{"radiation unknown key", `{"type":"radiation","a":1}`, []string{"mixing: radiation", `unknown key "a"`}},
		{"radiation k", `{"type":"radiation","k":2}`, []string{"mixing: radiation: k = 2 must be in [0, 1]"}},
		{"radiation home not bool", `{"type":"radiation","include_home":1}`, []string{`key "include_home"`, "expected boolean"}},
		{"stouffer b negative", `{"type":"stouffer","b":-0.5}`, []string{"mixing: stouffer: b = -0.5 must be >= 0"}},
		{"stouffer unknown key", `{"type":"stouffer","c":1}`, []string{"mixing: stouffer", `unknown key "c"`}},
		{"cd a below 1", `{"type":"competing_destinations","a":0}`, []string{"mixing: competing_destinations: a = 0 must be >= 1"}},
		{"cd key case", `{"type":"competing_destinations","Delta":1}`, []string{`unknown key "Delta"`, `did you mean "delta"?`}},
		{"truncated no mixer", `{"type":"truncated","top_k":5}`, []string{`mixing: truncated: key "mixer" is missing`}},
		{"truncated null mixer", `{"type":"truncated","mixer":null,"top_k":5}`, []string{`key "mixer" is missing`}},
		{"truncated nothing to do", `{"type":"truncated","mixer":{"type":"gravity"}}`, []string{"set min_weight > 0 or top_k > 0"}},
		{"truncated bad inner", `{"type":"truncated","mixer":{"type":"gravity","q":1},"top_k":5}`,
			[]string{`mixing: truncated: key "mixer": mixing: gravity: unknown key "q"`}},
		{"truncated renorm", `{"type":"truncated","mixer":{"type":"gravity"},"top_k":5,"renorm":"rows"}`,
			[]string{`key "renorm"`, `unknown renorm "rows"`}},
		{"truncated renorm number", `{"type":"truncated","mixer":{"type":"gravity"},"top_k":5,"renorm":1}`,
			[]string{`key "renorm"`, "must be a string"}},
		{"truncated top_k fraction", `{"type":"truncated","mixer":{"type":"gravity"},"top_k":5.5}`, []string{`key "top_k"`}},
		{"truncated top_k negative", `{"type":"truncated","mixer":{"type":"gravity"},"top_k":-1}`, []string{"top_k = -1 must be >= 0"}},
		{"truncated min_weight negative", `{"type":"truncated","mixer":{"type":"gravity"},"min_weight":-1}`,
			[]string{"min_weight = -1 must be a finite number >= 0"}},
		{"truncated k at top level", `{"type":"truncated","mixer":{"type":"gravity"},"top_k":5,"k":0.1}`,
			[]string{`key "k" is not accepted`, `put it in "mixer"`}},
		{"type case", `{"type":"Gravity"}`, []string{`unknown mixer type "Gravity" (did you mean "gravity"?)`}},
		{"no type", `{"a":1}`, []string{`no "type" key`}},
		{"type not string", `{"type":1}`, []string{`"type" must be a string, got 1`}},
		{"not an object", `[1,2]`, []string{"must be a JSON object"}},
		{"null", `null`, []string{"must be a JSON object"}},
		{"empty", ``, []string{"must be a JSON object", "got nothing"}},
		{"syntax", `{"type":"gravity",`, []string{"must be a JSON object"}},
		{"wrong value type", `{"type":"gravity","a":"big"}`, []string{`key "a"`, "expected number, got string"}},
		{"duplicate key", `{"type":"gravity","k":0.1,"k":0.2}`, []string{`"k"`, "more than once"}},
		{"a below 1", `{"type":"gravity","a":0.5}`, []string{"mixing: gravity: a = 0.5 must be >= 1"}},
		{"b negative", `{"type":"gravity","b":-1}`, []string{"b = -1 must be >= 0"}},
		{"c negative", `{"type":"gravity","c":-2}`, []string{"c = -2 must be >= 0"}},
		{"k above 1", `{"type":"gravity","k":1.01}`, []string{"k = 1.01 must be in [0, 1]"}},
		{"matrix missing", `{"type":"mixing_matrix"}`, []string{`mixing: mixing_matrix: key "matrix" is missing or empty`}},
		{"matrix not square", `{"type":"mixing_matrix","matrix":[[1,0],[1]]}`, []string{"mixing matrix row 1 has 1 entries, want 2"}},
		{"migration diagonal", `{"type":"migration_matrix","matrix":[[0.5]]}`, []string{"diagonal entry [0][0]", "must be 0"}},
		{"migration row sum", `{"type":"migration_matrix","matrix":[[0,2],[0,0]]}`, []string{"migration row 0 sums to 2 > 1"}},
		{"matrix unknown key", `{"type":"mixing_matrix","matrix":[[1]],"k":1}`, []string{`mixing: mixing_matrix: unknown key "k"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := DecodeMixer([]byte(tc.json))
			require.Error(t, err)
			assert.Nil(t, m)
			for _, w := range tc.want {
				assert.ErrorContains(t, err, w)
			}
		})
	}
}

func TestMarshalMixerRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		m    Mixer
		want string // canonical JSON
	}{
		{"gravity defaults", DefaultGravity(), `{"type":"gravity","a":1,"b":1,"c":1.5,"k":0.01}`},
		{"gravity custom", Gravity{A: 2.5, B: 0, C: 3, K: 0.125}, `{"type":"gravity","a":2.5,"b":0,"c":3,"k":0.125}`},
		{"gravity pointer", &Gravity{A: 1, B: 1, C: 1.5, K: 0.5}, `{"type":"gravity","a":1,"b":1,"c":1.5,"k":0.5}`},
		{"migration matrix", FromMigrationMatrix([][]float64{{0, 0.01}, {0.02, 0}}),
			`{"type":"migration_matrix","matrix":[[0,0.01],[0.02,0]]}`},
		{"mixing matrix", FromMixingMatrix([][]float64{{0, 1}, {0, 0}}),
			`{"type":"mixing_matrix","matrix":[[0,1],[0,0]]}`},
		{"spec wrapper", Spec{DefaultGravity()}, `{"type":"gravity","a":1,"b":1,"c":1.5,"k":0.01}`},
		{"radiation defaults", DefaultRadiation(), `{"type":"radiation","include_home":true,"k":0.01}`},
		{"radiation no home", Radiation{K: 0.02}, `{"type":"radiation","include_home":false,"k":0.02}`},
		{"radiation pointer", &Radiation{IncludeHome: true, K: 0.5}, `{"type":"radiation","include_home":true,"k":0.5}`},
		{"stouffer defaults", DefaultStouffer(), `{"type":"stouffer","include_home":true,"k":0.01,"a":1,"b":1}`},
		{"stouffer custom", Stouffer{K: 0.03, A: -0.5, B: 2}, `{"type":"stouffer","include_home":false,"k":0.03,"a":-0.5,"b":2}`},
		{"competing defaults", DefaultCompetingDestinations(),
			`{"type":"competing_destinations","a":1,"b":1,"c":1.5,"k":0.01,"delta":0}`},
		{"competing custom", &CompetingDestinations{A: 2, B: -1, C: 2, K: 0.001, Delta: 1.5},
			`{"type":"competing_destinations","a":2,"b":-1,"c":2,"k":0.001,"delta":1.5}`},
		{"truncated gravity", Truncated(DefaultGravity(), Truncation{TopK: 1}),
			`{"type":"truncated","mixer":{"type":"gravity","a":1,"b":1,"c":1.5,"k":0.01},"min_weight":0,"top_k":1,"renorm":"off_diagonal"}`},
		{"truncated matrix", Truncated(FromMixingMatrix([][]float64{{0.5, 0.5}, {0.25, 0.75}}),
			Truncation{MinWeight: 0.3, Renorm: RenormDiagonal}),
			`{"type":"truncated","mixer":{"type":"mixing_matrix","matrix":[[0.5,0.5],[0.25,0.75]]},"min_weight":0.3,"top_k":0,"renorm":"diagonal"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := MarshalMixer(tc.m)
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(data))
			assert.Equal(t, tc.want, string(data), "canonical key order")
			back, err := DecodeMixer(data)
			require.NoError(t, err)
			again, err := MarshalMixer(back)
			require.NoError(t, err)
			assert.Equal(t, string(data), string(again))
			switch tc.m.(type) {
			case Gravity, Radiation, Stouffer, CompetingDestinations, TruncatedMixer:
				assert.Equal(t, tc.m, back)
			}
			// The decoded mixer builds the same matrix.
			a, errA := tc.m.Mixing(twoPatch())
			b, errB := back.Mixing(twoPatch())
			require.NoError(t, errA)
			require.NoError(t, errB)
			assert.Equal(t, rows(a), rows(b))
		})
	}
}

// customMixer is a Mixer that is not built in.
type customMixer struct{}

func (customMixer) Name() string { return "custom" }
func (customMixer) Mixing(*scenario.Table) (*Matrix, error) {
	return nil, nil
}

func TestMarshalMixerErrors(t *testing.T) {
	var nilGravity *Gravity
	tests := []struct {
		name string
		m    Mixer
		want string
	}{
		{"nil", nil, "nil mixer"},
		{"nil pointer", nilGravity, "nil mixer"},
		{"empty spec", Spec{}, "nil mixer"},
		{"invalid gravity", Gravity{}, "a = 0 must be >= 1"},
		{"invalid migration", FromMigrationMatrix([][]float64{{1}}), "must be 0"},
		{"empty mixing matrix", FromMixingMatrix(nil), "empty mixing matrix"},
		{"empty migration matrix", FromMigrationMatrix([][]float64{}), "empty migration matrix"},
		{"custom", customMixer{}, `cannot encode mixer "custom" (mixing.customMixer): not a built-in mixer`},
		{"invalid radiation", Radiation{K: -1}, "mixing: radiation: k = -1 must be in [0, 1]"},
		{"invalid stouffer", Stouffer{K: 0.01, B: -1}, "mixing: stouffer: b = -1 must be >= 0"},
		{"invalid competing", CompetingDestinations{K: 0.01, A: 1, Delta: math.NaN()}, "delta = NaN is not finite"},
		{"nil radiation pointer", (*Radiation)(nil), "nil mixer"},
		{"truncated without mixer", Truncated(nil, Truncation{TopK: 1}), "no mixer to truncate"},
		{"truncated no options", Truncated(DefaultGravity(), Truncation{}), "set min_weight > 0 or top_k > 0"},
		{"truncated custom inner", Truncated(customMixer{}, Truncation{TopK: 1}), "not a built-in mixer"},
		{"truncated invalid inner", Truncated(Gravity{}, Truncation{TopK: 1}), "a = 0 must be >= 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := MarshalMixer(tc.m)
			require.Error(t, err)
			assert.Nil(t, data)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestGravityMarshalJSON(t *testing.T) {
	// A Gravity in an interface field encodes with its type, so params
	// structs holding a Mixer re-encode canonically.
	v := struct {
		Mixer Mixer `json:"mixer"`
	}{DefaultGravity()}
	data, err := json.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, `{"mixer":{"type":"gravity","a":1,"b":1,"c":1.5,"k":0.01}}`, string(data))
}

func TestSpecJSONField(t *testing.T) {
	// Spec decodes and encodes a mixer as a JSON field.
	type holder struct {
		Mixer Spec `json:"mixer"`
	}
	h := holder{Mixer: Spec{DefaultGravity()}}
	require.NoError(t, json.Unmarshal([]byte(`{"mixer":{"type":"gravity","k":0.02}}`), &h))
	assert.Equal(t, Gravity{A: 1, B: 1, C: 1.5, K: 0.02}, h.Mixer.Mixer)
	assert.Equal(t, "gravity", h.Mixer.Name(), "a Spec is a Mixer")
	m, err := h.Mixer.Mixing(twoPatch())
	require.NoError(t, err)
	assert.InDelta(t, 0.01, m.At(0, 1), 1e-12) // k·p1/p0 = 0.02·0.5 (SPEC §7.3)

	data, err := json.Marshal(h)
	require.NoError(t, err)
	assert.Equal(t, `{"mixer":{"type":"gravity","a":1,"b":1,"c":1.5,"k":0.02}}`, string(data))

	// null leaves the field unchanged; errors come from DecodeMixer.
	require.NoError(t, json.Unmarshal([]byte(`{"mixer":null}`), &h))
	assert.Equal(t, Gravity{A: 1, B: 1, C: 1.5, K: 0.02}, h.Mixer.Mixer)
	err = json.Unmarshal([]byte(`{"mixer":{"type":"gravity","q":1}}`), &h)
	require.ErrorContains(t, err, `unknown key "q"`)

	data, err = json.Marshal(holder{})
	require.NoError(t, err)
	assert.Equal(t, `{"mixer":null}`, string(data))
}
