package metrics_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// reporting returns a per-patch tracker factory with the given reporting
// keys.
func reporting(rate float64, kind string, psi float64, days int, count string) phases.Factory {
	return metrics.NewCaseSurveillanceTracker(&metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(rate),
		AggregationLevel: metrics.PerPatch, Reporting: kind, Psi: scenario.PatchNumber(psi), AggregateDays: days, Count: count})
}

// TestCaseSurveillanceReportingParams: the new keys decode with their
// defaults and every bad value is an error naming the key.
func TestCaseSurveillanceReportingParams(t *testing.T) {
	p, err := metrics.DecodeCaseSurveillanceTrackerParams([]byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, metrics.ReportingBinomial, p.Reporting)
	assert.Zero(t, p.Psi)
	assert.Zero(t, p.AggregateDays)
	assert.Equal(t, metrics.CountI, p.Count)
	assert.Equal(t, metrics.ReportDateLastDay, p.ReportDate)
	p, err = metrics.DecodeCaseSurveillanceTrackerParams([]byte(`{"reporting": "negative_binomial", "psi": 0.4, "aggregate_days": 28, "count": "incidence"}`))
	require.NoError(t, err)
	assert.Equal(t, metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(0.1), AggregationLevel: metrics.PerPatch,
		Reporting: metrics.ReportingNegativeBinomial, Psi: scenario.PatchNumber(0.4), AggregateDays: 28, Count: metrics.CountIncidence,
		ReportDate: metrics.ReportDateLastDay}, p)
	p, err = metrics.DecodeCaseSurveillanceTrackerParams([]byte(`{"reporting": "he2010", "psi": 0.116, "report_date": "end"}`))
	require.NoError(t, err)
	assert.Equal(t, metrics.ReportingHe2010, p.Reporting)
	assert.Equal(t, metrics.ReportDateEnd, p.ReportDate)

	for _, tt := range []struct{ in, msg string }{
		{`{"reporting": "poisson"}`, `CaseSurveillanceTracker: reporting must be "binomial", "negative_binomial" or "he2010", got "poisson"`},
		{`{"report_date": "start"}`, `CaseSurveillanceTracker: report_date must be "last_day" or "end", got "start"`},
		{`{"psi": 0.3}`, `CaseSurveillanceTracker: psi = 0.3 needs reporting = "negative_binomial" (reporting is "binomial")`},
		{`{"reporting": "negative_binomial", "psi": -0.1}`, `CaseSurveillanceTracker: psi must be finite, >= 0 and at most 100 (a coefficient of variation of reports of 100), got -0.1`},
		{`{"aggregate_days": -7}`, `CaseSurveillanceTracker: aggregate_days must be >= 0 (0 = every tick), got -7`},
		{`{"aggregate_days": 1.5}`, `aggregate_days`},
		{`{"count": "E"}`, `CaseSurveillanceTracker: count must be "I" or "incidence", got "E"`},
		{`{"reporting": 1}`, `reporting`},
	} {
		_, err := metrics.DecodeCaseSurveillanceTrackerParams([]byte(tt.in))
		require.ErrorContains(t, err, tt.msg, tt.in)
	}
	nan := metrics.DefaultCaseSurveillanceTrackerParams()
	nan.Reporting, nan.Psi = metrics.ReportingNegativeBinomial, scenario.PatchNumber(math.NaN())
	require.ErrorContains(t, nan.Validate(), "CaseSurveillanceTracker: psi must be finite, >= 0 and at most 100 (a coefficient of variation of reports of 100), got NaN")
	nan.Psi = scenario.PatchNumber(math.Inf(1))
	require.ErrorContains(t, nan.Validate(), "CaseSurveillanceTracker: psi must be finite, >= 0 and at most 100 (a coefficient of variation of reports of 100), got +Inf")
}

// TestCaseSurveillanceInitializeErrors: aggregate_days that is not a
// multiple of the biweekly tick (14 days), and count = "incidence" without
// an infection phase before the tracker, fail naming the key when the
// tracker is built (so `rubeola validate` sees them).
func TestCaseSurveillanceInitializeErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		fs   []phases.Factory
		msg  string
	}{
		{"aggregate_days 10", []phases.Factory{reporting(0.5, "", 0, 10, "")},
			"CaseSurveillanceTracker: aggregate_days = 10 must be a positive multiple of the model's time step (14 days)"},
		{"aggregate_days 7", []phases.Factory{reporting(0.5, "", 0, 7, "")},
			"CaseSurveillanceTracker: aggregate_days = 7 must be a positive multiple of the model's time step (14 days)"},
		{"no source", []phases.Factory{reporting(0.5, "", 0, 0, metrics.CountIncidence)},
			`CaseSurveillanceTracker: count = "incidence" needs a phase that records incidence (an infection phase) before the tracker in the component list`},
		{"source after", []phases.Factory{reporting(0.5, "", 0, 0, metrics.CountIncidence), systems.NewInfection(nil)},
			`CaseSurveillanceTracker: count = "incidence" needs a phase that records incidence (an infection phase) before the tracker in the component list`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := model.NewBiweekly(bigThree(t), quietParams(4), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
			require.NoError(t, err)
			require.ErrorContains(t, m.SetComponents(tt.fs...), tt.msg)
		})
	}
}

// TestCaseSurveillanceBinomialParity: reporting = "negative_binomial" with
// psi 0, and count = "incidence" (in the biweekly model, I after Infection
// is the tick's incidence), report exactly what the default tracker does
// from the same streams: they draw the same numbers in the same order.
func TestCaseSurveillanceBinomialParity(t *testing.T) {
	run := func(f phases.Factory) [][]int64 {
		seeding := systems.DefaultSeedingParams()
		seeding.NumInfections = 50
		m := newModel(t, regions(t), 30, systems.NewInfectionSeeding(&seeding), systems.NewInfection(nil), f)
		require.NoError(t, m.Run(context.Background()))
		return model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Counts()
	}
	want := run(reporting(0.3, "", 0, 0, ""))
	var total int64
	for _, row := range want {
		for _, v := range row {
			total += v
		}
	}
	require.Positive(t, total, "some cases reported")
	assert.Equal(t, want, run(reporting(0.3, metrics.ReportingNegativeBinomial, 0, 0, "")), "psi 0")
	assert.Equal(t, want, run(reporting(0.3, metrics.ReportingBinomial, 0, 0, metrics.CountIncidence)), "count incidence")
}

// TestCaseSurveillanceWindows: with detection rate 1 a window's report is
// its ticks' I summed exactly; aggregate_days 28 on the biweekly model (2
// ticks per window) over 31 ticks gives 15 rows (the 31st tick's partial
// window is not reported), each labelled with its last tick 2w + 1 and
// that tick's date; aggregate_days 14 is the tick itself.
func TestCaseSurveillanceWindows(t *testing.T) {
	const ticks = 31
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	seeding := systems.DefaultSeedingParams()
	seeding.NumInfections = 50
	m := newModel(t, regions(t), ticks, systems.NewInfectionSeeding(&seeding), systems.NewInfection(nil),
		metrics.NewStateTracker(&per), reporting(1, "", 0, 28, ""), reporting(1, "", 0, 14, ""),
		reporting(1, metrics.ReportingNegativeBinomial, 0.3, 28, metrics.CountIncidence))
	require.NoError(t, m.Run(context.Background()))
	inf, err := model.InstancesOf[*metrics.StateTracker](m)[0].Counts("I")
	require.NoError(t, err)
	css := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	weekly, each, nb := css[0], css[1], css[2]
	require.Equal(t, 2, weekly.TicksPerRow())
	require.Equal(t, 1, each.TicksPerRow())
	assert.Equal(t, ticks/2, weekly.NumTicks())
	assert.Equal(t, ticks/2, weekly.Recorded())
	assert.Equal(t, ticks/2, nb.Recorded())
	counts := weekly.Counts()
	var total int64
	for g := range counts {
		for w := range ticks / 2 {
			assert.Equal(t, inf[2*w][g]+inf[2*w+1][g], counts[g][w], "patch %d window %d", g, w)
			total += counts[g][w]
		}
		for tick := range ticks {
			assert.Equal(t, inf[tick][g], each.Counts()[g][tick])
		}
	}
	require.Positive(t, total, "the epidemic produced cases")

	rows := weekly.Tidy()
	require.Len(t, rows, ticks/2*len(counts))
	for k, r := range rows {
		w := k / len(counts)
		assert.Equal(t, 2*w+1, r.Tick, "row %d", k)
		assert.Equal(t, m.TickDate(2*w+1).Format(time.DateOnly), r.Date, "row %d", k)
		assert.Equal(t, counts[k%len(counts)][w], r.Count, "row %d", k)
	}
}

// TestCaseSurveillanceWindowResume: negative_binomial reporting over 28-day
// windows (2 biweekly ticks), saved after 5 ticks — in the middle of window
// 2, during the epidemic's rise — and resumed to 30 ticks, gives the tracker state and the results file
// bit-identical to an uninterrupted run (SPEC §9): the window's partial sums
// are in the snapshot.
func TestCaseSurveillanceWindowResume(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	factories := func(path string) []phases.Factory {
		return []phases.Factory{systems.NewImportationPressure(nil), systems.NewInfection(nil),
			reporting(0.4, metrics.ReportingNegativeBinomial, 0.3, 28, ""),
			reporting(0.4, metrics.ReportingNegativeBinomial, 0.5, 28, metrics.CountIncidence),
			metrics.NewStateTracker(nil), metrics.NewResultsWriter(&metrics.ResultsWriterParams{Path: path})}
	}
	full := snapshotModel(t, regions(t), 30, factories("full.json"))
	require.NoError(t, full.Run(context.Background()))

	part := snapshotModel(t, regions(t), 20, factories("resumed.json"))
	require.NoError(t, part.RunTicks(context.Background(), 5))
	states := trackerStates(t, part)
	var mid struct {
		Partial []int64 `json:"partial"`
	}
	require.NoError(t, json.Unmarshal(states[0], &mid))
	require.Len(t, mid.Partial, 8, "one window sum per patch")
	var partial int64
	for _, v := range mid.Partial {
		partial += v
	}
	require.Positive(t, partial, "the window under way has counts")
	path := filepath.Join(dir, "tick-5.snap")
	require.NoError(t, part.SaveSnapshot(path))
	resumed, err := model.LoadSnapshot(path, factories("resumed.json"), model.WithNumTicks(30),
		model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))

	assert.Equal(t, trackerStates(t, full), trackerStates(t, resumed))
	var total int64
	for _, v := range model.InstancesOf[*metrics.CaseSurveillanceTracker](full)[0].Series() {
		total += v
	}
	require.Positive(t, total, "cases were reported")
	want, err := os.ReadFile("full.json")
	require.NoError(t, err)
	got, err := os.ReadFile("resumed.json")
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(got))
}

// TestCaseSurveillanceWindowRestoreErrors: window sums that do not fit the
// rebuilt tracker are errors naming it.
func TestCaseSurveillanceWindowRestoreErrors(t *testing.T) {
	windowed := []phases.Factory{reporting(0.4, "", 0, 28, "")}
	for _, tt := range []struct {
		name  string
		fs    []phases.Factory
		state string
		msg   string
	}{
		{"missing", windowed, `{"group_ids": %s, "rows": []}`, `CaseSurveillanceTracker: snapshot state has 0 window sums ("partial"), want one per patch (8)`},
		{"short", windowed, `{"group_ids": %s, "rows": [], "partial": [1, 2]}`, `CaseSurveillanceTracker: snapshot state has 2 window sums ("partial"), want one per patch (8)`},
		{"negative", windowed, `{"group_ids": %s, "rows": [], "partial": [0, 0, -1, 0, 0, 0, 0, 0]}`, `CaseSurveillanceTracker: snapshot window sum of patch 2 is -1: counts must be >= 0`},
		{"unexpected", []phases.Factory{reporting(0.4, "", 0, 0, "")}, `{"group_ids": %s, "rows": [], "partial": [0, 0, 0, 0, 0, 0, 0, 0]}`, `CaseSurveillanceTracker: snapshot state has window sums ("partial") but aggregate_days is one tick`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := snapshotModel(t, regions(t), 10, tt.fs)
			ids, err := json.Marshal(model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].GroupIDs())
			require.NoError(t, err)
			state := json.RawMessage(fmt.Sprintf(tt.state, ids))
			require.EqualError(t, restoreTrackers(m, []json.RawMessage{state}), tt.msg)
		})
	}
}

// TestCaseSurveillanceReportingAllocs: negative_binomial reporting (both
// branches: ψ²C above and below 1 across the patches' counts), windows and
// count = "incidence" allocate nothing per Step once initialised (DESIGN §4
// rule 1); 600 patches span three stream blocks.
func TestCaseSurveillanceReportingAllocs(t *testing.T) {
	scn, err := scenario.Grid(20, 30, 10000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	m := newModel(t, scn, 8, systems.NewInfection(nil),
		reporting(0.4, metrics.ReportingNegativeBinomial, 0.3, 0, ""),
		reporting(0.4, metrics.ReportingNegativeBinomial, 0.05, 28, metrics.CountIncidence),
		reporting(1, metrics.ReportingNegativeBinomial, 0.2, 0, metrics.CountIncidence))
	infected := make([]int, scn.Len())
	counts := make([]int64, scn.Len())
	for j := range infected {
		infected[j], counts[j] = j, int64(1+j%300)
	}
	require.NoError(t, m.Infect(infected, counts))
	require.NoError(t, m.Initialize())
	require.NoError(t, m.Instances()[0].(phases.Stepper).Step(m, 0), "the infection fills its incidence")
	for _, c := range m.Instances()[1:] {
		step := c.(phases.Stepper)
		tick := 0
		allocs := testing.AllocsPerRun(20, func() {
			if err := step.Step(m, tick%8); err != nil {
				panic(err)
			}
			tick++
		})
		assert.Zero(t, allocs, "%s", c.Name())
	}
}

// TestCaseSurveillanceWindowsFollowTheRun: the blocks of ticks before k
// are final once k ticks have run (the contract that lets the CLI stream a
// table while the run goes on, metrics.Tracker): a window's row appears
// only with its last tick, so running on never adds a block below k.
func TestCaseSurveillanceWindowsFollowTheRun(t *testing.T) {
	seeding := systems.DefaultSeedingParams()
	seeding.NumInfections = 50
	m := newModel(t, regions(t), 12, systems.NewInfectionSeeding(&seeding), systems.NewInfection(nil),
		reporting(0.5, metrics.ReportingNegativeBinomial, 0.2, 42, ""))
	tr := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0]
	below := func(k int) []int {
		var ticks []int
		for b := range tr.Blocks {
			if b.Tick < k {
				ticks = append(ticks, b.Tick)
			}
		}
		return ticks
	}
	var seen [][]int
	for k := 1; k <= 12; k++ {
		require.NoError(t, m.RunTicks(context.Background(), 1))
		for j, s := range seen {
			assert.Equal(t, s, below(j+1), "after %d ticks: the blocks below tick %d changed", k, j+1)
		}
		seen = append(seen, below(k))
	}
	assert.Equal(t, []int{2, 5, 8, 11}, below(12), "3 ticks per window, labelled with the last")
}

// TestCaseSurveillanceIncidenceSourceAfter: a tracker with count =
// "incidence" prepended before the model's Infection is refused when it is
// built: it sees only the components before its place.
func TestCaseSurveillanceIncidenceSourceAfter(t *testing.T) {
	m, err := model.NewBiweekly(bigThree(t), quietParams(4), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewInfection(nil)))
	require.EqualError(t, m.PrependComponent(reporting(0.5, "", 0, 0, metrics.CountIncidence)),
		`CaseSurveillanceTracker: count = "incidence" needs a phase that records incidence (an infection phase) before the tracker in the component list`)
	require.NoError(t, m.AddComponent(reporting(0.5, "", 0, 0, metrics.CountIncidence)), "after Infection it is taken")
	require.NoError(t, m.Initialize())
}
