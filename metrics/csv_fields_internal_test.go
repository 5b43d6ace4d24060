package metrics

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAppendCount: every digit count, the uint32 boundary and negative
// values are written as strconv writes them, after what the buffer held.
func TestAppendCount(t *testing.T) {
	tests := []int64{0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 65435, 99999, 100000, 999999, 1000000,
		9999999, 10000000, 99999999, 100000000, 999999999, 1000000000, math.MaxUint32 - 1, math.MaxUint32,
		math.MaxUint32 + 1, 1 << 40, math.MaxInt64, -1, -10, -123456, math.MinInt64}
	for _, v := range tests {
		t.Run(strconv.FormatInt(v, 10), func(t *testing.T) {
			assert.Equal(t, "x,"+strconv.FormatInt(v, 10), string(appendCount([]byte("x,"), v)))
			full := make([]byte, 3) // no room left: the buffer grows
			assert.Equal(t, "\x00\x00\x00"+strconv.FormatInt(v, 10), string(appendCount(full, v)))
		})
	}
}

// labelsText returns the labels' rows as strings.
func labelsText(l *csvLabels) []string {
	var out []string
	start := 0
	for _, end := range l.ends {
		out = append(out, string(l.text[start:end]))
		start = end
	}
	return out
}

// TestCSVLabelCache: labels are the quoted id and ",state,"; a cached
// (ids, state) pair is reused, a new state or changed ids are encoded
// anew — also when the ids change in place in the same slice — and more
// pairs than slots evict the oldest.
func TestCSVLabelCache(t *testing.T) {
	var c csvLabelCache
	ids := []string{"a", `b,"c"`, " d"}
	l := c.get(ids, "S")
	assert.Equal(t, []string{"a,S,", `"b,""c""",S,`, `" d",S,`}, labelsText(l))
	assert.Same(t, l, c.get(ids, "S"), "same ids and state: cached")
	assert.Same(t, l, c.get([]string{"a", `b,"c"`, " d"}, "S"), "equal ids elsewhere: cached")
	i := c.get(ids, " I")
	assert.NotSame(t, l, i)
	assert.Equal(t, []string{`a," I",`, `"b,""c"""," I",`, `" d"," I",`}, labelsText(i))
	assert.Same(t, l, c.get(ids, "S"), "two states share the cache")

	ids[1] = "e" // the tracker's slice changed in place
	assert.Equal(t, []string{"a,S,", "e,S,", `" d",S,`}, labelsText(c.get(ids, "S")))
	assert.Empty(t, labelsText(c.get(nil, "S")))

	for k := range csvLabelSlots + 3 {
		state := fmt.Sprint("s", k)
		assert.Equal(t, []string{"a," + state + ","}, labelsText(c.get([]string{"a"}, state)))
	}
	assert.Equal(t, csvLabelSlots, c.used)
}

// TestWriteTidyCSVManyStates: a tracker with more states than label
// slots, whose ids change in place from tick to tick, writes the rows
// encoding/csv writes (the cache never serves stale labels).
func TestWriteTidyCSVManyStates(t *testing.T) {
	states := make([]string, csvLabelSlots+2)
	for k := range states {
		states[k] = fmt.Sprint("state ", k)
	}
	tr := &mutatingTracker{states: states, ids: []string{"x", "y,z"}, ticks: 3}
	var buf bytes.Buffer
	require.NoError(t, WriteTidyCSV(&buf, tr))
	want := "tick,date,patch_id,state,count\n"
	for tick := range 3 {
		for k, state := range states {
			want += fmt.Sprintf("%d,2000-01-01,x%d,%s,%d\n", tick, tick, state, k)
			want += fmt.Sprintf("%d,2000-01-01,\"y,z\",%s,%d\n", tick, state, k+1)
		}
	}
	assert.Equal(t, want, buf.String())
}

// mutatingTracker yields, for every tick and state, one block whose first
// id is "x<tick>" written into the same ids slice every tick.
type mutatingTracker struct {
	states []string
	ids    []string
	ticks  int
}

func (m *mutatingTracker) Name() string { return "Mutating" }

func (m *mutatingTracker) Blocks(yield func(Block) bool) {
	date := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for tick := range m.ticks {
		m.ids[0] = fmt.Sprint("x", tick)
		for k, state := range m.states {
			if !yield(Block{Tick: tick, Date: date, State: state, IDs: m.ids, Counts: []int64{int64(k), int64(k + 1)}}) {
				return
			}
		}
	}
}
