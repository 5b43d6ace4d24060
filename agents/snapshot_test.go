package agents

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
)

// churn is a day of random table activity driven by the stream of day d:
// infections from the susceptible sets with disease timers, timers firing
// (E → I → R), deaths from the death calendar (rows freed) and births into
// free rows with deaths scheduled, some beyond the death ring (overflow).
func churn(t *testing.T, tab *Table, day int32) {
	src := rng.NewSource(7, "churn", uint64(day))
	disease, err := tab.Calendar("disease", 8, 0)
	require.NoError(t, err)
	death, err := tab.Calendar("death", 16, 0)
	require.NoError(t, err)
	for j := range tab.Patches() {
		n := min(int(rng.Uint32n(src, 3)), len(tab.Susceptibles(j)))
		for _, id := range tab.SampleSusceptibles(j, n, src, nil) {
			tab.SetState(id, E)
			tab.Due[id] = day + 1 + int32(rng.Uint32n(src, 12))
			disease.Add(id, tab.Due[id])
		}
	}
	ids, err := disease.Due(day, tab.Due)
	require.NoError(t, err)
	for _, id := range ids {
		if tab.State[id] == E {
			tab.SetState(id, I)
			tab.Due[id] = day + 2
			disease.Add(id, day+2)
		} else {
			tab.SetState(id, R)
			tab.Due[id] = NoDeath
		}
	}
	ids, err = death.Due(day, tab.Death)
	require.NoError(t, err)
	births := len(ids)
	for _, id := range ids {
		tab.Remove(id)
	}
	for range births {
		id, ok := tab.Add(int(rng.Uint32n(src, uint32(tab.Patches()))), S, day)
		require.True(t, ok)
		tab.Death[id] = day + 1 + int32(rng.Uint32n(src, 40))
		death.Add(id, tab.Death[id])
	}
}

// scheduleDeaths gives every agent a death day in [1, 40] (beyond the
// death ring of 16 days for most).
func scheduleDeaths(t *testing.T, tab *Table) {
	death, err := tab.Calendar("death", 16, 0)
	require.NoError(t, err)
	src := rng.NewSource(3, "deaths", 0)
	for id := range tab.Len() {
		tab.Death[id] = 1 + int32(rng.Uint32n(src, 40))
		death.Add(uint32(id), tab.Death[id])
	}
}

// restored writes tab's snapshot and reads it into a fresh world of the
// same patches.
func restored(t *testing.T, tab *Table, pops []int64) (*ecs.World, *Table) {
	var buf bytes.Buffer
	require.NoError(t, tab.WriteSnapshot(&buf))
	w, _ := newWorldTable(t, make([]int64, len(pops)), 0)
	c, err := WorldCounts(w)
	require.NoError(t, err)
	got, err := ReadSnapshot(&buf, c, tab.Cap())
	require.NoError(t, err)
	Attach(w, got)
	return w, got
}

// TestSnapshotRoundTripContinues: a table saved mid-run and read back is
// equal to the original (columns, counts, sets, free list, calendars), and
// both continue identically for 60 more days of the same activity.
func TestSnapshotRoundTripContinues(t *testing.T) {
	pops := []int64{40, 25, 0, 60}
	w, tab := newWorldTable(t, pops, 400)
	scheduleDeaths(t, tab)
	for day := range int32(25) {
		churn(t, tab, day)
	}
	w2, tab2 := restored(t, tab, pops)
	require.NoError(t, CheckCounts(tab2, w2))
	assert.Equal(t, tab.Live(), tab2.Live())
	for day := int32(25); day < 85; day++ {
		churn(t, tab, day)
		churn(t, tab2, day)
	}
	require.NoError(t, CheckCounts(tab2, w2))
	assertSameTable(t, tab, tab2)
	for k := range NumStates {
		assert.Equal(t, [][]int64{w.S(), w.E(), w.I(), w.R()}[k], [][]int64{w2.S(), w2.E(), w2.I(), w2.R()}[k])
	}
}

// assertSameTable compares every column's used rows, the susceptible sets
// in order, the free list and the calendars.
func assertSameTable(t *testing.T, a, b *Table) {
	t.Helper()
	require.Equal(t, a.Len(), b.Len())
	ca, cb := a.columns(), b.columns()
	for k := range ca {
		assert.Equal(t, ca[k].put(nil, 0, a.Len()), cb[k].put(nil, 0, b.Len()), ca[k].name)
	}
	assert.Equal(t, a.sus, b.sus)
	assert.Equal(t, a.free, b.free)
	require.Len(t, b.cals, len(a.cals))
	for k, c := range a.cals {
		d := b.cals[k]
		assert.Equal(t, c.name, d.name)
		assert.Equal(t, c.now, d.now)
		assert.Equal(t, c.pending, d.pending)
		for x := range c.buckets {
			assert.Equal(t, len(c.buckets[x]), len(d.buckets[x]))
			if len(c.buckets[x]) > 0 {
				assert.Equal(t, c.buckets[x], d.buckets[x], "%s bucket %d", c.name, x)
			}
		}
		assert.Equal(t, c.far, d.far)
		assert.Equal(t, c.farDay, d.farDay)
	}
}

// TestSnapshotColumnsCoverTable: every per-agent column of Table (an
// exported slice field) is saved; a new column added to Table without
// adding it to columns() fails here.
func TestSnapshotColumnsCoverTable(t *testing.T) {
	_, tab := newWorldTable(t, []int64{3}, 3)
	saved := map[uintptr]bool{}
	for _, c := range tab.columns() {
		saved[reflect.ValueOf(c.put).Pointer()] = true
	}
	typ := reflect.TypeFor[Table]()
	v := reflect.ValueOf(tab).Elem()
	var names []string
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.IsExported() && f.Type.Kind() == reflect.Slice && v.Field(i).Len() == tab.Cap() {
			names = append(names, f.Name)
		}
	}
	assert.Len(t, tab.columns(), len(names), "columns() lists every column of Table: %v", names)
}

// corrupt returns the snapshot of a small table with its decoded bytes
// changed by edit, compressed again.
func corrupt(t testing.TB, edit func(raw []byte) []byte) []byte {
	_, tab := newWorldTable(t, []int64{3, 2}, 8)
	tab.SetState(0, R)
	tab.Remove(4)
	var buf bytes.Buffer
	require.NoError(t, tab.WriteSnapshot(&buf))
	zr, err := zstd.NewReader(&buf)
	require.NoError(t, err)
	raw, err := zr.DecodeAll(buf.Bytes(), nil)
	require.NoError(t, err)
	zr.Close()
	zw, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	return zw.EncodeAll(edit(raw), nil)
}

// TestReadSnapshotErrors: damaged or mismatched content is an error naming
// what is wrong (offsets follow the layout: the magic is a 4-byte length
// and 14 bytes, then version, patches, rows, bound, column count, so the
// first column's name starts at byte 38; its values at 38 + 4 + 5 + 4).
func TestReadSnapshotErrors(t *testing.T) {
	const patchValues = 38 + 4 + len("patch") + 4
	// state column: after the 5 patch values (20 bytes), name and size.
	const stateValues = patchValues + 5*4 + 4 + len("state") + 4
	cases := []struct {
		name    string
		data    []byte
		patches int
		want    string
	}{
		{"not zstd", []byte("hello"), 2, "magic number mismatch"},
		{"truncated", corrupt(t, func(raw []byte) []byte { return raw[:len(raw)-3] }), 2, "ends early"},
		{"trailing", corrupt(t, func(raw []byte) []byte { return append(raw, 0) }), 2, "data after the calendars"},
		{"other patches", corrupt(t, func(raw []byte) []byte { return raw }), 3, "the table has 2 patches, the model 3"},
		{"agent in no patch", corrupt(t, func(raw []byte) []byte { raw[patchValues] = 9; return raw }), 2, "agent 0 has state 3 and patch 9"},
		{"unknown state", corrupt(t, func(raw []byte) []byte { raw[stateValues+1] = 7; return raw }), 2, "agent 1 has state 7"},
		{"susceptible set mismatch", corrupt(t, func(raw []byte) []byte { raw[stateValues+1] = R; return raw }), 2,
			"patch 0's susceptible set: count 2 is above 1"},
		{"wrong magic", corrupt(t, func(raw []byte) []byte { raw[4] = 'R'; return raw }), 2, "is not an agent table"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, _ := newWorldTable(t, make([]int64, c.patches), 0)
			counts, err := WorldCounts(w)
			require.NoError(t, err)
			_, err = ReadSnapshot(bytes.NewReader(c.data), counts, 16)
			require.Error(t, err)
			assert.ErrorContains(t, err, c.want)
		})
	}
}

// FuzzReadSnapshot feeds damaged layouts (the uncompressed bytes, then
// compressed as WriteSnapshot does) to ReadSnapshot: it must return an
// error or a table whose counts equal its agents, never panic.
//
//	go test -run '^$' -fuzz FuzzReadSnapshot -fuzztime 10s ./agents
func FuzzReadSnapshot(f *testing.F) {
	f.Add(corrupt(f, func(raw []byte) []byte { return raw }))
	zr, err := zstd.NewReader(nil)
	if err != nil {
		f.Fatal(err)
	}
	seed, err := zr.DecodeAll(corrupt(f, func(raw []byte) []byte { return raw }), nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	zw, err := zstd.NewWriter(nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		w, _ := newWorldTable(t, []int64{0, 0}, 0)
		c, err := WorldCounts(w)
		require.NoError(t, err)
		tab, err := ReadSnapshot(bytes.NewReader(zw.EncodeAll(raw, nil)), c, 64)
		if err != nil {
			return
		}
		Attach(w, tab)
		require.NoError(t, CheckCounts(tab, w))
	})
}
