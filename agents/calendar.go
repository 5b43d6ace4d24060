package agents

import (
	"fmt"
	"math/bits"
)

// Calendar is a calendar queue of agent events of one kind (the disease
// timer, deaths, maternal waning, a routine dose …): a ring of day buckets
// of ids, the bucket of day d at d mod the ring length. Each kind keeps its
// event day in a column of its own (Due for the disease timer, Death for
// deaths), and an entry fires only when that column still holds the day
// ([Calendar.Due] filters the others out): a row reused by a birth, or an
// agent whose timer was changed, never receives a stale event, and a
// duplicate entry is harmless once the first has fired and changed the
// column.
//
// An event farther than the ring length waits in an overflow list, moved
// into the ring every half ring; the calendar is therefore an index over
// the column, and can be rebuilt from it (a snapshot need not store it).
// Buckets keep their capacity once drained, so a calendar in a steady
// state allocates nothing.
type Calendar struct {
	name    string
	buckets [][]uint32
	mask    int32
	now     int32    // the next day to fire
	far     []uint32 // events ≥ now + ring length
	farDay  []int32  // their days
	out     []uint32 // the ids the last Due returned (a copy: the bucket may refill meanwhile)
	pending int
	owner   string // the name of the phase that fires it (Claim)
	by      any    // that phase's instance
}

// Claim records that the phase instance by, named owner, fires the
// calendar (calls Due each day); another claimant is an error naming both
// (two phases firing one calendar would each see every other day's events
// vanish) — two instances of one phase type too, which share a name. The
// same instance may claim again (a re-initialisation).
func (c *Calendar) Claim(owner string, by any) error {
	switch {
	case c.by == nil:
	case c.by == by:
		return nil
	case c.owner == owner:
		return fmt.Errorf("agents: calendar %q is fired by %s already; a second %s cannot fire it too (one phase per event kind: list %s once)", c.name, c.owner, owner, owner)
	default:
		return fmt.Errorf("agents: calendar %q is fired by %s; %s cannot fire it too (one phase per event kind)", c.name, c.owner, owner)
	}
	c.owner, c.by = owner, by
	return nil
}

// NewCalendar returns an empty calendar named name (for errors) whose ring
// covers at least horizon days (rounded up to a power of two, ≥ 2), with
// day 0 the next to fire.
func NewCalendar(name string, horizon int) (*Calendar, error) {
	if horizon < 1 || horizon > 1<<24 {
		return nil, fmt.Errorf("agents: calendar %q: horizon must be 1…%d days, got %d", name, 1<<24, horizon)
	}
	n := 1 << bits.Len(uint(max(horizon, 2)-1))
	return &Calendar{name: name, buckets: make([][]uint32, n), mask: int32(n - 1)}, nil
}

// Name returns the calendar's name.
func (c *Calendar) Name() string { return c.name }

// Now returns the next day to fire.
func (c *Calendar) Now() int32 { return c.now }

// Len returns the number of entries waiting (stale ones included).
func (c *Calendar) Len() int { return c.pending + len(c.far) }

// Ring returns the ring length in days.
func (c *Calendar) Ring() int { return len(c.buckets) }

// Reserve gives every bucket room for at least perBucket entries, from one
// allocation, so that scheduling allocates nothing while no bucket holds
// more (a calendar whose events spread over its whole ring, like deaths,
// would otherwise grow each bucket on its first use, every day for years).
func (c *Calendar) Reserve(perBucket int) {
	if perBucket <= 0 {
		return
	}
	pool := make([]uint32, len(c.buckets)*perBucket)
	for b, old := range c.buckets {
		if cap(old) >= perBucket {
			continue
		}
		nb := pool[b*perBucket : b*perBucket : (b+1)*perBucket]
		c.buckets[b] = append(nb, old...)
	}
}

// Add schedules agent id's event on day, which should be ≥ Now: an
// earlier day is put on Now's bucket, where it fires only if the column
// then holds Now.
func (c *Calendar) Add(id uint32, day int32) {
	day = max(day, c.now)
	if int64(day)-int64(c.now) >= int64(len(c.buckets)) {
		c.far = append(c.far, id)
		c.farDay = append(c.farDay, day)
		return
	}
	b := day & c.mask
	c.buckets[b] = append(c.buckets[b], id)
	c.pending++
}

// Due returns the ids whose event fires on day today, today's entries
// whose column when still holds today, in scheduling order, and advances
// the calendar to today + 1. Call it once per day, for consecutive days
// from Now (an earlier day, or a skipped one, is an error). The slice is
// the calendar's: use it before the next call to Due. Entries added while
// processing it for day today fire on Now (today + 1).
func (c *Calendar) Due(today int32, when []int32) ([]uint32, error) {
	if today != c.now {
		return nil, fmt.Errorf("agents: calendar %q: fired for day %d, expected day %d", c.name, today, c.now)
	}
	if today&(c.mask>>1) == 0 && len(c.far) > 0 {
		c.pull()
	}
	b := today & c.mask
	c.out = c.out[:0]
	for _, id := range c.buckets[b] {
		if when[id] == today {
			c.out = append(c.out, id)
		}
	}
	c.pending -= len(c.buckets[b])
	c.buckets[b] = c.buckets[b][:0]
	c.now = today + 1
	return c.out, nil
}

// pull moves the overflow entries within the ring into their buckets.
func (c *Calendar) pull() {
	k := 0
	for x, id := range c.far {
		d := c.farDay[x]
		if int64(d)-int64(c.now) < int64(len(c.buckets)) {
			b := d & c.mask
			c.buckets[b] = append(c.buckets[b], id)
			c.pending++
			continue
		}
		c.far[k], c.farDay[k] = id, d
		k++
	}
	c.far, c.farDay = c.far[:k], c.farDay[:k]
}

// Calendar returns the table's calendar named name, creating it with a
// ring of at least horizon days (and Now = today) on first use: a phase
// registers its own event kind by name at Initialize, and phases that
// share a kind (the disease timer, set by transmission, importation and
// seeding) share its calendar.
func (t *Table) Calendar(name string, horizon int, today int32) (*Calendar, error) {
	for _, c := range t.cals {
		if c.name == name {
			return c, nil
		}
	}
	c, err := NewCalendar(name, horizon)
	if err != nil {
		return nil, err
	}
	c.now = today
	t.cals = append(t.cals, c)
	return c, nil
}

// Calendars returns the table's calendars in creation order.
func (t *Table) Calendars() []*Calendar { return t.cals }
