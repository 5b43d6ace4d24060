package agents

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/klauspost/compress/zstd"
)

// The snapshot of a Table ([Table.WriteSnapshot], [ReadSnapshot]) is one
// zstd stream (fastest level) of little-endian values, in this order:
//
//	magic "rubeola-agents", version (u32), patches, rows used (n), the
//	  susceptibility bound (f32 bits), the number of columns
//	per column: its name, its value size, then its n values
//	per patch: its susceptible set (count, ids in set order)
//	the free rows (count, ids in reuse order)
//	the number of calendars; per calendar: its name, ring length, next day
//	  (Now), per day Now … Now+ring−1 the bucket (count, ids in scheduling
//	  order), then the overflow (count and ids, then count and days)
//
// (a string is its length and bytes; a count a u32; the values of a
// column, of a list of ids or of days byte-shuffled per chunk of 65 536:
// every value's lowest byte, then every second byte, and so on). Everything
// whose order decides a later draw is stored in that order — the
// susceptible sets (the rows a sample picks), the free list (the rows
// births reuse), every calendar entry, stale ones included (the order
// events fire in) — so a restored table continues exactly as the saved one
// would. The newborn list is not stored: it lives within a tick.

// snapshotMagic opens a table's snapshot.
const snapshotMagic = "rubeola-agents"

// snapshotVersion is the layout version [Table.WriteSnapshot] writes.
const snapshotVersion = 1

// columns returns the table's per-agent columns as a snapshot stores them,
// in order. A new column of Table must be added here (the test
// TestSnapshotColumnsCoverTable checks that every column is).
func (t *Table) columns() []column {
	return []column{
		u32Column("patch", t.Patch),
		u8Column("state", t.State),
		u8Column("immunity", t.Immunity),
		i32Column("dob", t.DOB),
		i32Column("due", t.Due),
		i32Column("death", t.Death),
		f32Column("susceptibility", t.Susceptibility),
	}
}

// WriteSnapshot writes the table's state to w (the layout above): rows
// [0, Len) of every column, the susceptible sets, the free rows and every
// calendar with its pending entries. It changes nothing in the table.
func (t *Table) WriteSnapshot(w io.Writer) error {
	zw, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		return err
	}
	e := &encoder{w: zw, buf: make([]byte, 0, 4*chunkRows+256)}
	e.str(snapshotMagic)
	e.u32(snapshotVersion)
	e.u32(uint32(t.Patches()))
	e.u32(uint32(t.n))
	e.u32(math.Float32bits(t.maxSus))
	cols := t.columns()
	e.u32(uint32(len(cols)))
	for _, c := range cols {
		e.str(c.name)
		e.u32(uint32(c.size))
		for lo := 0; lo < t.n; lo += chunkRows {
			e.buf = c.put(e.buf, lo, min(lo+chunkRows, t.n))
			e.flush(4 * chunkRows)
		}
	}
	for j := range t.Patches() {
		e.ids(t.sus[j])
	}
	e.ids(t.free)
	e.u32(uint32(len(t.cals)))
	for _, c := range t.cals {
		c.write(e)
	}
	e.flush(0)
	if e.err != nil {
		zw.Close()
		return e.err
	}
	return zw.Close()
}

// write stores the calendar: name, ring, Now, the buckets from Now's on,
// the overflow.
func (c *Calendar) write(e *encoder) {
	e.str(c.name)
	e.u32(uint32(len(c.buckets)))
	e.u32(uint32(c.now))
	for k := range int32(len(c.buckets)) {
		e.ids(c.buckets[(c.now+k)&c.mask])
	}
	e.ids(c.far)
	writeWords(e, c.farDay)
}

// ErrSnapshot is wrapped by every error of [ReadSnapshot] about the
// content (not the reader's own errors).
var ErrSnapshot = errors.New("agents snapshot")

// ReadSnapshot reads a table written by [Table.WriteSnapshot] from r, over
// the patch counts c (as [New]: zeroed, then counted from the agents), with
// capacity rows (the stored rows must fit). Every value is checked: an id
// beyond the rows, an agent in a patch the model does not have, an unknown
// state, a susceptible set or free list that does not match the agents, a
// calendar day before its Now are errors naming what and where. It reads
// the stream to its end.
func ReadSnapshot(r io.Reader, c Counts, capacity int) (*Table, error) {
	zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	t, err := readTable(&decoder{r: zr}, c, capacity)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	if n, err := zr.Read(make([]byte, 1)); n > 0 || !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%w: data after the calendars", ErrSnapshot)
	}
	return t, nil
}

// readTable decodes the header, the columns, the sets and the calendars.
func readTable(d *decoder, c Counts, capacity int) (*Table, error) {
	if magic := d.str("header"); d.err == nil && magic != snapshotMagic {
		return nil, fmt.Errorf("header: %q is not an agent table (want %q)", magic, snapshotMagic)
	}
	if v := d.u32("version"); d.err == nil && v != snapshotVersion {
		return nil, fmt.Errorf("layout version %d is not supported (this rubeola reads version %d)", v, snapshotVersion)
	}
	np := int(d.u32("patches"))
	n := d.count("rows", math.MaxUint32-1)
	maxSus := math.Float32frombits(d.u32("susceptibility bound"))
	if d.err != nil {
		return nil, d.err
	}
	if np != len(c[S]) {
		return nil, fmt.Errorf("the table has %d patches, the model %d", np, len(c[S]))
	}
	if n > capacity {
		return nil, fmt.Errorf("the table has %d rows, more than the %d the run plans (its memory check counted those)", n, capacity)
	}
	if !(maxSus >= 1) || math.IsInf(float64(maxSus), 1) {
		return nil, fmt.Errorf("susceptibility bound %v: want a finite number ≥ 1", maxSus)
	}
	t, err := New(c, capacity)
	if err != nil {
		return nil, err
	}
	t.n, t.maxSus = n, maxSus
	if err := t.readColumns(d); err != nil {
		return nil, err
	}
	if err := t.recount(); err != nil {
		return nil, err
	}
	if err := t.readSets(d); err != nil {
		return nil, err
	}
	return t, t.readCalendars(d)
}

// readColumns reads every column the table has, each exactly once.
func (t *Table) readColumns(d *decoder) error {
	cols := t.columns()
	k := d.count("columns", 64)
	seen := make([]bool, len(cols))
	for range k {
		name := d.str("column name")
		size := int(d.u32("column " + name))
		if d.err != nil {
			return d.err
		}
		x := slices.IndexFunc(cols, func(c column) bool { return c.name == name })
		switch {
		case x < 0:
			return fmt.Errorf("column %q is not a column of this rubeola's agent table", name)
		case seen[x]:
			return fmt.Errorf("column %q appears twice", name)
		case size != cols[x].size:
			return fmt.Errorf("column %q has %d-byte values, want %d", name, size, cols[x].size)
		}
		seen[x] = true
		for lo := 0; lo < t.n; lo += chunkRows {
			b := d.read(size*min(chunkRows, t.n-lo), "column "+name)
			if b == nil {
				return d.err
			}
			if err := cols[x].get(b, lo); err != nil {
				return err
			}
		}
	}
	if x := slices.Index(seen, false); x >= 0 && d.err == nil {
		return fmt.Errorf("column %q is missing", cols[x].name)
	}
	return d.err
}

// recount checks every row's state and patch and counts the live agents
// into the patch counts.
func (t *Table) recount() error {
	np := uint32(t.Patches())
	for id := range t.n {
		st := t.State[id]
		if st == Dead {
			continue
		}
		if st >= NumStates || t.Patch[id] >= np {
			return fmt.Errorf("agent %d has state %d and patch %d (want a state < %d or %d, and a patch < %d)", id, st, t.Patch[id], NumStates, Dead, np)
		}
		t.counts[st][t.Patch[id]]++
		t.live++
	}
	return nil
}

// readSets reads the susceptible sets and the free rows and checks them
// against the agents: every agent in S in its patch's set once, every dead
// row in the free list once.
func (t *Table) readSets(d *decoder) error {
	seen := make([]bool, t.n)
	for j := range t.sus {
		what := fmt.Sprintf("patch %d's susceptible set", j)
		set := d.ids(what, int(t.counts[S][j]), t.n, make([]uint32, 0, t.counts[S][j]))
		if d.err != nil {
			return d.err
		}
		if int64(len(set)) != t.counts[S][j] {
			return fmt.Errorf("%s has %d agents, %d agents of the patch are in S", what, len(set), t.counts[S][j])
		}
		for k, id := range set {
			if t.State[id] != S || int(t.Patch[id]) != j || seen[id] {
				return fmt.Errorf("%s: entry %d is agent %d (state %d, patch %d, listed before: %v)", what, k, id, t.State[id], t.Patch[id], seen[id])
			}
			seen[id] = true
			t.pos[id] = uint32(k)
		}
		t.sus[j] = set
	}
	dead := t.n - int(t.live)
	t.free = d.ids("free rows", dead, t.n, make([]uint32, 0, dead))
	if d.err != nil {
		return d.err
	}
	if len(t.free) != dead {
		return fmt.Errorf("the free list has %d rows, %d rows are dead", len(t.free), dead)
	}
	for k, id := range t.free {
		if t.State[id] != Dead || seen[id] {
			return fmt.Errorf("free rows: entry %d is agent %d (state %d, listed before: %v)", k, id, t.State[id], seen[id])
		}
		seen[id] = true
	}
	return nil
}

// readCalendars reads the calendars, in creation order.
func (t *Table) readCalendars(d *decoder) error {
	k := d.count("calendars", 64)
	for range k {
		c, err := readCalendar(d, t.n)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(t.cals, func(o *Calendar) bool { return o.name == c.name }) {
			return fmt.Errorf("calendar %q appears twice", c.name)
		}
		t.cals = append(t.cals, c)
	}
	return d.err
}

// readCalendar reads one calendar of ids < rows.
func readCalendar(d *decoder, rows int) (*Calendar, error) {
	name := d.str("calendar name")
	what := fmt.Sprintf("calendar %q", name)
	ring := d.count(what+": ring", 1<<25)
	now := int32(d.u32(what + ": next day"))
	if d.err != nil {
		return nil, d.err
	}
	if ring < 2 || ring&(ring-1) != 0 {
		return nil, fmt.Errorf("%s: ring of %d days is not a power of two ≥ 2", what, ring)
	}
	c, err := NewCalendar(name, ring)
	if err != nil {
		return nil, err
	}
	c.now = now
	limit := math.MaxUint32 - 1
	bucket := what + ": bucket"
	for k := range int32(ring) {
		b := (now + k) & c.mask
		c.buckets[b] = d.ids(bucket, limit, rows, nil)
		if d.err != nil {
			return nil, fmt.Errorf("%w (day %d)", d.err, int64(now)+int64(k))
		}
		c.pending += len(c.buckets[b])
	}
	c.far = d.ids(what+": overflow", limit, rows, nil)
	c.farDay = readWords(d, what+": overflow days", len(c.far), make([]int32, 0, len(c.far)), func(k int, day int32) error {
		if day < now {
			return fmt.Errorf("%s: overflow entry %d (agent %d) is due on day %d, before the next day %d", what, k, c.far[k], day, now)
		}
		return nil
	})
	if d.err == nil && len(c.farDay) != len(c.far) {
		return nil, fmt.Errorf("%s: %d overflow entries, %d days", what, len(c.far), len(c.farDay))
	}
	return c, d.err
}
