package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
)

// SusceptibleTrackerName is the component name of [SusceptibleTracker].
const SusceptibleTrackerName = "SusceptibleTracker"

// Compile-time checks: the tracker exports tidy rows and carries its
// records in snapshots; the waning phase has an Initialize and a Step.
var (
	_ metrics.Tracker    = (*SusceptibleTracker)(nil)
	_ phases.Snapshotter = (*SusceptibleTracker)(nil)
	_ phases.Stepper     = (*SusceptibleTracker)(nil)
	_ phases.Initializer = (*WaningImmunity)(nil)
	_ phases.Stepper     = (*WaningImmunity)(nil)
)

// SusceptibleTracker is a tiny user tracker: every tick it records the
// model-wide number of susceptibles S and the population N = S + I + R at
// its position in the schedule. It implements [metrics.Tracker], so
// [metrics.WriteTidyCSV] exports it, and [phases.Snapshotter], because its
// records are run state that a snapshot must carry.
type SusceptibleTracker struct {
	s, i, r []int64               // column views, fetched once
	date    func(t int) time.Time // the model's TickDate

	susceptible, population []int64 // one entry per tick, num_ticks long
	recorded                int     // ticks recorded so far
}

// NewSusceptibleTracker returns the tracker's factory.
func NewSusceptibleTracker() phases.Factory {
	return func(phases.Model) (phases.Component, error) { return &SusceptibleTracker{}, nil }
}

// Name returns "SusceptibleTracker".
func (c *SusceptibleTracker) Name() string { return SusceptibleTrackerName }

// Initialize fetches the columns and sizes storage for num_ticks ticks.
func (c *SusceptibleTracker) Initialize(m phases.Model) error {
	w := m.World()
	c.s, c.i, c.r = w.S(), w.I(), w.R()
	c.date = m.TickDate
	n := m.Params().NumTicks
	c.susceptible = make([]int64, n)
	c.population = make([]int64, n)
	c.recorded = 0
	return nil
}

// Step records Σ S and Σ (S + I + R) at tick.
func (c *SusceptibleTracker) Step(_ phases.Model, tick int) error {
	if tick < 0 || tick >= len(c.susceptible) {
		return fmt.Errorf("%s: tick %d outside [0, %d)", SusceptibleTrackerName, tick, len(c.susceptible))
	}
	var s, n int64
	for j, sj := range c.s {
		s += sj
		n += sj + c.i[j] + c.r[j]
	}
	c.susceptible[tick], c.population[tick] = s, n
	c.recorded = max(c.recorded, tick+1)
	return nil
}

// Final returns the last recorded S (0 before the first tick).
func (c *SusceptibleTracker) Final() int64 {
	if c.recorded == 0 {
		return 0
	}
	return c.susceptible[c.recorded-1]
}

// Series returns the recorded S per tick (a copy, Recorded() long).
func (c *SusceptibleTracker) Series() []int64 {
	return append([]int64(nil), c.susceptible[:c.recorded]...)
}

// Recorded returns the number of ticks recorded so far.
func (c *SusceptibleTracker) Recorded() int { return c.recorded }

// trackedIDs is the tracker's one group, "all_patches".
var trackedIDs = []string{metrics.AllPatchesID}

// Blocks yields two blocks per recorded tick, "S" then "N", each with one
// count for the group "all_patches" ([metrics.Tracker]). The writers
// stream them: nothing is copied, the counts are views into storage.
func (c *SusceptibleTracker) Blocks(yield func(metrics.Block) bool) {
	for t := range c.recorded {
		date := c.date(t)
		if !yield(metrics.Block{Tick: t, Date: date, State: "S", IDs: trackedIDs, Counts: c.susceptible[t : t+1]}) ||
			!yield(metrics.Block{Tick: t, Date: date, State: "N", IDs: trackedIDs, Counts: c.population[t : t+1]}) {
			return
		}
	}
}

// susceptibleState is the tracker's snapshot state.
type susceptibleState struct {
	S []int64 `json:"S"` // recorded ticks only
	N []int64 `json:"N"`
}

// SnapshotState returns the rows recorded so far.
func (c *SusceptibleTracker) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(susceptibleState{S: c.susceptible[:c.recorded], N: c.population[:c.recorded]})
}

// RestoreState fetches the columns as Initialize does, sizes storage for
// the loaded model's num_ticks (a resumed run may be longer or shorter)
// and copies the saved rows. It changes no patch state and draws nothing.
func (c *SusceptibleTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	var st susceptibleState
	if err := json.Unmarshal(state, &st); err != nil {
		return fmt.Errorf("%s: snapshot state: %w", SusceptibleTrackerName, err)
	}
	if len(st.S) != len(st.N) {
		return fmt.Errorf("%s: snapshot state: %d S values but %d N values", SusceptibleTrackerName, len(st.S), len(st.N))
	}
	if len(st.S) > m.Params().NumTicks {
		return fmt.Errorf("%s: snapshot state: %d recorded ticks, more than num_ticks %d", SusceptibleTrackerName, len(st.S), m.Params().NumTicks)
	}
	if err := c.Initialize(m); err != nil {
		return err
	}
	copy(c.susceptible, st.S)
	copy(c.population, st.N)
	c.recorded = len(st.S)
	return nil
}
