package agents

import (
	"fmt"
	"math"
)

// Disease states of [Table.State]; the values index the patch world's
// S, E, I, R columns.
const (
	S uint8 = 0 // susceptible
	E uint8 = 1 // exposed (latent)
	I uint8 = 2 // infectious
	R uint8 = 3 // recovered or otherwise immune
	// Dead marks a free row: a dead agent's slot, waiting for a birth.
	Dead uint8 = 255
)

// NumStates is the number of live states (S, E, I, R).
const NumStates = 4

// NoDeath is [Table.Death] of an agent without a scheduled death, and
// [Table.Due] of an agent without a pending disease timer.
const NoDeath int32 = math.MaxInt32

// UnknownDOB is [Table.DOB] of an agent whose age has not been drawn (every
// agent until an age initialiser runs, [AgeInitializer]).
const UnknownDOB int32 = math.MinInt32

// Table is the people of an agent-based model as struct-of-arrays columns:
// row id (a uint32) is one agent. Every column has length [Table.Cap];
// rows [0, Len) have been used, and a row whose State is [Dead] is free.
//
// The state columns must only be changed through the Table's methods
// ([Table.SetState], [Table.Add], [Table.Remove]), which keep the
// per-patch susceptible sets and the patch world's S, E, I, R counts equal
// to the agents'. The other columns are the phases' to write.
type Table struct {
	// Patch is each agent's patch (row of the scenario and of the world).
	Patch []uint32
	// State is S, E, I, R or Dead.
	State []uint8
	// Immunity is the set of immunity sources (Immune* bits).
	Immunity []uint8
	// DOB is the day of birth relative to tick 0 (negative for agents
	// alive at the start), or UnknownDOB.
	DOB []int32
	// Due is the day the disease timer fires (E → I, I → R), NoDeath
	// when none is pending. The disease calendar is validated against it.
	Due []int32
	// Death is the scheduled day of death, or NoDeath. The death calendar
	// is validated against it.
	Death []int32
	// Susceptibility is the relative susceptibility (1 by default), used
	// by transmission through thinning. Set it with
	// [Table.SetSusceptibility] so that the table's maximum stays an upper
	// bound.
	Susceptibility []float32

	pos      []uint32   // an S agent's index in its patch's susceptible set
	sus      [][]uint32 // per patch: the ids of its agents in S
	counts   [NumStates][]int64
	free     []uint32 // free rows, reused last-in first-out
	n        int      // rows used: [0, n)
	live     int64
	maxSus   float32
	newborns []uint32
	cals     []*Calendar
	infected []uint32 // ids exposed on day infDay (infected.go)
	infDay   int32
}

// Counts are the per-patch state counts a Table keeps equal to its agents':
// the patch world's S, E, I and R columns, in state order.
type Counts [NumStates][]int64

// New returns an empty table of capacity rows over the patch counts c (all
// columns of one length, the number of patches), which it zeroes: the
// table's agents are then the only source of the counts. capacity must be
// ≥ 0 and < 2³².
func New(c Counts, capacity int) (*Table, error) {
	np := len(c[S])
	for k := range c {
		if len(c[k]) != np {
			return nil, fmt.Errorf("agents: count column %d has %d patches, column 0 has %d", k, len(c[k]), np)
		}
		clear(c[k])
	}
	if capacity < 0 || uint64(capacity) >= math.MaxUint32 {
		return nil, fmt.Errorf("agents: capacity must be in [0, %d), got %d", uint64(math.MaxUint32), capacity)
	}
	t := &Table{counts: c, sus: make([][]uint32, np), maxSus: 1}
	t.alloc(capacity)
	return t, nil
}

// alloc allocates every column at capacity rows.
func (t *Table) alloc(capacity int) {
	t.Patch = make([]uint32, capacity)
	t.State = make([]uint8, capacity)
	t.Immunity = make([]uint8, capacity)
	t.DOB = make([]int32, capacity)
	t.Due = make([]int32, capacity)
	t.Death = make([]int32, capacity)
	t.Susceptibility = make([]float32, capacity)
	t.pos = make([]uint32, capacity)
}

// BytesPerAgent is the size of one row of the table's columns plus the
// index structures an agent takes on average (its susceptible-set entry
// and its death-calendar entry, each counted twice for append headroom):
// what the memory estimate multiplies the capacity by.
const BytesPerAgent = 4 + 1 + 1 + 4 + 4 + 4 + 4 + 4 + 2*4 + 2*4

// Cap returns the number of rows the table can hold.
func (t *Table) Cap() int { return len(t.State) }

// Len returns the number of rows used so far (live and free): ids are in
// [0, Len).
func (t *Table) Len() int { return t.n }

// Live returns the number of live agents (not Dead).
func (t *Table) Live() int64 { return t.live }

// Patches returns the number of patches.
func (t *Table) Patches() int { return len(t.sus) }

// Count returns the number of agents of patch j in state st (the world's
// count column).
func (t *Table) Count(st uint8, j int) int64 { return t.counts[st][j] }

// Reserve grows the capacity to at least capacity rows (a no-op when it
// is already that large). It reallocates the columns: call it while
// initialising, before any phase keeps a column.
func (t *Table) Reserve(capacity int) error {
	if capacity <= t.Cap() {
		return nil
	}
	if uint64(capacity) >= math.MaxUint32 {
		return fmt.Errorf("agents: capacity must be < %d, got %d", uint64(math.MaxUint32), capacity)
	}
	old := *t
	t.alloc(capacity)
	copy(t.Patch, old.Patch[:t.n])
	copy(t.State, old.State[:t.n])
	copy(t.Immunity, old.Immunity[:t.n])
	copy(t.DOB, old.DOB[:t.n])
	copy(t.Due, old.Due[:t.n])
	copy(t.Death, old.Death[:t.n])
	copy(t.Susceptibility, old.Susceptibility[:t.n])
	copy(t.pos, old.pos[:t.n])
	return nil
}

// ReservePatch grows patch j's susceptible set's capacity to at least n
// ids, so that later additions do not allocate.
func (t *Table) ReservePatch(j, n int) {
	if cap(t.sus[j]) < n {
		s := make([]uint32, len(t.sus[j]), n)
		copy(s, t.sus[j])
		t.sus[j] = s
	}
}

// Add creates an agent in patch j with state st and day of birth dob,
// taking a free row first, else the next unused one; its other columns
// are reset (Immunity 0, Due and Death NoDeath, Susceptibility 1). It
// returns the id, or false when the table is full.
func (t *Table) Add(j int, st uint8, dob int32) (uint32, bool) {
	var id uint32
	switch {
	case len(t.free) > 0:
		id = t.free[len(t.free)-1]
		t.free = t.free[:len(t.free)-1]
	case t.n < t.Cap():
		id = uint32(t.n)
		t.n++
	default:
		return 0, false
	}
	fillRows(t, int(id), int(id)+1, uint32(j))
	t.DOB[id] = dob
	t.live++
	t.enter(id, st)
	return id, true
}

// Populate appends pops[j] susceptible agents to each patch j, patch 0's
// first, with unknown days of birth: the initial population, in one pass
// (each patch's susceptible set sized to its agents). It needs
// len(pops) = Patches() and room for Σ pops rows after Len.
func (t *Table) Populate(pops []int64) error {
	if len(pops) != t.Patches() {
		return fmt.Errorf("agents: Populate: %d populations for %d patches", len(pops), t.Patches())
	}
	var total int64
	for j, p := range pops {
		if p < 0 {
			return fmt.Errorf("agents: Populate: patch %d has population %d < 0", j, p)
		}
		total += p
	}
	if total > int64(t.Cap()-t.n) {
		return fmt.Errorf("agents: Populate: %d agents do not fit in the %d free rows of capacity %d", total, t.Cap()-t.n, t.Cap())
	}
	for j, p := range pops {
		lo, hi := t.n, t.n+int(p)
		fillRows(t, lo, hi, uint32(j))
		set := t.sus[j]
		if cap(set)-len(set) < int(p) {
			set = append(make([]uint32, 0, len(set)+int(p)), set...)
		}
		for id := lo; id < hi; id++ {
			t.pos[id] = uint32(len(set))
			set = append(set, uint32(id))
		}
		t.sus[j] = set
		t.counts[S][j] += p
		t.live += p
		t.n = hi
	}
	return nil
}

// fillRows sets rows [lo, hi) to fresh susceptible agents of patch j
// (state S, no immunity, unknown DOB, no timer, no death, susceptibility
// 1), without counting them.
func fillRows(t *Table, lo, hi int, j uint32) {
	for id := lo; id < hi; id++ {
		t.Patch[id] = j
		t.State[id] = S
		t.Immunity[id] = 0
		t.DOB[id] = UnknownDOB
		t.Due[id] = NoDeath
		t.Death[id] = NoDeath
		t.Susceptibility[id] = 1
	}
}

// Remove kills agent id: its row becomes free (State Dead, Due and Death
// NoDeath) and its patch's count of its state falls by one. Removing a
// Dead row is a no-op.
func (t *Table) Remove(id uint32) {
	if t.State[id] == Dead {
		return
	}
	t.leave(id)
	t.State[id] = Dead
	t.Due[id] = NoDeath
	t.Death[id] = NoDeath
	t.live--
	t.free = append(t.free, id)
}

// SetState moves live agent id to state st (S, E, I or R), keeping the
// counts and the susceptible sets.
func (t *Table) SetState(id uint32, st uint8) {
	if t.State[id] == st {
		return
	}
	t.leave(id)
	t.enter(id, st)
}

// enter puts id (whose State is Dead or stale) into state st.
func (t *Table) enter(id uint32, st uint8) {
	j := t.Patch[id]
	t.State[id] = st
	t.counts[st][j]++
	if st == S {
		t.pos[id] = uint32(len(t.sus[j]))
		t.sus[j] = append(t.sus[j], id)
	}
}

// leave takes id out of its state's count and susceptible set.
func (t *Table) leave(id uint32) {
	j := t.Patch[id]
	st := t.State[id]
	t.counts[st][j]--
	if st == S {
		set := t.sus[j]
		k := t.pos[id]
		last := set[len(set)-1]
		set[k] = last
		t.pos[last] = k
		t.sus[j] = set[:len(set)-1]
	}
}

// SetSusceptibility sets agent id's relative susceptibility (≥ 0).
func (t *Table) SetSusceptibility(id uint32, s float32) {
	t.Susceptibility[id] = s
	t.maxSus = max(t.maxSus, s)
}

// MaxSusceptibility returns an upper bound of every agent's
// susceptibility (1, or the largest value ever set): the rate transmission
// draws candidates at before thinning.
func (t *Table) MaxSusceptibility() float32 { return t.maxSus }

// Newborns returns the ids of the agents born in the current tick, in
// birth order (the phase that creates births resets the list each tick
// with [Table.ResetNewborns] and appends with [Table.AddNewborn]); later
// phases of the tick (maternal immunity, routine immunisation) act on
// them. The slice is the table's: read it, do not keep it.
func (t *Table) Newborns() []uint32 { return t.newborns }

// ResetNewborns empties the newborn list (the births phase, each tick).
func (t *Table) ResetNewborns() { t.newborns = t.newborns[:0] }

// AddNewborn appends id to the newborn list.
func (t *Table) AddNewborn(id uint32) { t.newborns = append(t.newborns, id) }
