package model_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/internal/snapdigest"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// abmSnapshotComponents is the default ABM schedule plus seeding, a
// per-patch state tracker, case surveillance and the population tracker:
// every kind of saved ABM state (agents with ages, both calendars, done
// flags, streams in several phases, tracker arrays, flows).
func abmSnapshotComponents() []phases.Factory {
	seed := systems.DefaultSeedingParams()
	seed.NumInfections = 30
	return append([]phases.Factory{abm.NewInfectionSeeding(&seed)}, append(model.DefaultABMComponents(),
		metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}),
		metrics.NewCaseSurveillanceTracker(nil), metrics.NewPopulationTracker(nil))...)
}

// abmOutcome is what the resume guarantee covers: the agents and counts
// (fingerprint), every state tracker's arrays, the case and population
// trackers' and the exposure count.
type abmOutcome struct {
	agents    abmFingerprint
	states    [][][]int64
	cases     [][]int64
	pops      [][]int64
	exposures int64
}

func abmOutcomeOf(t *testing.T, m *model.Model) abmOutcome {
	t.Helper()
	o := abmOutcome{agents: fingerprint(t, m),
		cases:     model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Counts(),
		pops:      model.InstancesOf[*metrics.PopulationTracker](m)[0].Counts(),
		exposures: model.InstancesOf[*abm.ABMInfection](m)[0].Exposures()}
	for _, tr := range model.InstancesOf[*metrics.StateTracker](m) {
		for _, s := range []string{"S", "E", "I", "R"} {
			c, err := tr.Counts(s)
			require.NoError(t, err)
			o.states = append(o.states, c)
		}
	}
	return o
}

// TestABMSnapshotResumeIsIdentical: run k ticks, save, load in a fresh
// model (components rebuilt from stored params), run to T → the same
// agents, counts and tracker arrays as the uninterrupted run, for 1 and 2
// workers, split points at the start, after one tick, mid-run and before
// the last tick, gzip and plain files.
func TestABMSnapshotResumeIsIdentical(t *testing.T) {
	const T = 90
	dir := t.TempDir()
	for _, workers := range []int{1, 2} {
		p := abmParams(T, 6)
		p.Parallel = true
		opts := []model.Option{model.WithWorkers(workers)}
		whole := newABM(t, abmScenario(t), p, abmSnapshotComponents(), opts...)
		require.NoError(t, whole.Run(context.Background()))
		want := abmOutcomeOf(t, whole)
		require.Positive(t, want.exposures)
		for _, k := range []int{0, 1, 41, T - 1} {
			for _, ext := range []string{".snap", ".json"} {
				path := filepath.Join(dir, "abm"+ext)
				part := newABM(t, abmScenario(t), p, abmSnapshotComponents(), opts...)
				require.NoError(t, part.Initialize())
				require.NoError(t, part.RunTicks(context.Background(), k))
				require.NoError(t, part.SaveSnapshot(path))
				resumed, err := model.LoadSnapshot(path, nil, append(opts, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))...)
				require.NoError(t, err, "workers %d, k %d, %s", workers, k, ext)
				require.NoError(t, resumed.Run(context.Background()))
				assert.Equal(t, want, abmOutcomeOf(t, resumed), "workers %d, k %d, %s", workers, k, ext)
			}
		}
	}
}

// TestABMEnsembleReplicateIsLoneRun: replicate r of an ABM ensemble has
// its own agent table and equals, agent for agent and tick for tick, the
// lone run with seed + r; an ensemble snapshot resumes every replicate
// identically; the memory estimate counts the agents once per replicate.
func TestABMEnsembleReplicateIsLoneRun(t *testing.T) {
	const T, R, seed = 60, 3, 9
	p := abmParams(T, seed)
	e, err := model.NewEnsemble(abmScenario(t), p.BiweeklyParams, R, model.WithType(model.TypeABM),
		model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, e.SetComponents(abmSnapshotComponents()...))
	lone := newABM(t, abmScenario(t), p, abmSnapshotComponents())
	est := e.EstimateMemory()
	require.Equal(t, "agents", est.Items[0].Component)
	one := lone.EstimateMemory().Items[0].Storage.Bytes()
	assert.Equal(t, R*one, est.Items[0].Storage.Bytes(), "agents counted per replicate")
	// A limit that fits one replicate's agents but not R: refused before
	// any replicate creates its table.
	small, err := model.NewEnsemble(abmScenario(t), p.BiweeklyParams, R, model.WithType(model.TypeABM),
		model.WithMemoryLimit(int64(2*one)), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, small.SetComponents(abmSnapshotComponents()...))
	var me *model.MemoryError
	require.ErrorAs(t, small.Initialize(), &me)
	_, err = agents.Of(small.Replicate(0).World())
	assert.Error(t, err, "no agent table was created")

	require.NoError(t, e.RunTicks(context.Background(), 25))
	path := filepath.Join(t.TempDir(), "ensemble.snap")
	require.NoError(t, e.SaveSnapshot(path))
	require.NoError(t, e.Run(context.Background()))
	resumed, err := model.LoadEnsembleSnapshot(path, nil, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))
	tables := map[*agents.Table]bool{}
	for r := range R {
		p := abmParams(T, seed+uint64(r))
		m := newABM(t, abmScenario(t), p, abmSnapshotComponents())
		require.NoError(t, m.Run(context.Background()))
		want := abmOutcomeOf(t, m)
		assert.Equal(t, want, abmOutcomeOf(t, e.Replicate(r)), "replicate %d = lone run with seed %d", r, seed+r)
		assert.Equal(t, want, abmOutcomeOf(t, resumed.Replicate(r)), "resumed replicate %d", r)
		tab, err := agents.Of(e.Replicate(r).World())
		require.NoError(t, err)
		tables[tab] = true
	}
	assert.Len(t, tables, R, "each replicate has its own agent table")
}

// savedABM runs a small ABM for 10 ticks and saves it to a plain (not
// gzip) file in dir, returning the path and the file's JSON and sections.
func savedABM(t *testing.T, dir string) (path string, payload, sections []byte) {
	m := newABM(t, abmScenario(t), abmParams(20, 2), abmSnapshotComponents())
	require.NoError(t, m.RunTicks(context.Background(), 10))
	path = filepath.Join(dir, "abm.json")
	require.NoError(t, m.SaveSnapshot(path))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	k := bytes.IndexByte(data, '\n')
	require.Positive(t, k, "an ABM snapshot's JSON ends with a newline")
	payload, err = snapdigest.Open(bytes.Clone(data[:k]))
	require.NoError(t, err)
	return path, payload, data[k+1:]
}

// TestABMSnapshotErrors: a snapshot whose patch states differ from its
// agents is refused with ErrAgentCounts naming the patch and state; a
// damaged, cut or missing agent section, or bytes after it, are refused
// naming the problem.
func TestABMSnapshotErrors(t *testing.T) {
	dir := t.TempDir()
	_, payload, sections := savedABM(t, dir)
	reseal := func(p []byte) []byte {
		sealed, err := snapdigest.Seal(p)
		require.NoError(t, err)
		return sealed
	}
	sealed := reseal(payload)
	flipped := bytes.Clone(sections)
	flipped[len(flipped)/2] ^= 1
	tampered := tamperFirst(t, payload)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"counts differ from agents", join(reseal(tampered), sections), "the saved patch states differ from the agents: agents: patch 0: S ="},
		{"flipped section byte", join(sealed, flipped), "the section does not match its sha256 digest"},
		{"cut section", join(sealed, sections[:len(sections)/2]), "the section is cut short"},
		{"no section", append(bytes.Clone(sealed), '\n'), "the section is cut short (0 of"},
		{"no newline", bytes.Clone(sealed), "no agent sections after its JSON"},
		{"bytes after", append(join(sealed, sections), 'x'), "data after the last agent section"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, "bad.json")
			require.NoError(t, os.WriteFile(path, c.data, 0o644))
			_, err := model.LoadSnapshot(path, nil, model.WithStdout(io.Discard))
			require.Error(t, err)
			assert.ErrorContains(t, err, "snapshot "+path+": ")
			assert.ErrorContains(t, err, c.want)
			if c.name == "counts differ from agents" {
				assert.ErrorIs(t, err, model.ErrAgentCounts)
			}
		})
	}
}

// join returns the file of a sealed JSON and its sections.
func join(sealed, sections []byte) []byte {
	return append(append(append([]byte(nil), sealed...), '\n'), sections...)
}

// tamperFirst moves one person of patch 0 from R to S in the payload's
// states (the sum per patch stays, so only the agent check can see it).
func tamperFirst(t *testing.T, payload []byte) []byte {
	t.Helper()
	var f map[string]any
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber() // every number kept as written
	require.NoError(t, dec.Decode(&f))
	states := f["states"].(map[string]any)
	s, r := states["S"].([]any), states["R"].([]any)
	sv, err := s[0].(json.Number).Int64()
	require.NoError(t, err)
	rv, err := r[0].(json.Number).Int64()
	require.NoError(t, err)
	require.Positive(t, rv, "patch 0 has someone in R to move")
	s[0], r[0] = sv+1, rv-1
	out, err := json.Marshal(f)
	require.NoError(t, err)
	return out
}

// rescheduler is a test phase with an event kind of its own (calendar
// "rescheduler", a ring of 16 days, so most events start in its
// overflow), validated against the Due column, and no snapshot code for
// the calendar: it schedules every fifth agent at Initialize (a
// Snapshotter, so a load calls RestoreState, which only attaches), and
// each day moves the agents due to R or back to S and reschedules them
// 1–40 days on, by id and day. A resumed run equals the uninterrupted one
// only if the calendar's pending entries are saved and restored (the
// agents package's rule for new event kinds).
type rescheduler struct {
	t   *agents.Table
	cal *agents.Calendar
}

func (*rescheduler) Name() string { return "Rescheduler" }

// attach gets the calendar (the restored one after a load) and claims it.
func (c *rescheduler) attach(m phases.Model) error {
	t, err := agents.Of(m.World())
	if err != nil {
		return err
	}
	cal, err := t.Calendar("rescheduler", 16, int32(m.Tick()))
	if err != nil {
		return err
	}
	c.t, c.cal = t, cal
	return cal.Claim(c.Name(), c)
}

func (c *rescheduler) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	for id := 0; id < c.t.Len(); id += 5 {
		c.t.Due[id] = 1 + int32(id%60)
		c.cal.Add(uint32(id), c.t.Due[id])
	}
	return nil
}

func (c *rescheduler) SnapshotState() (json.RawMessage, error) { return json.RawMessage(`{}`), nil }

func (c *rescheduler) RestoreState(m phases.Model, _ json.RawMessage) error { return c.attach(m) }

func (c *rescheduler) Step(_ phases.Model, tick int) error {
	ids, err := c.cal.Due(int32(tick), c.t.Due)
	if err != nil {
		return err
	}
	for _, id := range ids {
		next := agents.R
		if c.t.State[id] == agents.R {
			next = agents.S
		}
		c.t.SetState(id, next)
		c.t.Due[id] = int32(tick) + 1 + int32((int(id)+tick)%40)
		c.cal.Add(id, c.t.Due[id])
	}
	return nil
}

// TestABMSnapshotSavesNewCalendarKinds: a phase's own calendar is saved
// and restored without snapshot code of its own; the resumed run equals
// the uninterrupted one agent for agent.
func TestABMSnapshotSavesNewCalendarKinds(t *testing.T) {
	fs := func() []phases.Factory {
		return []phases.Factory{func(phases.Model) (phases.Component, error) { return &rescheduler{}, nil },
			abm.NewABMConstantPop(nil)}
	}
	const T, k = 80, 33
	whole := newABM(t, abmScenario(t), abmParams(T, 3), fs())
	require.NoError(t, whole.Run(context.Background()))
	part := newABM(t, abmScenario(t), abmParams(T, 3), fs())
	require.NoError(t, part.RunTicks(context.Background(), k))
	path := filepath.Join(t.TempDir(), "cal.snap")
	require.NoError(t, part.SaveSnapshot(path))
	resumed, err := model.LoadSnapshot(path, fs(), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))
	want := fingerprint(t, whole)
	assert.Equal(t, want, fingerprint(t, resumed))
	assert.Positive(t, sum(want.counts[agents.R]), "the rescheduler moved agents")
}
