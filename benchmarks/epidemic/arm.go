package main

import (
	"context"
	"io"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// arm is one side of the comparison: the Infection's parameters (its
// storage and tolerance) and the seed of its first replicate.
type arm struct {
	name      string
	infection systems.InfectionParams
	seed      uint64
}

// outcome is what one replicate's run gives: the final size (infections:
// Σ over ticks and patches of I, each biweekly infection is infectious for
// one tick), the share of patches where measles faded out at least once (I
// > 0 at tick t − 1 and 0 at t) and the share of patches with I = 0 at the
// last tick.
type outcome struct {
	Infections, FadedOnce, FadedAtEnd float64

	everFaded []bool  // per patch: faded out at some tick
	prevI     []int64 // per patch: I at the last recorded tick
}

// record adds tick's I column to o.
func (o *outcome) record(i []int64) {
	if o.prevI == nil {
		o.prevI = make([]int64, len(i))
		o.everFaded = make([]bool, len(i))
		copy(o.prevI, i)
	} else {
		for j, v := range i {
			if o.prevI[j] > 0 && v == 0 {
				o.everFaded[j] = true
			}
			o.prevI[j] = v
		}
	}
	for _, v := range i {
		o.Infections += float64(v)
	}
}

// finish sets the shares from the recorded ticks.
func (o *outcome) finish() {
	n := float64(len(o.prevI))
	var once, end int
	for j, v := range o.prevI {
		if o.everFaded[j] {
			once++
		}
		if v == 0 {
			end++
		}
	}
	o.FadedOnce, o.FadedAtEnd = float64(once)/n, float64(end)/n
}

// components returns the standard schedule (equilibrium initialiser,
// importation, Infection with q, vital dynamics) followed by a phase
// recording each replicate's outcome (found by its world, so the
// replicates, which may step in parallel, each write their own).
func components(q systems.InfectionParams, byWorld map[any]*outcome) []phases.Factory {
	return []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewImportationPressure(nil),
		systems.NewInfection(&q),
		systems.NewVitalDynamics(nil),
		phases.Func("OutcomeRecorder", func(m phases.Model, _ int) error {
			byWorld[m.World()].record(m.World().I())
			return nil
		}),
	}
}

// runArm runs an ensemble of R replicates of a over scn for ticks ticks
// and returns each replicate's outcome.
func runArm(ctx context.Context, scn *scenario.Table, a arm, R, ticks int) ([]*outcome, error) {
	p := params.Default()
	p.NumTicks, p.Seed, p.ShowProgress = ticks, a.seed, false
	e, err := model.NewEnsemble(scn, p, R, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	outs := make([]*outcome, R)
	byWorld := make(map[any]*outcome, R)
	for r := range R {
		outs[r] = &outcome{}
		byWorld[e.Replicate(r).World()] = outs[r]
	}
	if err := e.SetComponents(components(a.infection, byWorld)...); err != nil {
		return nil, err
	}
	if err := e.Run(ctx); err != nil {
		return nil, err
	}
	for _, o := range outs {
		o.finish()
	}
	return outs, nil
}
