package main

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// WaningName is the component name of [Waning] (also the name of its random
// streams, so it must not clash with another component's).
const WaningName = "WaningProcess"

// WaningParams configures [Waning]. The json tag is the run-file key; the
// alias and doc tags give its other spelling and its meaning, once, for
// strict decoding, `rubeola components` and the run-file errors.
type WaningParams struct {
	// YearlyRate is the share of the immune who become susceptible again
	// within a year, in [0, 1].
	YearlyRate float64 `json:"yearly_rate" alias:"waning_rate" doc:"share of the immune (R) who become susceptible again within a year, in [0, 1]"`
}

// DefaultWaningParams returns a yearly rate of 0.05 (an illustration, not
// measles biology: measles immunity is lifelong).
func DefaultWaningParams() WaningParams { return WaningParams{YearlyRate: 0.05} }

// Validate checks that the rate is a share.
func (p WaningParams) Validate() error {
	if !(p.YearlyRate >= 0 && p.YearlyRate <= 1) {
		return fmt.Errorf("%s: yearly_rate must be in [0, 1], got %v", WaningName, p.YearlyRate)
	}
	return nil
}

// waningType is Waning's entry in the component catalogue (registered by
// main before the command line runs).
var waningType = model.NewComponentType(model.ComponentSpec[*Waning, WaningParams]{
	Name: WaningName, Kind: model.KindPhase,
	Summary:  "People lose their immunity: w_j ~ Binomial(R_j, 1 − (1 − yearly_rate)^(days per tick / 365)) per tick, moved R → S.",
	Defaults: DefaultWaningParams, New: NewWaning, // strict decoding and the Params method by default
})

// Waning moves immune people back to S: every tick, in every patch j,
// w_j ~ Binomial(R_j, p) go R → S, with p the per-tick share of the yearly
// rate. Draws come from the component's own streams, block by block, so
// results do not depend on the number of workers (the embedded
// phases.Blocks owns the streams and block ranges; Waning is the Blocker it
// runs). Its run state is the S and R columns and its streams, which the
// model saves in snapshots; Initialize rebuilds the rest.
type Waning struct {
	phases.Blocks
	p       WaningParams
	perTick float64
	s, r    []int64
}

// NewWaning returns a factory; nil params mean the defaults.
func NewWaning(p *WaningParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultWaningParams())
		if err != nil {
			return nil, err
		}
		return &Waning{p: q}, nil
	}
}

// Name returns "WaningProcess".
func (c *Waning) Name() string { return WaningName }

// Params returns the instance's params.
func (c *Waning) Params() WaningParams { return c.p }

// Initialize computes the per-tick share and fetches the streams and the S
// and R columns.
func (c *Waning) Initialize(m phases.Model) error {
	c.s, c.r = m.World().S(), m.World().R()
	c.perTick = PerTickShare(c.p.YearlyRate, m.TimeStepDays())
	return c.Init(m, c)
}

// PerTickShare returns the share of the immune who lose their immunity in
// one tick of days days at yearly rate yearly: 1 − (1 − yearly)^(days/365).
func PerTickShare(yearly float64, days int) float64 {
	return 1 - math.Pow(1-yearly, float64(days)/365)
}

// Step runs every block of patches.
func (c *Waning) Step(m phases.Model, _ int) error {
	c.Run(m, c)
	return nil
}

// Block moves the waning immune of block b's patches.
func (c *Waning) Block(b int) {
	lo, hi := c.Range(b)
	src := c.Stream(b)
	for j := lo; j < hi; j++ {
		w := rng.Binomial(src, c.r[j], c.perTick)
		c.r[j] -= w
		c.s[j] += w
	}
}
