package main

import (
	"fmt"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// WaningImmunityName is the component name of [WaningImmunity]. It also
// names the component's random streams, so it must not clash with a
// built-in name.
const WaningImmunityName = "WaningImmunity"

// WaningImmunityParams configures [WaningImmunity]. It follows the pattern
// of the built-in components: json tags with the run-file keys, defaults,
// Validate and a strict decoder.
type WaningImmunityParams struct {
	// RatePerTick is the probability that one immune person becomes
	// susceptible again during one biweekly tick, in [0, 1].
	RatePerTick float64 `json:"rate_per_tick" alias:"waning_rate" doc:"probability per tick that an immune person becomes susceptible again, in [0, 1]"`
}

// DefaultWaningImmunityParams returns a rate of 0.01 per tick (about 23 %
// of the immune lose their protection per year: 1 − 0.99^26 ≈ 0.23). This is
// an illustration, not measles biology: measles immunity is lifelong.
func DefaultWaningImmunityParams() WaningImmunityParams {
	return WaningImmunityParams{RatePerTick: 0.01}
}

// Validate checks that the rate is a probability.
func (p WaningImmunityParams) Validate() error {
	if !(p.RatePerTick >= 0 && p.RatePerTick <= 1) {
		return fmt.Errorf("%s: rate_per_tick must be in [0, 1], got %v", WaningImmunityName, p.RatePerTick)
	}
	return nil
}

// waningKeys are the strict-decoding rules (the alias is the params' alias
// tag, which strict decoding reads itself).
var waningKeys = params.KeyRules{Component: WaningImmunityName}

// DecodeWaningImmunityParams decodes a JSON object strictly over the
// defaults: unknown keys are errors with a suggestion, "waning_rate" is
// accepted as an alias.
func DecodeWaningImmunityParams(data []byte) (WaningImmunityParams, error) {
	return params.DecodeComponent(data, DefaultWaningImmunityParams(), waningKeys)
}

// WaningImmunity moves recovered people back to S: every tick, in every
// patch j, w_j ~ Binomial(R_j, rate_per_tick) people go R → S.
//
// The embedded [phases.Blocks] owns the component's random streams and its
// blocks of patches; WaningImmunity is the [phases.Blocker] that Run calls
// for every block, so Step allocates nothing.
//
// It needs no [phases.Snapshotter]: its only run state is the S and R
// columns (saved and restored by the model) and its random streams (also
// saved by the model, by component name). The column slices and the streams
// it keeps are fetched again by Initialize, which has no other effect, so
// the model may call Initialize again when it loads a snapshot.
type WaningImmunity struct {
	phases.Blocks
	p    WaningImmunityParams
	s, r []int64
}

// NewWaningImmunity returns a factory; nil params mean the defaults.
func NewWaningImmunity(p *WaningImmunityParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultWaningImmunityParams())
		if err != nil {
			return nil, err
		}
		return &WaningImmunity{p: q}, nil
	}
}

// Name returns "WaningImmunity".
func (c *WaningImmunity) Name() string { return WaningImmunityName }

// Params returns the instance's params.
func (c *WaningImmunity) Params() WaningImmunityParams { return c.p }

// Initialize fetches the S and R column views and the component's own
// streams once.
func (c *WaningImmunity) Initialize(m phases.Model) error {
	c.s, c.r = m.World().S(), m.World().R()
	return c.Init(m, c)
}

// Step runs every block of patches, in parallel when the model allows it.
// Each block draws only from its own stream, so the result does not depend
// on the number of workers.
func (c *WaningImmunity) Step(m phases.Model, _ int) error {
	c.Run(m, c)
	return nil
}

// Block applies waning to the patches of block b: the kernel.
func (c *WaningImmunity) Block(b int) {
	lo, hi := c.Range(b)
	src := c.Stream(b)
	for j := lo; j < hi; j++ {
		w := rng.Binomial(src, c.r[j], c.p.RatePerTick)
		c.r[j] -= w
		c.s[j] += w
	}
}
