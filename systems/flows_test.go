package systems_test

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// TestSIAFlowView: with efficacy 1 (SPEC AT-18's calendar, ticks from
// 2023-01-01, -15, -29) the published SIAVaccinations are each tick's
// S → R moves: nothing on tick 0, every patch's 10 000 on tick 1 (01-15:
// the NG:KN campaign of 01-10 and the NG:KD one of 01-15 are both due),
// and 0 on tick 2, whose NG:KN campaign of 01-25 finds S = 0 (the view
// shows the tick's counts, not the previous campaign's).
func TestSIAFlowView(t *testing.T) {
	p := siaParams()
	p.Efficacy = 1
	var seen [][]int64
	reader := phases.Func("Reader", func(m phases.Model, _ int) error {
		seen = append(seen, append([]int64(nil), ecs.FlowsOf(m.World()).SIAVaccinations...))
		return nil
	})
	m, _ := newSIAModel(t, siaRunParams(3, 1), p, reader)
	require.NoError(t, m.Run(t.Context()))
	assert.Equal(t, [][]int64{{0, 0, 0, 0}, {10000, 10000, 10000, 10000}, {0, 0, 0, 0}}, seen)
}

// TestFlowViews: in the standard schedule the views a later phase reads
// are the publishers' buffers of the tick: Infections equal Infection's
// incidence, Births, VaccinatedBirths and Deaths VitalDynamics' records
// (its copying accessors), Cohort stays 0 (births to S), Importations are
// published, and SIAVaccinations is nil (no SIA in the schedule).
func TestFlowViews(t *testing.T) {
	var checked int
	var inf *systems.Infection
	var vd *systems.VitalDynamics
	reader := phases.Func("Reader", func(m phases.Model, _ int) error {
		f := ecs.FlowsOf(m.World())
		assert.Equal(t, inf.Incidence(), f.Infections)
		assert.Equal(t, vd.Births(), f.Births)
		assert.Equal(t, vd.VaccinatedBirths(), f.VaccinatedBirths)
		assert.Equal(t, vd.Deaths(), f.Deaths)
		assert.Equal(t, make([]int64, m.World().Len()), f.Cohort)
		assert.Len(t, f.Importations, m.World().Len())
		assert.Nil(t, f.SIAVaccinations)
		checked++
		return nil
	})
	scn := table(t, []string{"a", "b", "c"}, []int64{200000, 100000, 50000})
	m, err := model.NewBiweekly(scn, quietParams(26, 3), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(append(model.DefaultComponents(), reader)...))
	inf = model.InstancesOf[*systems.Infection](m)[0]
	vd = model.InstancesOf[*systems.VitalDynamics](m)[0]
	require.NoError(t, m.Run(t.Context()))
	assert.Equal(t, 26, checked)
}
