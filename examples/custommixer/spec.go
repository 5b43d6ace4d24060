package main

import (
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/params"
)

// init registers the "exponential" mixer type, as the built-in mixers
// register theirs: from now on a run file may write
// mixer = { type = "exponential", scale = 20, k = 0.01 }, a snapshot holding
// the mixer is loaded without factories, and a misspelt type gets a "did you
// mean" hint.
func init() {
	mixing.MustRegister(mixing.MixerType{
		Name:   ExponentialKernel{}.Name(),
		Decode: DecodeExponentialKernel,
		Doc:    "exponential distance kernel p_j·exp(−d/scale), normalised to k: scale > 0 km (20), k in [0, 1] (0.01)",
	})
}

// DefaultExponentialKernel returns scale 20 km, k 0.01.
func DefaultExponentialKernel() ExponentialKernel { return ExponentialKernel{Scale: 20, K: 0.01} }

// DecodeExponentialKernel decodes an "exponential" spec strictly over the
// defaults (unknown keys are errors with a suggestion), validates it and
// returns its mixer, mixing.FromKernel of the parameters. The mixer writes
// the canonical spec itself, {"type":"exponential","scale":…,"k":…}: what
// snapshots store and this decoder reads back.
func DecodeExponentialKernel(data []byte) (mixing.Mixer, error) {
	v := struct {
		Type string `json:"type"`
		ExponentialKernel
	}{ExponentialKernel: DefaultExponentialKernel()}
	if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: exponential"}); err != nil {
		return nil, err
	}
	m := mixing.FromKernel(v.ExponentialKernel)
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}
