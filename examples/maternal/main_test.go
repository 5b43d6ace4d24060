package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/cli"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
)

// TestMain registers M and MaternalWaning, as main does.
func TestMain(m *testing.M) {
	register()
	os.Exit(m.Run())
}

// conservation is a phase placed last that checks, every tick, that the
// change of the population over every compartment (S, E, I, R and M) is
// the tick's births + cohort entries − deaths, read from the published
// flows (ecs.Flows): importation, infection and waning only move people.
type conservation struct {
	w           *ecs.World
	flows       *ecs.Flows
	prev        int64 // N over every compartment after the last tick
	ticks       int
	cohortTicks int      // ticks with cohort entries
	failures    []string // the first ticks that broke conservation
}

func (c *conservation) Name() string { return "Conservation" }

func (c *conservation) Initialize(m phases.Model) error {
	c.w, c.flows = m.World(), ecs.FlowsOf(m.World())
	c.prev = c.total()
	return nil
}

// total returns Σ over patches and every compartment.
func (c *conservation) total() int64 {
	var n int64
	for _, col := range c.w.States() {
		n += sum(col)
	}
	return n
}

func (c *conservation) Step(_ phases.Model, tick int) error {
	now := c.total()
	in, out := sum(c.flows.Births)+sum(c.flows.Cohort), sum(c.flows.Deaths)
	if now-c.prev != in-out && len(c.failures) < 5 {
		c.failures = append(c.failures, fmt.Sprintf("tick %d: N changed by %d, births + cohort − deaths = %d", tick, now-c.prev, in-out))
	}
	if sum(c.flows.Cohort) > 0 {
		c.cohortTicks++
	}
	c.prev = now
	c.ticks++
	return nil
}

// TestConservationEveryTick runs the program's model with the check last:
// N changes by exactly births + cohort entries − deaths every day, the
// cohort enters on one day a year (two in the run), and M holds people.
func TestConservationEveryTick(t *testing.T) {
	check := &conservation{}
	m, err := newModel(append(components(), func(phases.Model) (phases.Component, error) { return check, nil })...)
	require.NoError(t, err)
	require.NoError(t, m.Run(context.Background()))
	assert.Empty(t, check.failures)
	assert.Equal(t, numTicks, check.ticks)
	assert.Equal(t, 2, check.cohortTicks, "1 September of each of the two years")
	mTotal, err := m.Patches().Total(MaternalState)
	require.NoError(t, err)
	assert.Positive(t, mTotal)
}

// TestMaternalRuns runs the program: its totals add up (the final
// population is the scenario's plus births and cohort entries minus
// deaths), and M holds about births per day × the mean duration.
func TestMaternalRuns(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	var s, e, i, r, mm, births, vacc, cohort, deaths, infections, pop int64
	_, err := fmt.Sscanf(out.String(), "final S: %d\nfinal E: %d\nfinal I: %d\nfinal R: %d\nfinal M: %d\n"+
		"births: %d (%d MCV1-protected into R, the others into M)\ncohort entries into S: %d\ndeaths: %d\n"+
		"infections (S → E): %d\npopulation: %d\n", &s, &e, &i, &r, &mm, &births, &vacc, &cohort, &deaths, &infections, &pop)
	require.NoError(t, err, out.String())
	assert.Equal(t, pop, s+e+i+r+mm)
	assert.Equal(t, int64(gridSize*gridSize*townPop)+births+cohort-deaths, pop)
	// Births into M per day ≈ births/numTicks; at equilibrium M ≈ that ×
	// 180 days. Tolerance 20 %: M's Poisson noise (√2 200 ≈ 47) is small,
	// the slack is for the non-stationary start (M starts at 0 and reaches
	// its level after a few durations: 730 days are four).
	want := float64(births-vacc) / numTicks * DefaultMaternalWaningParams().DurationDays
	assert.InEpsilon(t, want, float64(mm), 0.2)
	assert.Positive(t, infections)
}

// TestNoAllocationsPerTick: a tick of the model, the flows reader
// included, allocates nothing (DESIGN §4 rule 1): roles, births_to and
// the views add no allocation.
func TestNoAllocationsPerTick(t *testing.T) {
	m, err := newModel(append(components(), func(phases.Model) (phases.Component, error) { return &flowTotals{}, nil })...)
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, m.RunTicks(ctx, 1)) // initialises and starts the pool
	allocs := testing.AllocsPerRun(100, func() {
		if err := m.RunTicks(ctx, 1); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}

// rubeola runs the command line in-process; it returns the exit code and
// stderr.
func rubeola(args ...string) (int, string) {
	var out, errOut bytes.Buffer
	return cli.Execute(args, &out, &errOut), errOut.String()
}

// TestRunFileVariant: run.toml through the command line is the Go
// program's model: the same final state of every compartment.
func TestRunFileVariant(t *testing.T) {
	m, err := newModel(components()...)
	require.NoError(t, err)
	require.NoError(t, m.Run(context.Background()))
	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]

	dir := filepath.Join(t.TempDir(), "out")
	code, stderr := rubeola("run", "--config", "run.toml", "--out", dir, "--no-progress")
	require.Equal(t, 0, code, stderr)
	states, err := os.ReadFile(filepath.Join(dir, "states.csv"))
	require.NoError(t, err)
	for _, name := range []string{"S", "E", "I", "R", MaternalState} {
		want := fmt.Sprintf("%d,%s,all_patches,%s,%d\n", numTicks-1, m.TickDate(numTicks-1).Format("2006-01-02"), name, tracker.Series(name)[numTicks-1])
		assert.True(t, strings.Contains(string(states), want), "states.csv has no row %q", want)
	}
}

// TestRunFileErrors: births_to naming no declared compartment, and an
// unknown key in M's roles table, are refused with exit 2, naming the key.
func TestRunFileErrors(t *testing.T) {
	cfg, err := os.ReadFile("run.toml")
	require.NoError(t, err)
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"births_to", `births_to = "M"`, `births_to = "W"`, `births_to = "W" is not a declared compartment (declared: ["M"]; "S" is the default)`},
		{"role key", `compartments = ["M"]`, `compartments = [{name = "M", dies = true, immune = true}]`, `compartments[1]: M: unknown key "immune"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "bad.toml")
			require.NoError(t, os.WriteFile(path, bytes.Replace(cfg, []byte(tc.from), []byte(tc.to), 1), 0o644))
			out := filepath.Join(dir, "out")
			code, stderr := rubeola("run", "--config", path, "--out", out, "--no-progress")
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.NoDirExists(t, out)
		})
	}
}
