package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// newModel builds a quiet model with the components, not yet run.
func newModel(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs ...phases.Factory) *model.Model {
	t.Helper()
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard), model.WithWorkers(2))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	return m
}

// grid is the program's scenario: 4×4 towns of 20 000.
func grid(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	require.NoError(t, err)
	return scn
}

// finalS reads the number after the last ": " of the output line starting
// with prefix.
func finalS(t *testing.T, out, prefix string) int64 {
	t.Helper()
	for line := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(line, prefix) {
			v, err := strconv.ParseInt(line[strings.LastIndex(line, ": ")+2:], 10, 64)
			require.NoError(t, err, line)
			return v
		}
	}
	t.Fatalf("no line starting with %q in\n%s", prefix, out)
	return 0
}

// TestCustomphaseRuns runs the program: waning raises the final S above the
// standard schedule's for the same seed, and the tidy CSV holds two rows
// (S, N) per tick whose last S is the printed final S.
func TestCustomphaseRuns(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	text := out.String()
	standard := finalS(t, text, "final S, standard schedule")
	waning := finalS(t, text, "final S, with WaningImmunity")
	// Equilibrium start: S = P − trunc(P·7/8) = 2500 per town (SPEC §5.7),
	// 16 towns → 40 000 before any tick. Waning at 0.01 per tick moves
	// ≈ 0.01·280 000 = 2 800 people per tick back to S, far more than the
	// births (≈ 0.00076·320 000 ≈ 240 per tick), so one year of it leaves S
	// well above the standard run (seeds 1–15 all give ≥ 11 000 more).
	assert.Greater(t, waning, standard+5000, "waning must raise the final S")

	_, csvText, ok := strings.Cut(text, "SusceptibleTracker, waning run:\n")
	require.True(t, ok)
	csvText, shareText, ok := strings.Cut(csvText, "SusceptibleShare, waning run:\n")
	require.True(t, ok)
	records, err := csv.NewReader(strings.NewReader(csvText)).ReadAll()
	require.NoError(t, err)
	require.Len(t, records, 1+2*numTicks, "header + S and N per tick")
	assert.Equal(t, []string{"tick", "date", "patch_id", "state", "count"}, records[0])
	assert.Equal(t, []string{"0", "2000-01-01", "all_patches", "S"}, records[1][:4], "params.Default start 2000-01")
	last := records[len(records)-2] // the last tick's S row
	assert.Equal(t, strconv.Itoa(numTicks-1), last[0])
	assert.Equal(t, "S", last[3])
	assert.Equal(t, strconv.FormatInt(waning, 10), last[4])

	// The share tracker: every shareEvery ticks, one row per grid row
	// (gridSize groups at aggregation level 0), float values in (0, 1).
	shares, err := csv.NewReader(strings.NewReader(shareText)).ReadAll()
	require.NoError(t, err)
	require.Len(t, shares, 1+gridSize*numTicks/shareEvery, "header + one row per grid row and sampled tick")
	assert.Equal(t, []string{"tick", "date", "patch_id", "state", "value"}, shares[0])
	for _, r := range shares[1:] {
		tick, err := strconv.Atoi(r[0])
		require.NoError(t, err)
		assert.Zero(t, tick%shareEvery, "only sampled ticks")
		v, err := strconv.ParseFloat(r[4], 64)
		require.NoError(t, err)
		assert.True(t, v > 0 && v < 1, "a share: %v", r)
	}
}

// TestWaningAfterInfection checks the schedule: WaningImmunity runs right
// after InfectionProcess and the tracker comes last.
func TestWaningAfterInfection(t *testing.T) {
	m := newModel(t, grid(t), paramstest.QuietParams(2, 1), schedule(&WaningImmunityParams{RatePerTick: 0.01})...)
	var names []string
	for _, c := range m.Instances() {
		names = append(names, c.Name())
	}
	assert.Equal(t, []string{
		systems.EquilibriumName, systems.ImportationName, systems.InfectionName,
		WaningImmunityName, systems.VitalDynamicsName, "StateTracker", SusceptibleTrackerName, SusceptibleShareName,
	}, names)
}

// TestWaningImmunityDraws checks the phase alone (no infection, no births):
// rate 1 moves every R to S and rate 0 none (rng.Binomial's exact edge
// cases), and rate 0.1 moves 0.1·R on average, within 5 SE.
func TestWaningImmunityDraws(t *testing.T) {
	// 600 patches = 3 blocks of rng.BlockSize 256, so the blocks matter.
	scn, err := scenario.Grid(20, 30, 5000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	// InitializeEquilibriumStates at R0 = 8: R = trunc(5000·7/8) = 4375 per
	// patch, S = 625 (SPEC §5.7); 600 patches → ΣR = 2 625 000.
	const totalR = 600 * 4375
	for _, tc := range []struct {
		rate     float64
		wantMean float64
	}{{0, 0}, {1, totalR}, {0.1, 0.1 * totalR}} {
		m := newModel(t, scn, paramstest.QuietParams(1, 3),
			systems.NewInitializeEquilibriumStates(nil), NewWaningImmunity(&WaningImmunityParams{RatePerTick: tc.rate}))
		require.NoError(t, m.Run(context.Background()))
		r, err := m.Patches().Column("R")
		require.NoError(t, err)
		s, err := m.Patches().Column("S")
		require.NoError(t, err)
		var sumR, sumS int64
		for j := range r {
			sumR += r[j]
			sumS += s[j]
		}
		assert.Equal(t, int64(600*5000), sumR+sumS, "waning conserves S + R")
		moved := float64(totalR - sumR)
		// SE of a sum of Binomial(4375, p) over 600 patches: √(ΣR·p·(1−p)).
		se := math.Sqrt(totalR * tc.rate * (1 - tc.rate))
		assert.InDelta(t, tc.wantMean, moved, 5*se+1e-9, "rate %v", tc.rate)
	}
}

// TestWaningImmunityWorkers: the same seed gives the same states
// sequentially and on two workers (each block draws from its own stream).
func TestWaningImmunityWorkers(t *testing.T) {
	scn, err := scenario.Grid(20, 30, 5000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	var finals [2][]int64
	for k, numba := range []bool{false, true} {
		p := paramstest.QuietParams(10, 5)
		p.Parallel = numba
		m := newModel(t, scn, p, schedule(nil)[:1]...) // InitializeEquilibriumStates
		require.NoError(t, m.AddComponent(NewWaningImmunity(nil)))
		require.NoError(t, m.Run(context.Background()))
		s, err := m.Patches().Column("S")
		require.NoError(t, err)
		finals[k] = s
	}
	assert.Equal(t, finals[0], finals[1])
}

// TestWaningImmunityNoAllocations: a Step allocates nothing (DESIGN §4), on
// the sequential and the parallel path.
func TestWaningImmunityNoAllocations(t *testing.T) {
	scn, err := scenario.Grid(20, 30, 5000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	for _, numba := range []bool{false, true} {
		p := paramstest.QuietParams(10, 1)
		p.Parallel = numba
		m := newModel(t, scn, p, NewWaningImmunity(nil), NewSusceptibleTracker())
		require.NoError(t, m.Initialize())
		w := model.InstancesOf[*WaningImmunity](m)[0]
		tr := model.InstancesOf[*SusceptibleTracker](m)[0]
		allocs := testing.AllocsPerRun(100, func() {
			if err := w.Step(m, 0); err != nil {
				t.Fatal(err)
			}
			if err := tr.Step(m, 0); err != nil {
				t.Fatal(err)
			}
		})
		assert.Zero(t, allocs, "use_numba %v", numba)
	}
}

// TestWaningImmunityParams: defaults, strict decoding (alias, unknown key
// with a suggestion) and Validate's message.
func TestWaningImmunityParams(t *testing.T) {
	p, err := DecodeWaningImmunityParams([]byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, DefaultWaningImmunityParams(), p)

	p, err = DecodeWaningImmunityParams([]byte(`{"waning_rate": 0.2}`))
	require.NoError(t, err)
	assert.Equal(t, 0.2, p.RatePerTick)

	_, err = DecodeWaningImmunityParams([]byte(`{"rate_per_tik": 0.2}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"rate_per_tick"`)

	for _, bad := range []float64{-0.1, 1.5, math.NaN()} {
		err := WaningImmunityParams{RatePerTick: bad}.Validate()
		require.Error(t, err)
		assert.Contains(t, err.Error(), "WaningImmunity: rate_per_tick must be in [0, 1]")
	}
	m, err := model.NewBiweekly(grid(t), paramstest.QuietParams(1, 1))
	require.NoError(t, err)
	assert.Error(t, m.SetComponents(NewWaningImmunity(&WaningImmunityParams{RatePerTick: 2})), "the factory validates")
}

// TestSusceptibleTrackerRoundTrip: SnapshotState → RestoreState on a fresh
// model with the same components gives the same records, and storage grows
// to a longer num_ticks.
func TestSusceptibleTrackerRoundTrip(t *testing.T) {
	scn := grid(t)
	m := newModel(t, scn, paramstest.QuietParams(10, 7), schedule(&WaningImmunityParams{RatePerTick: 0.01})...)
	require.NoError(t, m.RunTicks(context.Background(), 4))
	saved := model.InstancesOf[*SusceptibleTracker](m)[0]
	state, err := saved.SnapshotState()
	require.NoError(t, err)

	for _, ticks := range []int{10, 20} {
		fresh := newModel(t, scn, paramstest.QuietParams(ticks, 7), schedule(&WaningImmunityParams{RatePerTick: 0.01})...)
		tr := model.InstancesOf[*SusceptibleTracker](fresh)[0]
		require.NoError(t, tr.RestoreState(fresh, state))
		assert.Equal(t, 4, tr.Recorded())
		assert.Equal(t, saved.Series(), tr.Series())
		assert.Equal(t, metrics.Tidy(saved), metrics.Tidy(tr))
		assert.Equal(t, ticks, int(tr.TickStorage(fresh, ticks).Bytes()/(2*8)), "storage sized for num_ticks: 2 states × 1 group of 8 bytes per tick")
	}

	tr := model.InstancesOf[*SusceptibleTracker](m)[0]
	assert.ErrorContains(t, tr.RestoreState(m, []byte(`{"group_ids":["all_patches"],"states":["S"],"every":1,"rows":[]}`)), "SusceptibleTracker: snapshot has 1 states, the model has 2")
	assert.ErrorContains(t, tr.RestoreState(m, []byte(`[`)), "SusceptibleTracker: snapshot state:")
}

// TestResumeWithUserComponents: SaveSnapshot halfway and LoadSnapshot with
// the user factories continue the run exactly as the uninterrupted run;
// LoadSnapshot without them asks for them.
func TestResumeWithUserComponents(t *testing.T) {
	scn := grid(t)
	p := paramstest.QuietParams(numTicks, seed)
	waning := &WaningImmunityParams{RatePerTick: 0.01}

	whole := newModel(t, scn, p, schedule(waning)...)
	require.NoError(t, whole.Run(context.Background()))

	half := newModel(t, scn, p, schedule(waning)...)
	require.NoError(t, half.RunTicks(context.Background(), numTicks/2))
	path := filepath.Join(t.TempDir(), "half.snap")
	require.NoError(t, half.SaveSnapshot(path))

	_, err := model.LoadSnapshot(path, nil)
	assert.ErrorContains(t, err, `snapshot component "WaningImmunity" is not built in; pass its factory`)

	resumed, err := model.LoadSnapshot(path, schedule(waning), model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))

	want := model.InstancesOf[*SusceptibleTracker](whole)[0]
	got := model.InstancesOf[*SusceptibleTracker](resumed)[0]
	assert.Equal(t, want.Series(), got.Series())
	for _, state := range []string{"S", "I", "R"} {
		a, err := whole.Patches().Column(state)
		require.NoError(t, err)
		b, err := resumed.Patches().Column(state)
		require.NoError(t, err)
		assert.Equal(t, a, b, state)
	}
}
