package model_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// streamsRun runs AT-22's model — RandomN(300, 5), default params (365
// ticks) with the given run seed, the standard schedule with extra inserted
// after its Infection — and returns the model and the end-of-tick S, I, R of
// every patch.
func streamsRun(t *testing.T, seed uint64, extra ...phases.Factory) (*model.Model, atTrajectory) {
	t.Helper()
	scn := atMust(scenario.RandomN(300, 5, 0))
	std := model.DefaultComponents()
	require.Len(t, std, 5, "SPEC §5.9: equilibrium, importation, infection, vital dynamics, tracker")
	fs := slices.Concat(std[:3], extra, std[3:])
	var tr atTrajectory
	fs = append(fs, tr.record())
	m := atRun(t, scn, atParams(params.Default().NumTicks, seed), fs)
	require.Len(t, tr.S, params.Default().NumTicks)
	return m, tr
}

// TestStreamsIndependent is SPEC AT-22: a FadeOutTracker and a
// CaseSurveillanceTracker (detection 0.1: it draws random numbers) inserted
// in the middle of the standard schedule never perturb the epidemic, because every component draws from its own streams (§6.1);
// the same seed reproduces the run and a different seed changes it.
func TestStreamsIndependent(t *testing.T) {
	seed := atDefaultSeed
	_, plain := streamsRun(t, seed)
	m, withTrackers := streamsRun(t, seed, metrics.NewFadeOutTracker(nil), metrics.NewCaseSurveillanceTracker(nil))
	assert.Equal(t, plain, withTrackers, "extra trackers change nothing")
	cases := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Series()
	assert.Positive(t, atSum(cases), "the surveillance tracker reported (so it drew) cases")
	assert.Positive(t, atSum(model.InstancesOf[*metrics.FadeOutTracker](m)[0].Counts()), "fade-outs recorded")

	_, again := streamsRun(t, seed)
	assert.Equal(t, plain, again, "same seed, same run")

	_, other := streamsRun(t, seed+1)
	assert.NotEqual(t, plain.I, other.I, "a different seed gives a different epidemic")
}
