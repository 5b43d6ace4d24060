package main

import (
	"fmt"
	"math"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// MaternalWaningName is the component name of [MaternalWaning] (and of its
// random streams).
const MaternalWaningName = "MaternalWaning"

// MaternalWaningParams sets how long maternal immunity lasts.
type MaternalWaningParams struct {
	// DurationDays is the mean duration of maternal immunity in days, > 0.
	DurationDays float64 `json:"duration_days" doc:"mean duration of maternal immunity in days, > 0 (M → S at rate 1/duration_days)"`
}

// DefaultMaternalWaningParams returns 180 days, an illustrative mean:
// measles maternal antibodies wane within the first months of life, sooner
// in infants of vaccinated mothers (Leuridan et al. 2010, BMJ 340:c1626).
func DefaultMaternalWaningParams() MaternalWaningParams {
	return MaternalWaningParams{DurationDays: 180}
}

// Validate checks the duration.
func (p MaternalWaningParams) Validate() error {
	if !(p.DurationDays > 0) || math.IsInf(p.DurationDays, 0) {
		return fmt.Errorf("%s: duration_days must be a finite number > 0, got %v", MaternalWaningName, p.DurationDays)
	}
	return nil
}

// MaternalWaning moves people M → S: each tick, in every patch j,
// Binomial(M_j, 1 − e^(−step/duration_days)) from the start-of-step count,
// from the phase's own block streams (zero allocations per tick). Its run
// state is the M and S columns and its streams, which the model saves.
type MaternalWaning struct {
	phases.Blocks
	p    MaternalWaningParams
	prob float64
	s, m []int64
}

// NewMaternalWaning returns a factory; nil params mean the defaults.
func NewMaternalWaning(p *MaternalWaningParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultMaternalWaningParams())
		if err != nil {
			return nil, err
		}
		prob := -math.Expm1(-float64(m.TimeStepDays()) / q.DurationDays)
		return &MaternalWaning{p: q, prob: prob}, nil
	}
}

// Name returns "MaternalWaning".
func (c *MaternalWaning) Name() string { return MaternalWaningName }

// Params returns the instance's params (stored in snapshots).
func (c *MaternalWaning) Params() MaternalWaningParams { return c.p }

// Initialize fetches the streams and the S and M columns; a model without
// M is an error.
func (c *MaternalWaning) Initialize(m phases.Model) error {
	if err := c.Init(m, c); err != nil {
		return err
	}
	col, err := m.World().State(MaternalState)
	if err != nil {
		return fmt.Errorf("%s: %w (declare it: compartments = [\"M\"], or model.WithCompartments(MaternalCompartment))", MaternalWaningName, err)
	}
	c.s, c.m = m.World().S(), col
	return nil
}

// Step runs every block.
func (c *MaternalWaning) Step(m phases.Model, _ int) error {
	c.Run(m, c)
	return nil
}

// Block moves block b's waning infants from its stream.
func (c *MaternalWaning) Block(b int) {
	lo, hi := c.Range(b)
	src := c.Stream(b)
	for j := lo; j < hi; j++ {
		lost := rng.Binomial(src, c.m[j], c.prob)
		c.m[j] -= lost
		c.s[j] += lost
	}
}
