package mixing

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// scaledIdentity is a user mixer registered in the tests as "scaled": M =
// s·I. It marshals itself.
type scaledIdentity struct {
	S float64 `json:"s"`
}

func (scaledIdentity) Name() string { return "scaled" }

func (m scaledIdentity) Mixing(scn *scenario.Table) (*Matrix, error) {
	n := scn.Len()
	data := make([]float64, n*n)
	for i := range n {
		data[i*n+i] = m.S
	}
	return NewDense(n, data)
}

func (m scaledIdentity) MarshalJSON() ([]byte, error) {
	type plain scaledIdentity
	return json.Marshal(struct {
		Type string `json:"type"`
		plain
	}{m.Name(), plain(m)})
}

// decodeScaled is scaledIdentity's strict decoder (default s = 1).
func decodeScaled(data []byte) (Mixer, error) {
	v := struct {
		Type string `json:"type"`
		scaledIdentity
	}{scaledIdentity: scaledIdentity{S: 1}}
	if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: scaled"}); err != nil {
		return nil, err
	}
	return v.scaledIdentity, nil
}

// registerForTest registers t for the calling test only.
func registerForTest(tb testing.TB, t MixerType) {
	tb.Helper()
	require.NoError(tb, Register(t))
	tb.Cleanup(func() {
		registry.Lock()
		defer registry.Unlock()
		delete(registry.types, t.Name)
	})
}

func TestRegisteredMixerDecodesAndMarshals(t *testing.T) {
	registerForTest(t, MixerType{Name: "scaled", Decode: decodeScaled, Doc: "s·I"})
	tests := []struct {
		name string
		spec string
		want Mixer
		err  string
	}{
		{"defaults", `{"type":"scaled"}`, scaledIdentity{S: 1}, ""},
		{"key", `{"type":"scaled","s":0.5}`, scaledIdentity{S: 0.5}, ""},
		{"unknown key", `{"type":"scaled","z":1}`, nil, `mixing: scaled: unknown key "z"`},
		{"did you mean", `{"type":"scaeld"}`, nil, `mixing: unknown mixer type "scaeld" (did you mean "scaled"?)`},
		{"known types", `{"type":"xyz"}`, nil,
			"known types: competing_destinations, gravity, migration_matrix, mixing_matrix, radiation, scaled, stouffer, truncated"},
		{"inside truncated", `{"type":"truncated","mixer":{"type":"scaled","s":2},"top_k":1}`,
			Truncated(scaledIdentity{S: 2}, Truncation{TopK: 1}), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := DecodeMixer([]byte(tc.spec))
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, m)
			data, err := MarshalMixer(m)
			require.NoError(t, err)
			back, err := DecodeMixer(data)
			require.NoError(t, err)
			assert.Equal(t, m, back, "round trip through %s", data)
		})
	}
	data, err := json.Marshal(Spec{scaledIdentity{S: 3}})
	require.NoError(t, err)
	assert.Equal(t, `{"type":"scaled","s":3}`, string(data), "a Spec field encodes the user mixer")
}

func TestMixerTypes(t *testing.T) {
	var names []string
	for _, mt := range MixerTypes() {
		names = append(names, mt.Name)
		assert.NotEmpty(t, mt.Doc, mt.Name)
		assert.NotNil(t, mt.Decode, mt.Name)
	}
	assert.Equal(t, []string{"competing_destinations", "gravity", "migration_matrix", "mixing_matrix",
		"radiation", "stouffer", "truncated"}, names)
}

func TestRegisterRefuses(t *testing.T) {
	tests := []struct {
		name string
		t    MixerType
		want string
	}{
		{"no name", MixerType{Decode: decodeScaled}, `mixing.Register: mixer type "" needs a name and a decoder`},
		{"no decoder", MixerType{Name: "x"}, `mixing.Register: mixer type "x" needs a name and a decoder`},
		{"duplicate", MixerType{Name: "gravity", Decode: decodeScaled}, `mixing.Register: mixer type "gravity" is already registered`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := MixerTypes()
			err := Register(tc.t)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			assert.Len(t, MixerTypes(), len(before), "a refused type registers nothing")
			assert.PanicsWithError(t, tc.want, func() { MustRegister(tc.t) })
		})
	}
}
