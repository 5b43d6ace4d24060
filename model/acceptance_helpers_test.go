package model_test

import (
	"context"
	"io"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// atParams returns the defaults with ticks and seed set and no progress bar.
var atParams = paramstest.QuietParams

// atDefaultSeed is the default run seed (SPEC §2.1: 20250314).
var atDefaultSeed = params.Default().Seed

// atModel builds a quiet model (no verbose output, no progress bar) with the
// components fs and the extra options opts.
func atModel(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs []phases.Factory, opts ...model.Option) *model.Model {
	t.Helper()
	opts = append([]model.Option{model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard)}, opts...)
	m, err := model.NewBiweekly(scn, p, opts...)
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	return m
}

// atRun builds a quiet model with the components fs and runs it to the end.
func atRun(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs []phases.Factory, opts ...model.Option) *model.Model {
	t.Helper()
	m := atModel(t, scn, p, fs, opts...)
	require.NoError(t, m.Run(context.Background()))
	return m
}

// atTrajectory holds the S, I and R columns of every patch as a recorder
// phase saw them, one row per tick: S[t][j] is patch j's S at tick t.
type atTrajectory struct {
	S, I, R [][]int64
}

// record returns a phase that appends copies of the S, I, R columns to tr at
// its position in the schedule (last in the list → end-of-tick state).
func (tr *atTrajectory) record() phases.Factory {
	return phases.Func("TrajectoryRecorder", func(m phases.Model, _ int) error {
		w := m.World()
		tr.S = append(tr.S, slices.Clone(w.S()))
		tr.I = append(tr.I, slices.Clone(w.I()))
		tr.R = append(tr.R, slices.Clone(w.R()))
		return nil
	})
}

// atSeed seeds n infections in the patch with id target (SPEC §5.2).
func atSeed(target string, n int64) phases.Factory {
	p := systems.DefaultSeedingParams()
	p.NumInfections = n
	p.TargetPatches = []string{target}
	return systems.NewInfectionSeeding(&p)
}

// atInfection returns an Infection factory with β = beta per day and the
// mixer mix (nil keeps the default gravity); other keys are the defaults.
func atInfection(beta float64, mix mixing.Mixer) phases.Factory {
	p := systems.DefaultInfectionParams()
	p.Beta = beta
	if mix != nil {
		p.Mixer = mix
	}
	return systems.NewInfection(&p)
}

// atMatrix returns an n×n matrix of zeros, filled by the caller.
func atMatrix(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}

// atFixedMixer is a mixing.Mixer that returns a prepared matrix as is (dense
// or CSR), for comparing storage formats of the same matrix.
type atFixedMixer struct{ m *mixing.Matrix }

// Name returns "fixed".
func (f atFixedMixer) Name() string { return "fixed" }

// Mixing returns the prepared matrix.
func (f atFixedMixer) Mixing(*scenario.Table) (*mixing.Matrix, error) { return f.m, nil }

// atSum returns the sum of v.
func atSum(v []int64) int64 {
	var total int64
	for _, x := range v {
		total += x
	}
	return total
}

// atMust returns v; a non-nil err is a broken test fixture and panics.
func atMust[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
