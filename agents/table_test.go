package agents

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
)

// newWorldTable returns an SEIR world of the given populations and a table
// of capacity rows holding one susceptible agent per person.
func newWorldTable(t testing.TB, pops []int64, capacity int) (*ecs.World, *Table) {
	t.Helper()
	lat := make([]float64, len(pops))
	w, err := ecs.NewSEIRWorld(ecs.PatchData{Pop: pops, Lat: lat, Lon: lat, MCV1: lat})
	require.NoError(t, err)
	c, err := WorldCounts(w)
	require.NoError(t, err)
	tab, err := New(c, capacity)
	require.NoError(t, err)
	require.NoError(t, tab.Populate(pops))
	Attach(w, tab)
	return w, tab
}

// TestTableOperationsKeepCounts applies each operation to a small table and
// checks the counts, the susceptible sets and the free list after it.
func TestTableOperationsKeepCounts(t *testing.T) {
	src := rng.NewSource(1, "agents", 0)
	cases := []struct {
		name string
		op   func(t *testing.T, tab *Table)
		live int64
		s0   int64 // patch 0's S afterwards
	}{
		{"none", func(*testing.T, *Table) {}, 10, 4},
		{"expose one", func(_ *testing.T, tab *Table) { tab.SetState(tab.PickSusceptible(0, src), E) }, 10, 3},
		{"S to R to I", func(_ *testing.T, tab *Table) {
			id := tab.Susceptibles(1)[2]
			tab.SetState(id, R)
			tab.SetState(id, I)
		}, 10, 4},
		{"remove and reuse", func(t *testing.T, tab *Table) {
			id := tab.Susceptibles(0)[0]
			tab.Remove(id)
			tab.Remove(id) // a no-op on a free row
			got, ok := tab.Add(1, R, 5)
			require.True(t, ok)
			assert.Equal(t, id, got, "the free row is reused")
			assert.Equal(t, uint32(1), tab.Patch[got])
			assert.Equal(t, NoDeath, tab.Death[got])
		}, 10, 3},
		{"fill to capacity", func(t *testing.T, tab *Table) {
			for range tab.Cap() - tab.Len() {
				_, ok := tab.Add(0, S, 0)
				require.True(t, ok)
			}
			_, ok := tab.Add(0, S, 0)
			assert.False(t, ok, "a full table refuses a birth")
		}, 12, 6},
		{"sample all", func(t *testing.T, tab *Table) {
			got := tab.SampleSusceptibles(1, 6, src, nil)
			assert.ElementsMatch(t, []uint32{4, 5, 6, 7, 8, 9}, got)
			for _, id := range got[:3] {
				tab.SetState(id, E)
			}
		}, 10, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, tab := newWorldTable(t, []int64{4, 6}, 12)
			c.op(t, tab)
			require.NoError(t, CheckCounts(tab, w))
			assert.Equal(t, c.live, tab.Live())
			assert.Equal(t, c.s0, w.S()[0])
		})
	}
}

// TestCheckCountsFindsDrift changes a world count behind the table's back
// and expects CheckCounts to name the patch and state.
func TestCheckCountsFindsDrift(t *testing.T) {
	w, tab := newWorldTable(t, []int64{3, 2}, 5)
	w.R()[1]++
	assert.ErrorContains(t, CheckCounts(tab, w), "patch 1: R = 1 in the world, 0 agents in R")
	w.R()[1]--
	tab.State[0] = I // a column written directly, not through SetState
	assert.ErrorContains(t, CheckCounts(tab, w), "patch 0")
}

// TestNewRejects checks New's argument errors.
func TestNewRejects(t *testing.T) {
	_, err := New(Counts{make([]int64, 2), make([]int64, 1), make([]int64, 2), make([]int64, 2)}, 1)
	assert.ErrorContains(t, err, "count column 1 has 1 patches")
	_, err = New(Counts{}, -1)
	assert.ErrorContains(t, err, "capacity")
}

// TestReserveKeepsRows grows a table and checks that its agents, sets and
// counts survive.
func TestReserveKeepsRows(t *testing.T) {
	w, tab := newWorldTable(t, []int64{2, 3}, 5)
	tab.SetState(3, I)
	tab.DOB[4] = -7
	require.NoError(t, tab.Reserve(20))
	assert.Equal(t, 20, tab.Cap())
	assert.Equal(t, I, tab.State[3])
	assert.Equal(t, int32(-7), tab.DOB[4])
	_, ok := tab.Add(0, S, 0)
	require.True(t, ok)
	require.NoError(t, CheckCounts(tab, w))
}

// TestOfWithoutTable is the error of a world without agents.
func TestOfWithoutTable(t *testing.T) {
	w, err := ecs.NewSEIRWorld(ecs.PatchData{Pop: []int64{1}, Lat: []float64{0}, Lon: []float64{0}, MCV1: []float64{0}})
	require.NoError(t, err)
	_, err = Of(w)
	assert.ErrorContains(t, err, "model = \"abm\"")
}

// TestSampleSusceptiblesUniform draws 2 of a patch's 5 susceptibles many
// times: each must be chosen with probability 2/5. 50 000 samples give a
// standard error of √(0.4·0.6/50000) ≈ 0.0022 per share; the tolerance
// 0.011 is 5 standard errors.
func TestSampleSusceptiblesUniform(t *testing.T) {
	_, tab := newWorldTable(t, []int64{5}, 5)
	src := rng.NewSource(7, "sample", 0)
	const draws = 50_000
	var hits [5]float64
	var buf []uint32
	for range draws {
		buf = tab.SampleSusceptibles(0, 2, src, buf[:0])
		require.NotEqual(t, buf[0], buf[1])
		for _, id := range buf {
			hits[id]++
		}
	}
	for id, h := range hits {
		assert.InDelta(t, 0.4, h/draws, 0.011, "agent %d", id)
	}
}

// TestPopulateRejects checks Populate's argument errors.
func TestPopulateRejects(t *testing.T) {
	_, tab := newWorldTable(t, []int64{1, 1}, 3)
	assert.ErrorContains(t, tab.Populate([]int64{1}), "1 populations for 2 patches")
	assert.ErrorContains(t, tab.Populate([]int64{-1, 0}), "patch 0 has population -1")
	assert.ErrorContains(t, tab.Populate([]int64{1, 1}), "2 agents do not fit in the 1 free rows")
	require.NoError(t, tab.Populate([]int64{0, 1}))
	assert.Equal(t, int64(3), tab.Live())
}
