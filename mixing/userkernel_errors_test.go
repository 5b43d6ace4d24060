package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
)

// TestKernelBadValues: a kernel value that is NaN, infinite or negative is
// an error naming the mixer, the value, the distance and the pair of
// patches, the same from the dense, factored (any workers, float32 or not)
// and truncated builds. The collinear patches are 111.1949, 222.3899 and
// 333.5848 km apart (SPEC §7.1); each bad decay fails at one distance only.
func TestKernelBadValues(t *testing.T) {
	at := func(d0 float64, v float64) func(d float64) float64 {
		return func(d float64) float64 {
			if math.Abs(d-d0) < 1 {
				return v
			}
			return 1 / d
		}
	}
	for _, tc := range []struct {
		name  string
		decay func(d float64) float64
		want  string
	}{
		{"NaN", at(222.39, math.NaN()), `mixing: test_func: the distance kernel gives NaN at distance 222.38985328911753 km ` +
			`(patches 1 ("p1") and 2 ("p2")); it must give finite values >= 0`},
		{"negative", at(333.58, -1), `mixing: test_func: the distance kernel gives -1 at distance 333.5847799336762 km ` +
			`(patches 0 ("p0") and 2 ("p2"))`},
		{"+Inf", at(111.19, math.Inf(1)), `the distance kernel gives +Inf at distance 111.19492664455873 km ` +
			`(patches 0 ("p0") and 1 ("p1"))`},
	} {
		for _, batch := range []bool{false, true} {
			mix := FromKernel(funcKernel{decay: tc.decay, dest: 1, k: 0.01, batch: batch})
			_, err := mix.Mixing(collinear())
			require.ErrorContains(t, err, tc.want, tc.name)
			for _, opt := range []FactoredOptions{{Workers: 1}, {Workers: 3}, {Workers: 2, Float32: true}} {
				_, err := mix.Factored(collinear(), opt)
				require.ErrorContains(t, err, tc.want, "%s, %+v", tc.name, opt)
			}
			_, err = Truncated(mix, Truncation{TopK: 1}).Mixing(collinear())
			require.ErrorContains(t, err, tc.want, tc.name)
		}
	}
}

// TestKernelCoincidentPatches: coincident patches are at distance 0, and
// a kernel finite there (exp(0) = 1) mixes them; one infinite there (the
// gravity decay) is refused naming distance 0 and both patches.
func TestKernelCoincidentPatches(t *testing.T) {
	scn := newTable([]string{"a", "b", "c"}, []int64{1000, 2000, 3000}, []float64{0, 0, 1}, []float64{0, 0, 1})
	m, err := FromKernel(expKernel{Scale: 50, K: 0.01, Dest: 1}).Mixing(scn)
	require.NoError(t, err)
	requireRowsSumToOne(t, m)
	assert.Positive(t, m.At(0, 1))
	_, err = FromKernel(funcKernel{decay: distanceDecay(1.5), dest: 1, k: 0.01}).Factored(scn, FactoredOptions{})
	assert.EqualError(t, err, `mixing: test_func: the distance kernel gives +Inf at distance 0 km (patches 0 ("a") and 1 ("b")); `+
		`it must give finite values >= 0`)
}

// TestKernelBadParams: invalid kernels are refused before any build, with
// every problem named; errors of the parameters are passed through; a
// migration row above 1 is SPEC §7.3's error.
func TestKernelBadParams(t *testing.T) {
	exp := func(d float64) float64 { return math.Exp(-d) }
	for _, tc := range []struct {
		name  string
		mixer KernelMixer
		want  string
	}{
		{"no params", FromKernel(nil), "mixing: FromKernel: no kernel parameters"},
		{"params error", FromKernel(expKernel{Scale: -1, K: 0.01}), "mixing: test_exponential: scale = -1 must be > 0"},
		{"no decay", FromKernel(funcKernel{noDecay: true, k: 0.01}), "mixing: test_func: the distance kernel has no Decay function"},
		{"origin exponent", FromKernel(funcKernel{decay: exp, origin: -1, k: 0.01}),
			"mixing: test_func: origin exponent = -1 must be >= 0"},
		{"destination exponent", FromKernel(funcKernel{decay: exp, dest: math.NaN(), k: 0.01}),
			"mixing: test_func: destination exponent = NaN is not finite"},
		{"k", FromKernel(funcKernel{decay: exp, k: 1.5}), "mixing: test_func: k = 1.5 must be in [0, 1]"},
		{"all", FromKernel(funcKernel{noDecay: true, origin: -1, k: 2}),
			"no Decay function\nmixing: test_func: origin exponent = -1 must be >= 0\nmixing: test_func: k = 2 must be in [0, 1]"},
		// TwoPatch, exponents (0, 1), k = 1: mig[1,0] = k·p0/p1 = 2 (SPEC §7.3).
		{"row sum > 1", FromKernel(expKernel{Scale: 50, K: 1, Dest: 1}), `mixing: migration row 1 ("patch_2") sums to 2 > 1`},
	} {
		_, err := tc.mixer.Mixing(twoPatch())
		require.ErrorContains(t, err, tc.want, tc.name)
		_, err = tc.mixer.Factored(twoPatch(), FactoredOptions{})
		require.ErrorContains(t, err, tc.want, tc.name)
		_, err = Truncated(tc.mixer, Truncation{TopK: 1}).Mixing(twoPatch())
		require.ErrorContains(t, err, tc.want, tc.name)
		if tc.name != "row sum > 1" {
			_, err = tc.mixer.MarshalJSON()
			require.ErrorContains(t, err, tc.want, tc.name)
		}
	}
}

// objectless is kernel parameters that do not encode as a JSON object.
type objectless float64

// Name returns "test_objectless".
func (objectless) Name() string { return "test_objectless" }

// Kernel returns a constant kernel.
func (o objectless) Kernel() (DistanceKernel, error) {
	return DistanceKernel{Decay: func(float64) float64 { return 1 }, K: float64(o)}, nil
}

// typed is kernel parameters with a "type" key of their own.
type typed struct {
	Type string `json:"type"`
}

// Name returns "test_typed".
func (typed) Name() string { return "test_typed" }

// Kernel returns a constant kernel.
func (typed) Kernel() (DistanceKernel, error) {
	return DistanceKernel{Decay: func(float64) float64 { return 1 }}, nil
}

// TestKernelJSON: a registered user kernel decodes from a spec, encodes to
// its canonical form ("type" first, then the parameters) and round-trips;
// parameters that are not an object, or carry "type", cannot be encoded.
func TestKernelJSON(t *testing.T) {
	require.NoError(t, Register(MixerType{Name: "test_exponential", Doc: "test", Decode: func(data []byte) (Mixer, error) {
		v := struct {
			Type string `json:"type"`
			expKernel
		}{expKernel: expKernel{Scale: 20, K: 0.01, Dest: 1}}
		if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: test_exponential"}); err != nil {
			return nil, err
		}
		m := FromKernel(v.expKernel)
		return m, m.Validate()
	}}))
	defer func() {
		registry.Lock()
		delete(registry.types, "test_exponential")
		registry.Unlock()
	}()
	m, err := DecodeMixer([]byte(`{"type":"test_exponential","scale":5}`))
	require.NoError(t, err)
	assert.Equal(t, FromKernel(expKernel{Scale: 5, K: 0.01, Dest: 1}), m)
	fm, ok := AsFactored(Spec{Mixer: m})
	require.True(t, ok, "a user kernel has the factored form")
	assert.Equal(t, m, fm)
	data, err := MarshalMixer(m)
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"test_exponential","scale":5,"k":0.01,"origin":0,"dest":1,"batch":false}`, string(data))
	assert.Contains(t, string(data), `{"type":"test_exponential",`, "type first")
	back, err := DecodeMixer(data)
	require.NoError(t, err)
	assert.Equal(t, m, back)
	_, err = DecodeMixer([]byte(`{"type":"test_exponential","scale":0}`))
	assert.EqualError(t, err, "mixing: test_exponential: scale = 0 must be > 0")

	_, err = FromKernel(objectless(0.01)).MarshalJSON()
	assert.EqualError(t, err, "mixing: test_objectless: the kernel parameters must encode as a JSON object, got 0.01")
	_, err = FromKernel(typed{}).MarshalJSON()
	assert.EqualError(t, err, `mixing: test_typed: the kernel parameters must not have a "type" key (the mixer adds it)`)
	assert.NoError(t, FromKernel(typed{}).Validate(), "typed is a valid kernel: only its encoding fails")
}
