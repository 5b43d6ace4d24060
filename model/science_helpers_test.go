package model_test

import (
	"io"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// seir is one patch's S, E, I, R as real numbers (a mean-field state).
type seir [4]float64

// Indices of the compartments in a [seir].
const (
	cS = iota
	cE
	cI
	cR
)

// seirRates are the daily rates of the compartmental model's transmission:
// β (per day), σ = 1/exp_mu and γ = 1/inf_mu.
type seirRates struct{ beta, sigma, gamma float64 }

// defaultSEIRRates are compartmental.Infection's defaults (the reference's): β = 1,
// σ = 1/6 (exp_mu 6 days), γ = 1/8 (inf_mu 8 days).
var defaultSEIRRates = seirRates{beta: 1, sigma: 1.0 / 6, gamma: 1.0 / 8}

// meanFieldDay is the mean-field (expected-value) limit of one day of
// compartmental.InfectionBlock over a step of h days (h = 1 is the model's day): from the
// start-of-step counts, with λ = h·β·I/N,
//
//	S' = S·e^(−λ)
//	E' = E·e^(−hσ) + S·(1 − e^(−λ))
//	I' = I·e^(−hγ) + E·(1 − e^(−hσ))
//	R' = R + I·(1 − e^(−hγ))
//
// which is each binomial draw replaced by its mean n·p.
func (r seirRates) meanFieldDay(x seir, h float64) seir {
	n := x[cS] + x[cE] + x[cI] + x[cR]
	pe := -math.Expm1(-h * r.beta * x[cI] / n)
	pi := -math.Expm1(-h * r.sigma)
	pr := -math.Expm1(-h * r.gamma)
	newE, newI, newR := x[cS]*pe, x[cE]*pi, x[cI]*pr
	return seir{x[cS] - newE, x[cE] + newE - newI, x[cI] + newI - newR, x[cR] + newR}
}

// seirRecorder records a copy of S, E, I, R of every patch at its position
// in the schedule (last → the end-of-day state): rows[t][c][j].
type seirRecorder struct{ rows [][4][]int64 }

// phase returns the recording phase.
func (rec *seirRecorder) phase() phases.Factory {
	return phases.Func("SEIRRecorder", func(m phases.Model, _ int) error {
		w := m.World()
		rec.rows = append(rec.rows, [4][]int64{slices.Clone(w.S()), slices.Clone(w.E()), slices.Clone(w.I()), slices.Clone(w.R())})
		return nil
	})
}

// patch returns patch j's state at the end of day t as a [seir].
func (rec *seirRecorder) patch(t, j int) seir {
	r := rec.rows[t]
	return seir{float64(r[cS][j]), float64(r[cE][j]), float64(r[cI][j]), float64(r[cR][j])}
}

// seirInfection returns a compartmental.Infection factory with rates r, no
// seasonality and the default mixer (one patch: all of its own force).
func seirInfection(r seirRates) phases.Factory {
	p := compartmental.DefaultInfectionParams()
	p.Beta, p.ExpMu, p.InfMu = r.beta, 1/r.sigma, 1/r.gamma
	return compartmental.NewInfection(&p)
}

// onePatchSEIR builds a quiet compartmental model of one patch of pop
// (no MCV1, so everyone starts in S) running days ticks with seed, moves
// exposed people from S to E before the first day, and sets the
// components fs.
func onePatchSEIR(t *testing.T, pop, exposed int64, days int, seed uint64, fs ...phases.Factory) *model.Model {
	t.Helper()
	scn, err := scenario.SinglePatch(pop, 0)
	require.NoError(t, err)
	m, err := model.NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: atParams(days, seed)},
		model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	if exposed > 0 {
		require.NoError(t, m.Expose([]int{0}, []int64{exposed}))
	}
	require.NoError(t, m.SetComponents(fs...))
	return m
}

// patchCount returns compartment state's count in patch 0 of m.
func patchCount(t *testing.T, m *model.Model, state string) int64 {
	t.Helper()
	col, err := m.Patches().Column(state)
	require.NoError(t, err)
	return col[0]
}
