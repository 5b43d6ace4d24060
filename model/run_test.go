package model

import (
	"bytes"
	"context"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
)

func TestRunWithoutComponents(t *testing.T) {
	m := newModel(t, twoPatch(t), quietParams(3, 1))
	require.EqualError(t, m.Run(context.Background()), "No components have been added to the model")
}

// TestRunCancelAndContinue is SPEC AT-26: cancelling stops at a tick
// boundary; a second Run continues seamlessly; a third is an error.
func TestRunCancelAndContinue(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var dates []time.Time
	var ticks []int
	counter := phases.Func("Counter", func(m phases.Model, tick int) error {
		ticks = append(ticks, tick)
		dates = append(dates, m.CurrentDate())
		if tick == 9 {
			cancel()
		}
		return nil
	})
	p := quietParams(20, 1)
	p.StartTime = "2023-01"
	m := newModel(t, twoPatch(t), p, counter, metrics.NewStateTracker(nil))

	err := m.Run(ctx)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 10, m.Tick())
	require.NoError(t, m.Run(context.Background()))
	assert.Equal(t, 20, m.Tick())
	for k := range ticks {
		assert.Equal(t, k, ticks[k])
		assert.Equal(t, m.TickDate(k), dates[k])
	}
	assert.Equal(t, "2023-01-15", dates[1].Format(time.DateOnly))
	assert.Equal(t, "2023-01-29", dates[2].Format(time.DateOnly))
	assert.Equal(t, "2023-02-12", dates[3].Format(time.DateOnly))
	require.EqualError(t, m.Run(context.Background()), "model: run already complete")

	days, err := m.TimeElapsed("days")
	require.NoError(t, err)
	assert.Equal(t, 280, days, "20 ticks × 14 days")
	tk, err := m.TimeElapsed("ticks")
	require.NoError(t, err)
	assert.Equal(t, 20, tk)
	_, err = m.TimeElapsed("weeks")
	require.EqualError(t, err, `unknown unit "weeks" (want "days" or "ticks")`)

	timing := m.Metrics()
	assert.Len(t, timing.Rows, 20, "one timing row per tick")
	assert.Equal(t, []string{"Counter", "StateTracker"}, timing.Phases)
	for _, row := range timing.Rows {
		assert.Len(t, row, 3, "tick plus one column per phase")
	}
}

func TestRunFailureIsSticky(t *testing.T) {
	boom := phases.Func("Boom", func(_ phases.Model, tick int) error {
		if tick == 2 {
			return errors.New("boom")
		}
		return nil
	})
	m := newModel(t, twoPatch(t), quietParams(5, 1), boom)
	require.EqualError(t, m.Run(context.Background()), "tick 2, phase Boom: boom")
	require.EqualError(t, m.Run(context.Background()), "model: previous run failed at tick 2")
}

// TestProgressOnlyWhenEnabled: SPEC §4.6 and issue 14 — the bar is drawn
// only when show_progress is true and the progress writer is a terminal
// (the check is injected: a buffer is never a terminal by default).
func TestProgressOnlyWhenEnabled(t *testing.T) {
	always := func(io.Writer) bool { return true }
	for _, tc := range []struct {
		name     string
		enabled  bool
		terminal func(io.Writer) bool // nil: the default check
		drawn    bool
	}{
		{"enabled, terminal", true, always, true},
		{"disabled, terminal", false, always, false},
		{"enabled, not a terminal", true, func(io.Writer) bool { return false }, false},
		{"enabled, default check on a buffer", true, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var bar bytes.Buffer
			p := quietParams(5, 1)
			p.ShowProgress = tc.enabled
			opts := []Option{WithStdout(&bytes.Buffer{}), WithProgressWriter(&bar)}
			if tc.terminal != nil {
				opts = append(opts, WithTerminalCheck(tc.terminal))
			}
			m, err := NewBiweekly(twoPatch(t), p, opts...)
			require.NoError(t, err)
			require.NoError(t, m.SetComponents(metrics.NewStateTracker(nil)))
			require.NoError(t, m.Run(context.Background()))
			if tc.drawn {
				assert.Contains(t, bar.String(), "5/5")
				assert.True(t, strings.HasSuffix(bar.String(), "\n"))
			} else {
				assert.Empty(t, bar.String())
			}
		})
	}
	_, err := NewBiweekly(twoPatch(t), quietParams(1, 1), WithTerminalCheck(nil))
	require.EqualError(t, err, "model: terminal check must not be nil")
	_, err = NewBiweekly(twoPatch(t), quietParams(1, 1), WithLogger(nil))
	require.EqualError(t, err, "model: logger must not be nil")
}

func TestVerboseOutput(t *testing.T) {
	var out bytes.Buffer
	p := quietParams(3, 1)
	p.Verbose = true
	m, err := NewBiweekly(twoPatch(t), p, WithStdout(&out), WithProgressWriter(&bytes.Buffer{}))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(DefaultComponents()...))
	require.NoError(t, m.Run(context.Background()))
	text := out.String()
	stamp := `\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}`
	assert.Regexp(t, regexp.MustCompile(`(?m)^`+stamp+`: Creating the biweekly model…$`), text)
	assert.Regexp(t, regexp.MustCompile(`(?m)^`+stamp+`: Running the biweekly model for 3 ticks…$`), text)
	assert.Regexp(t, regexp.MustCompile(`(?m)^Completed the biweekly model at `+stamp+`…$`), text)
	// Timing summary: "{name:<w}: {total:13,} µs", w = longest phase name
	// ("ImportationPressureProcess", 26), a rule of w+18 "=" and the total.
	assert.Regexp(t, regexp.MustCompile(`(?m)^InfectionProcess          : [ 0-9,]{13} µs$`), text)
	assert.Regexp(t, regexp.MustCompile(`(?m)^={44}$`), text)
	assert.Regexp(t, regexp.MustCompile(`(?m)^Total: [ 0-9,]{13} microseconds$`), text)
}

func TestComponentLists(t *testing.T) {
	m := newModel(t, twoPatch(t), quietParams(2, 1))
	require.NoError(t, m.SetComponents(DefaultComponents()...))
	names := func(cs []phases.Component) []string {
		out := []string{}
		for _, c := range cs {
			out = append(out, c.Name())
		}
		return out
	}
	assert.Equal(t, []string{"InitializeEquilibriumStatesProcess", "ImportationPressureProcess", "InfectionProcess",
		"VitalDynamicsProcess", "StateTracker"}, names(m.Instances()))
	assert.Equal(t, []string{"ImportationPressureProcess", "InfectionProcess", "VitalDynamicsProcess", "StateTracker"},
		names(m.Phases()), "initialisers are not phases")
	assert.Empty(t, m.GetInstance("Nothing"))
	assert.NotNil(t, m.GetInstance("Nothing"), "a miss is an empty slice, not nil")
	assert.Len(t, m.GetInstance("StateTracker"), 1)

	require.NoError(t, m.PrependComponent(phases.Func("First", func(phases.Model, int) error { return nil })))
	require.NoError(t, m.AddComponent(metrics.NewStateTracker(nil)))
	assert.Equal(t, "First", m.Instances()[0].Name())
	assert.Len(t, InstancesOf[*metrics.StateTracker](m), 2)

	failing := func(phases.Model) (phases.Component, error) { return nil, errors.New("bad params") }
	require.EqualError(t, m.SetComponents(metrics.NewStateTracker(nil), failing), "bad params")
	assert.Len(t, m.Instances(), 7, "a failed SetComponents keeps the old list")
}

func TestComponentsCannotChangeWhileRunning(t *testing.T) {
	m := newModel(t, twoPatch(t), quietParams(1, 1))
	var addErr error
	require.NoError(t, m.SetComponents(phases.Func("Adder", func(phases.Model, int) error {
		addErr = m.AddComponent(metrics.NewStateTracker(nil))
		return nil
	})))
	require.NoError(t, m.Run(context.Background()))
	require.ErrorContains(t, addErr, "while the model is running")
}

func TestStreamNamesByRank(t *testing.T) {
	m := newModel(t, twoPatch(t), quietParams(1, 1), metrics.NewStateTracker(nil), metrics.NewStateTracker(nil))
	a, err := m.Streams(m.Instances()[0])
	require.NoError(t, err)
	b, err := m.Streams(m.Instances()[1])
	require.NoError(t, err)
	assert.Equal(t, "StateTracker", a.Name())
	assert.Equal(t, "StateTracker#2", b.Name())
}

func TestNewBiweeklyRejectsBadInput(t *testing.T) {
	p := quietParams(1, 1)
	p.StartTime = "2000"
	_, err := NewBiweekly(twoPatch(t), p)
	require.ErrorContains(t, err, "start_time")
	_, err = NewBiweekly(nil, quietParams(1, 1))
	require.Error(t, err)
	_, err = NewBiweekly(twoPatch(t), quietParams(1, 1), WithName(""))
	require.Error(t, err)
}

func TestScenarioIsCopied(t *testing.T) {
	scn := twoPatch(t)
	m := newModel(t, scn, quietParams(1, 1))
	scn.Pop[0] = 1
	scn.ID[0] = "changed"
	assert.Equal(t, int64(100000), m.Scenario().Pop[0])
	assert.Equal(t, "patch_1", m.Patches().ID(0))
}
