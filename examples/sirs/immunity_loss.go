package main

import (
	"fmt"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// ImmunityLossName is the component name of [ImmunityLoss]. It also names
// the component's random streams.
const ImmunityLossName = "ImmunityLoss"

// ImmunityLossParams are the per-tick probabilities of the two steps of
// immunity loss.
type ImmunityLossParams struct {
	// ToWaning is the probability that a recovered person's immunity
	// starts to wane during one tick (R → W), in [0, 1].
	ToWaning float64 `json:"to_waning" doc:"probability per tick that a recovered person's immunity starts to wane (R → W), in [0, 1]"`
	// ToSusceptible is the probability that a person in W becomes
	// susceptible during one tick (W → S), in [0, 1].
	ToSusceptible float64 `json:"to_susceptible" doc:"probability per tick that a person in W becomes susceptible (W → S), in [0, 1]"`
}

// DefaultImmunityLossParams returns 0.02 and 0.1 per tick. This is an
// illustration, not measles biology: measles immunity is lifelong.
func DefaultImmunityLossParams() ImmunityLossParams {
	return ImmunityLossParams{ToWaning: 0.02, ToSusceptible: 0.1}
}

// Validate checks that both rates are probabilities.
func (p ImmunityLossParams) Validate() error {
	for _, r := range []struct {
		key string
		v   float64
	}{{"to_waning", p.ToWaning}, {"to_susceptible", p.ToSusceptible}} {
		if !(r.v >= 0 && r.v <= 1) {
			return fmt.Errorf("%s: %s must be in [0, 1], got %v", ImmunityLossName, r.key, r.v)
		}
	}
	return nil
}

// ImmunityLoss moves people R → W → S: every tick, in every patch j, from
// the counts at the start of its step, Binomial(R_j, to_waning) people go
// R → W and Binomial(W_j, to_susceptible) go W → S.
//
// Its run state is the S, R and W columns (saved by the model) and its
// random streams (saved by the model, by component name), so it needs no
// phases.Snapshotter; Initialize only fetches views and may run again when
// a snapshot is loaded. The embedded phases.Blocks owns the streams and
// block ranges; ImmunityLoss is the phases.Blocker it runs.
type ImmunityLoss struct {
	phases.Blocks
	p          ImmunityLossParams
	s, r, wane []int64
}

// NewImmunityLoss returns a factory; nil params mean the defaults.
func NewImmunityLoss(p *ImmunityLossParams) phases.Factory {
	return func(phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultImmunityLossParams())
		if err != nil {
			return nil, err
		}
		return &ImmunityLoss{p: q}, nil
	}
}

// Name returns "ImmunityLoss".
func (c *ImmunityLoss) Name() string { return ImmunityLossName }

// Params returns the instance's params (stored in snapshots).
func (c *ImmunityLoss) Params() ImmunityLossParams { return c.p }

// Initialize fetches the phase's own streams and the S, R and W column
// views once. A model that does not declare W is an error.
func (c *ImmunityLoss) Initialize(m phases.Model) error {
	if err := c.Init(m, c); err != nil {
		return err
	}
	wane, err := m.World().State(WaningState)
	if err != nil {
		return fmt.Errorf("%s: %w (declare it: compartments = [\"W\"] in a run file, model.WithCompartments(WaningCompartment) in Go)", ImmunityLossName, err)
	}
	c.s, c.r, c.wane = m.World().S(), m.World().R(), wane
	return nil
}

// Step runs every block of patches, in parallel when the model allows it.
// Each block draws only from its own stream, so the states depend on the
// seed alone.
func (c *ImmunityLoss) Step(m phases.Model, _ int) error {
	c.Run(m, c)
	return nil
}

// Block applies immunity loss to the patches of block b.
func (c *ImmunityLoss) Block(b int) {
	lo, hi := c.Range(b)
	src := c.Stream(b)
	for j := lo; j < hi; j++ {
		waning := rng.Binomial(src, c.r[j], c.p.ToWaning)
		lost := rng.Binomial(src, c.wane[j], c.p.ToSusceptible)
		c.r[j] -= waning
		c.wane[j] += waning - lost
		c.s[j] += lost
	}
}
