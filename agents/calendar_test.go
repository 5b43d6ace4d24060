package agents

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCalendarFiresOnDay schedules events within and beyond the ring and
// checks the day each fires and that stale entries do not.
func TestCalendarFiresOnDay(t *testing.T) {
	cases := []struct {
		name    string
		horizon int
		days    []int32 // event day per id
		stale   []int   // ids whose column is changed after scheduling
	}{
		{"within the ring", 8, []int32{1, 3, 3, 7}, nil},
		{"beyond the ring", 4, []int32{2, 9, 30, 31}, nil},
		{"stale entries", 8, []int32{2, 2, 5}, []int{1}},
		{"today", 8, []int32{0, 0}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cal, err := NewCalendar(c.name, c.horizon)
			require.NoError(t, err)
			when := make([]int32, len(c.days))
			for id, d := range c.days {
				when[id] = d
				cal.Add(uint32(id), d)
			}
			for _, id := range c.stale {
				when[id] = NoDeath
			}
			fired := map[uint32]int32{}
			for day := int32(0); day < 40; day++ {
				ids, err := cal.Due(day, when)
				require.NoError(t, err)
				for _, id := range ids {
					_, dup := fired[id]
					require.False(t, dup, "agent %d fired twice", id)
					fired[id] = day
				}
			}
			for id, d := range c.days {
				if when[id] == NoDeath {
					assert.NotContains(t, fired, uint32(id))
					continue
				}
				require.Contains(t, fired, uint32(id))
				assert.Equal(t, d, fired[uint32(id)], "agent %d", id)
			}
		})
	}
}

// TestCalendarRejectsSkippedDay: days must be fired consecutively.
func TestCalendarRejectsSkippedDay(t *testing.T) {
	cal, err := NewCalendar("x", 4)
	require.NoError(t, err)
	_, err = cal.Due(1, nil)
	assert.ErrorContains(t, err, `calendar "x": fired for day 1, expected day 0`)
	_, err = NewCalendar("y", 0)
	assert.ErrorContains(t, err, "horizon")
}

// TestCalendarSteadyStateAllocatesNothing reschedules one event a day, a
// ring length ahead, and expects no allocation once the buckets have grown.
func TestCalendarSteadyStateAllocatesNothing(t *testing.T) {
	cal, err := NewCalendar("steady", 16)
	require.NoError(t, err)
	when := []int32{0, 0}
	cal.Add(0, 0)
	cal.Add(1, 0)
	day := int32(0)
	step := func() {
		ids, err := cal.Due(day, when)
		require.NoError(t, err)
		for _, id := range ids {
			when[id] = day + 5
			cal.Add(id, day+5)
		}
		day++
	}
	for range 64 {
		step()
	}
	assert.Zero(t, testing.AllocsPerRun(100, step))
}

// TestTableCalendarShared: a calendar is registered once per name.
func TestTableCalendarShared(t *testing.T) {
	_, tab := newWorldTable(t, []int64{1}, 1)
	a, err := tab.Calendar("maternal", 300, 5)
	require.NoError(t, err)
	b, err := tab.Calendar("maternal", 10, 0)
	require.NoError(t, err)
	assert.Same(t, a, b)
	assert.Equal(t, int32(5), a.Now())
	assert.Equal(t, 512, a.Ring())
	assert.Len(t, tab.Calendars(), 1)
}

// TestCalendarReserveAllocatesNothing: after Reserve(5), scheduling four
// events on each of the ring's days (two ids a day, added by the warm-up
// call of AllocsPerRun and again by the measured one; five on day 3 with
// the event scheduled before the reservation) allocates nothing,
// and events already scheduled survive the reservation. A duplicate whose
// column still holds the day fires twice: the caller's action changes the
// column to make the second harmless.
func TestCalendarReserveAllocatesNothing(t *testing.T) {
	cal, err := NewCalendar("reserved", 64)
	require.NoError(t, err)
	when := make([]int32, 128)
	when[0] = 3
	cal.Add(0, 3)
	cal.Reserve(5)
	allocs := testing.AllocsPerRun(1, func() {
		for id := uint32(1); id < 128; id++ {
			when[id] = int32(id / 2)
			cal.Add(id, when[id])
		}
	})
	assert.Zero(t, allocs)
	ids, err := cal.Due(0, when)
	require.NoError(t, err)
	assert.Equal(t, []uint32{1, 1}, ids)
	for day := int32(1); day < 3; day++ {
		_, err = cal.Due(day, when)
		require.NoError(t, err)
	}
	ids, err = cal.Due(3, when)
	require.NoError(t, err)
	assert.Equal(t, []uint32{0, 6, 7, 6, 7}, ids)
}

// TestCalendarClaim: one phase fires a calendar; a second is refused.
func TestCalendarClaim(t *testing.T) {
	cal, err := NewCalendar("death", 8)
	require.NoError(t, err)
	first, second, other := new(int), new(int), new(int) // three phase instances
	require.NoError(t, cal.Claim("VitalDynamicsProcess", first))
	require.NoError(t, cal.Claim("VitalDynamicsProcess", first), "the same instance again (a re-initialisation)")
	assert.ErrorContains(t, cal.Claim("ConstantPopProcess", other), `calendar "death" is fired by VitalDynamicsProcess; ConstantPopProcess cannot fire it too`)
	assert.ErrorContains(t, cal.Claim("VitalDynamicsProcess", second), `calendar "death" is fired by VitalDynamicsProcess already; a second VitalDynamicsProcess cannot fire it too`)
}
