package abm_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/abm"
)

// atAgeProbe is a phase of a test's own on an AtAge schedule: each tick it
// records what Due returned and, independently, every live agent of the
// table whose age is exactly the schedule's that day (a scan of all rows,
// in id order).
type atAgeProbe struct {
	name      string
	at        abm.AtAge
	t         *agents.Table
	due, scan [][]uint32 // per tick
}

func (p *atAgeProbe) Name() string { return p.name }

func (p *atAgeProbe) Initialize(m phases.Model) error {
	if err := p.at.Attach(m, p.name, p); err != nil {
		return err
	}
	t, err := agents.Of(m.World())
	p.t = t
	p.at.Start(m)
	return err
}

func (p *atAgeProbe) Step(_ phases.Model, tick int) error {
	ids, err := p.at.Due(tick)
	if err != nil {
		return err
	}
	var scan []uint32
	for id := range p.t.Len() {
		if p.t.State[id] != agents.Dead && int32(tick)-p.t.DOB[id] == int32(p.at.Age) {
			scan = append(scan, uint32(id))
		}
	}
	p.due = append(p.due, append([]uint32(nil), ids...))
	p.scan = append(p.scan, scan)
	return nil
}

// runProbes runs a quiet agent-based model of ticks days on a 2×2 grid of
// 8 000 people with crude demography (high rates, so that rows are freed
// and reused by births within the run) and the probes after it.
func runProbes(t *testing.T, ticks int, probes ...*atAgeProbe) error {
	t.Helper()
	scn, err := scenario.Grid(2, 2, 8000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	p := params.CompartmentalParams{BiweeklyParams: paramstest.QuietParams(ticks, 3)}
	m, err := model.NewABM(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	fs := []phases.Factory{abm.NewABMVitalDynamics(&abm.ABMVitalParams{CrudeBirthRate: 60, CrudeDeathRate: 40, MaxAge: 60})}
	for _, pr := range probes {
		fs = append(fs, func(phases.Model) (phases.Component, error) { return pr, nil })
	}
	require.NoError(t, m.SetComponents(fs...))
	return m.Run(context.Background())
}

// TestAtAgeListsTheAgentsOfTheAge: every tick, Due returns exactly the
// live agents whose age is the schedule's that day (what a scan of the
// whole table finds), in increasing id order, each once: agents alive at
// the start (ages 1 and 40 days reached on the first days; 400 days, past
// the first ones' ring) and newborns of the run (1 and 40 days, reached
// within the 120 days).
func TestAtAgeListsTheAgentsOfTheAge(t *testing.T) {
	const ticks = 120
	var probes []*atAgeProbe
	for _, age := range []int{1, 40, 400} {
		probes = append(probes, &atAgeProbe{name: "Probe" + string(rune('A'+len(probes))), at: abm.AtAge{Calendar: "probe" + string(rune('a'+len(probes))), Age: age}})
	}
	require.NoError(t, runProbes(t, ticks, probes...))
	for _, p := range probes {
		require.Len(t, p.due, ticks)
		var total int
		for tick := range ticks {
			assert.Equal(t, p.scan[tick], p.due[tick], "age %d, tick %d", p.at.Age, tick)
			total += len(p.due[tick])
		}
		// About 8 000 · 60/1000/365 ≈ 1.3 births a day: dozens of agents
		// of each age within the run (a non-empty comparison).
		assert.Greater(t, total, 50, "age %d", p.at.Age)
	}
}

// TestAtAgeErrors: an age outside 1…MaxAtAgeDays and a calendar fired by
// two components are refused at initialisation, naming the component.
func TestAtAgeErrors(t *testing.T) {
	err := runProbes(t, 2, &atAgeProbe{name: "Young", at: abm.AtAge{Calendar: "young", Age: 0}})
	assert.ErrorContains(t, err, `Young: calendar "young": age must be 1…36500 days, got 0`)
	err = runProbes(t, 2, &atAgeProbe{name: "One", at: abm.AtAge{Calendar: "shared", Age: 9}},
		&atAgeProbe{name: "Two", at: abm.AtAge{Calendar: "shared", Age: 9}})
	assert.ErrorContains(t, err, `calendar "shared" is fired by One; Two cannot fire it too`)
}
