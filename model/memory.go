package model

import (
	"fmt"
	"math"
	"strings"

	"github.com/rubeola/rubeola/phases"
)

// Memory check (issue 14): trackers and the timing table are sized for
// every tick when the run starts, so a run of 10^9 ticks asks for terabytes
// at once and the Go runtime dies with "out of memory". The model adds the
// sizes up first ([Model.EstimateMemory]) and refuses a run whose
// storage exceeds the memory available ([Model.CheckMemory], run by
// Initialize and LoadSnapshot).

// timingRowHeader is the size of one row's slice header in the timing
// table (pointer, length, capacity).
const timingRowHeader = 24

// MemoryItem is one array sized for the run.
type MemoryItem struct {
	// Component is the instance name ("StateTracker"), "timing table" or
	// "timing table rows"; a structure built once ([phases.SetupSizer]) is
	// named "InfectionProcess mixing".
	Component string
	// Storage is its size and how it is made up.
	Storage phases.Storage
	// Shared is true for a structure built once and shared by an
	// ensemble's replicates (counted once, not per replicate).
	Shared bool
	// values is the number of values a snapshot holds of a tracker
	// ([snapshotValuer]), 0 when its storage says it.
	values float64
	// spilled is true for a tracker that keeps its rows in a spill file.
	spilled bool
}

// snapshotValuer is a tracker that may keep its rows on disk (a per-patch
// StateTracker, metrics.SpillPolicy): its snapshot then holds more values
// than its memory storage, and loading one streams them from their text.
type snapshotValuer interface {
	SnapshotValues(m phases.Model, ticks int) float64
	SpillsRows(m phases.Model, ticks int) bool
}

// MemoryEstimate lists the storage a run allocates when it starts: every
// tracker ([phases.StorageSizer]) and the per-phase timing table, sized for
// all its ticks, and the structures built once that grow faster than the
// patches ([phases.SetupSizer]: the mixing matrix). State columns and
// buffers of one tick are not included.
type MemoryEstimate struct {
	Ticks int          // num_ticks the storage is sized for
	Items []MemoryItem // in instance order, then the timing table
}

// Total returns the sum of the items' sizes in bytes.
func (e MemoryEstimate) Total() float64 {
	var sum float64
	for _, it := range e.Items {
		sum += it.Storage.Bytes()
	}
	return sum
}

// String lists the items, one per line:
// "StateTracker: 3 states × 954 patches × 1000000000 ticks × 8 B = 22.9 TB".
func (e MemoryEstimate) String() string {
	var b strings.Builder
	for k, it := range e.Items {
		if k > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s: %s = %s", it.Component, it.Storage, FormatBytes(it.Storage.Bytes()))
	}
	return b.String()
}

// EstimateMemory returns the storage the model's run allocates for all its
// ticks: every tracker's arrays, sized for num_ticks, the timing table,
// one row of (phases + 1) int64 per remaining tick, and with
// [WithSnapshotsEvery] the encoding of a snapshot of every tracker value.
// Call it after SetComponents; nothing is allocated.
func (m *Model) EstimateMemory() MemoryEstimate {
	ticks := m.p.NumTicks
	e := MemoryEstimate{Ticks: ticks}
	if it, ok := m.agentStorage(); ok {
		e.Items = append(e.Items, it)
	}
	for _, c := range m.instances {
		if s, ok := c.(phases.SetupSizer); ok {
			if st := s.SetupStorage(m); len(st.Dims) > 0 {
				e.Items = append(e.Items, MemoryItem{Component: c.Name() + " mixing", Storage: st, Shared: true})
			}
		}
		if s, ok := c.(phases.StorageSizer); ok {
			it := MemoryItem{Component: c.Name(), Storage: s.TickStorage(m, ticks)}
			if v, ok := c.(snapshotValuer); ok {
				it.values, it.spilled = v.SnapshotValues(m, ticks), v.SpillsRows(m, ticks)
			}
			e.Items = append(e.Items, it)
		}
	}
	if it, ok := m.snapshotItem(e.Items, ticks); ok {
		e.Items = append(e.Items, it)
	}
	e.Items = append(e.Items, m.decodingItems(e.Items, ticks)...)
	rows := max(ticks-m.tick, 0)
	e.Items = append(e.Items,
		MemoryItem{Component: "timing table", Storage: phases.Storage{ElemBytes: 8,
			Dims: []phases.Dim{{N: m.schedule.Len() + 1, Unit: "columns"}, {N: rows, Unit: "ticks"}}}},
		MemoryItem{Component: "timing table rows", Storage: phases.Storage{ElemBytes: timingRowHeader,
			Dims: []phases.Dim{{N: rows, Unit: "ticks"}}}})
	e.Items = append(e.Items, m.patchItems(e.Items)...)
	return e
}

// MemoryError is the refusal of a run whose per-tick storage exceeds the
// memory limit.
type MemoryError struct {
	Estimate MemoryEstimate
	Limit    float64 // bytes
	Source   string  // where Limit comes from
}

// Error implements error: the total, the limit and its source, one line
// per item, and what to do.
func (e *MemoryError) Error() string {
	advice := "use fewer ticks, fewer or coarser trackers (a larger aggregation_level)"
	if _, ok := e.Estimate.item(snapshotItemName); ok {
		advice += ", fewer snapshots (a snapshot encodes every tracker value recorded so far: snapshot early or not at all)"
	}
	what := "tracker storage and the timing table for every tick, the mixing matrix"
	if it, ok := e.Estimate.item(agentsItem); ok && it.Storage.Bytes() > 0 {
		what += ", the agent table"
		if it.Storage.Bytes() > e.Estimate.Total()/2 {
			advice = "the agent-based model keeps every person (the agents item): use a smaller scenario or a patch model"
		}
	}
	if _, ok := e.Estimate.item(patchStateItem); ok {
		what += ", the per-patch state and table writers"
	}
	if a, ok := e.scaleAdvice(); ok {
		advice = a
	}
	return fmt.Sprintf("a run of %d ticks needs %s for what it sizes before it starts (%s), "+
		"more than the %s allowed (%s):\n%s\n"+
		"%s, or set the limit yourself (--max-memory / model.WithMemoryLimit)",
		e.Estimate.Ticks, FormatBytes(e.Estimate.Total()), what, FormatBytes(e.Limit), e.Source, e.Estimate, advice)
}

// item returns the estimate's item named component, and false when it
// has none.
func (e MemoryEstimate) item(component string) (MemoryItem, bool) {
	for _, it := range e.Items {
		if it.Component == component {
			return it, true
		}
	}
	return MemoryItem{}, false
}

// CheckMemory returns a [*MemoryError] when the model's per-tick storage
// ([Model.EstimateMemory]) exceeds the memory limit: by default the
// memory available now ([AvailableMemory]); see [WithMemoryLimit].
func (m *Model) CheckMemory() error {
	return m.checkEstimate(m.EstimateMemory())
}

// checkEstimate returns a [*MemoryError] when e exceeds m's memory limit.
func (m *Model) checkEstimate(e MemoryEstimate) error {
	limit, source := m.memoryLimit()
	if e.Total() <= limit {
		return nil
	}
	return &MemoryError{Estimate: e, Limit: limit, Source: source}
}

// memoryLimit returns the limit CheckMemory applies and its source.
func (m *Model) memoryLimit() (float64, string) {
	switch {
	case m.cfg.memLimit > 0:
		return float64(m.cfg.memLimit), "set by --max-memory / model.WithMemoryLimit"
	case m.cfg.memLimit < 0:
		// No limit: only what no slice can hold is refused.
		return math.MaxInt, "no limit set: the largest Go allocation"
	}
	return AvailableMemory()
}

// needsMemoryCheck reports whether some instance is not initialised yet,
// i.e. whether initialising may allocate tracker storage.
func (m *Model) needsMemoryCheck() bool {
	for _, done := range m.initialized {
		if !done {
			return true
		}
	}
	return false
}

// snapshotBytesPerValue is what encoding a snapshot costs per tracker
// value it holds: the JSON text (a few bytes for a count and its comma)
// held about four times on the way to the file (the tracker's encoding,
// the component's, the snapshot's, the sealed copy). Measured at 10⁶
// patches × 26 ticks with a per-patch StateTracker: 78·10⁶ values raised
// the peak by 1.15 GB, 14.7 B a value (docs/scale.md).
const snapshotBytesPerValue = 16

// snapshotItemName names the estimate's item for a snapshot's encoding.
const snapshotItemName = "snapshot encoding"

// WithSnapshotsEvery tells the memory estimate that the caller saves a
// snapshot every k ticks (the CLI's --snapshot-every; 0: none): when one
// falls within the run, the estimate counts encoding the last one, which
// holds every tracker value of the run ([Model.EstimateMemory]).
func WithSnapshotsEvery(k int) Option {
	return func(c *config) error {
		c.snapEvery = max(k, 0)
		return nil
	}
}

// snapshotItem is the estimate of encoding a snapshot that holds the
// tracker storage of items, or false when no snapshot falls within the
// ticks from m's current tick to ticks.
func (m *Model) snapshotItem(items []MemoryItem, ticks int) (MemoryItem, bool) {
	k := m.cfg.snapEvery
	if k <= 0 || (m.tick/k+1)*k > ticks {
		return MemoryItem{}, false
	}
	return MemoryItem{Component: snapshotItemName, Storage: phases.Storage{ElemBytes: snapshotBytesPerValue,
		Dims: []phases.Dim{{N: int(min(trackerValues(items), 1<<62)), Unit: "tracker values"}}}}, true
}

// trackerValues is the number of values the trackers of items hold after
// all their ticks, spilled or not.
func trackerValues(items []MemoryItem) float64 {
	var values float64
	for _, it := range items {
		values += it.trackerValues()
	}
	return values
}

// trackerValues is the number of values the item's tracker holds after
// all its ticks, spilled or not (0 for an item that is not a tracker's).
func (it MemoryItem) trackerValues() float64 {
	switch {
	case it.values > 0: // a tracker whose rows spill: the snapshot holds them all
		return it.values
	case !it.Shared && it.Storage.ElemBytes > 0 && it.Component != snapshotItemName:
		return it.Storage.Bytes() / float64(it.Storage.ElemBytes)
	}
	return 0
}

// decodingItemName names the estimate's item for the rows a snapshot being
// loaded decodes, and spilledTextItemName the item for a spilling
// tracker's rows, which are streamed from their text instead.
const (
	decodingItemName    = "snapshot decoding"
	spilledTextItemName = "snapshot rows text"
)

// decodedBytesPerValue is what restoring a saved value of a tracker that
// keeps its rows in memory costs while the snapshot loads: the decoded
// int64, held until the tracker's storage takes it. spilledTextBytesPerValue
// is what a tracker that spills (metrics.SpillPolicy) costs instead: it
// streams its rows from their text into its spill file, and the text is
// copied once (3.2 B a value at 10⁶ patches: a count of a few digits and
// its comma). Measured at 10⁶ patches, resuming tick 13 of 26 with a
// spilling per-patch tracker (39·10⁶ values): peak 1.11 GB against 1.05
// GB estimated for the run; 1.65 GB when the rows were decoded whole.
const (
	decodedBytesPerValue     = 8
	spilledTextBytesPerValue = 4
)

// decodingItems are the estimate of restoring the saved tracker rows of a
// snapshot being loaded (LoadSnapshot: m's tick is the saved tick), none
// when m is not loading one.
func (m *Model) decodingItems(items []MemoryItem, ticks int) []MemoryItem {
	if !m.restoring || m.tick == 0 || ticks == 0 {
		return nil
	}
	share := float64(m.tick) / float64(ticks)
	var out []MemoryItem
	for _, k := range []struct {
		name    string
		bytes   int
		spilled bool
	}{{decodingItemName, decodedBytesPerValue, false}, {spilledTextItemName, spilledTextBytesPerValue, true}} {
		var values float64
		for _, it := range items {
			if it.spilled == k.spilled {
				values += it.trackerValues()
			}
		}
		if n := int(min(values*share, 1<<62)); n > 0 {
			out = append(out, MemoryItem{Component: k.name, Storage: phases.Storage{ElemBytes: k.bytes,
				Dims: []phases.Dim{{N: n, Unit: "saved tracker values"}}}})
		}
	}
	return out
}

// WithMemoryLimit sets the memory limit for the per-tick storage that
// Initialize and LoadSnapshot check: bytes > 0 is the limit, 0 (the
// default) the memory available when the check runs ([AvailableMemory]),
// and bytes < 0 turns the check off (only storage no Go slice can hold is
// still refused).
func WithMemoryLimit(bytes int64) Option {
	return func(c *config) error {
		c.memLimit = bytes
		return nil
	}
}

// FormatBytes formats a byte count with a decimal unit and three
// significant digits: "22.9 TB", "1.00 GB", "512 B".
func FormatBytes(b float64) string {
	units := []string{"B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"}
	k := 0
	for b >= 999.5 && k < len(units)-1 {
		b /= 1000
		k++
	}
	switch {
	case k == 0:
		return fmt.Sprintf("%.0f B", b)
	case b < 9.995:
		return fmt.Sprintf("%.2f %s", b, units[k])
	case b < 99.95:
		return fmt.Sprintf("%.1f %s", b, units[k])
	}
	return fmt.Sprintf("%.0f %s", b, units[k])
}
