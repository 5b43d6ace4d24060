package main

import (
	"encoding/json"
	"errors"
	"fmt"

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

// Validate checks the scale and k.
func (e ExponentialKernel) Validate() error {
	var errs []error
	if err := e.checkScale(); err != nil {
		errs = append(errs, err)
	}
	if !(e.K >= 0 && e.K <= 1) {
		errs = append(errs, fmt.Errorf("mixing: exponential: k = %v must be in [0, 1]", e.K))
	}
	return errors.Join(errs...)
}

// DecodeExponentialKernel decodes an "exponential" spec strictly over the
// defaults (unknown keys are errors with a suggestion) and validates it.
func DecodeExponentialKernel(data []byte) (mixing.Mixer, error) {
	v := struct {
		Type string `json:"type"`
		ExponentialKernel
	}{ExponentialKernel: DefaultExponentialKernel()}
	if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: exponential"}); err != nil {
		return nil, err
	}
	if err := v.Validate(); err != nil {
		return nil, err
	}
	return v.ExponentialKernel, nil
}

// MarshalJSON writes the canonical spec, {"type":"exponential","scale":…,"k":…}:
// what snapshots store and DecodeExponentialKernel reads back.
func (e ExponentialKernel) MarshalJSON() ([]byte, error) {
	if err := e.Validate(); err != nil {
		return nil, err
	}
	type plain ExponentialKernel // no methods: no recursion
	return json.Marshal(struct {
		Type string `json:"type"`
		plain
	}{e.Name(), plain(e)})
}
