package metrics

import (
	"encoding/json"
	"fmt"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
)

// DosesTrackerName is the component name of [DosesTracker].
const DosesTrackerName = "DosesTracker"

// doseStates returns the DosesTracker's states for the dose kinds
// registered now ([agents.DoseKinds]): the doses given per kind, then the
// doses that immunised a susceptible per kind.
func doseStates() []string {
	kinds := agents.DoseKinds()
	s := append([]string(nil), kinds...)
	for _, n := range kinds {
		s = append(s, n+"_immunised")
	}
	return s
}

// DosesTracker records the vaccine doses of the agent-based model per
// group: states "MCV1", "MCV2", "SIA" and the kinds the program
// registered ([agents.RegisterDoseKind], e.g. "catchup") (doses given:
// every child a programme reached, whatever its state), then
// "MCV1_immunised", "MCV2_immunised", "SIA_immunised", "catchup_immunised"
// … (the doses that moved a susceptible to R), each the doses since the previous record (every tick by default;
// with every = k, the k ticks up to the record), read from [agents.Doses]
// at its place in the schedule. A tracker kit tracker ([Kit]): grouping
// (aggregation_level), sampling (every), tidy export as doses.csv or
// .parquet, snapshot state.
type DosesTracker struct {
	*Kit[int64]
	doses  *agents.Doses
	states []string  // doseStates when the factory ran
	prev   [][]int64 // per state and group: the cumulative doses at the last record
}

// DefaultDosesTrackerParams returns one global group, every tick.
func DefaultDosesTrackerParams() KitParams { return DefaultKitParams() }

// NewDosesTracker returns a factory; nil params mean the defaults.
func NewDosesTracker(p *KitParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q := DefaultDosesTrackerParams()
		if p != nil {
			q = *p
		}
		c := &DosesTracker{states: doseStates()}
		k, err := NewKit(m, TrackerSpec[int64]{Name: DosesTrackerName, File: "doses", States: c.states, Params: q, Measure: c.measure})
		if err != nil {
			return nil, err
		}
		c.Kit = k
		return c, nil
	}
}

// Initialize finds the doses (the agent-based model's) and sizes storage.
func (c *DosesTracker) Initialize(m phases.Model) error {
	if err := c.attach(m); err != nil {
		return err
	}
	return c.Kit.Initialize(m)
}

// attach finds the doses and zeroes the last record.
func (c *DosesTracker) attach(m phases.Model) error {
	if _, err := agents.Of(m.World()); err != nil {
		return fmt.Errorf("%s: %w", DosesTrackerName, err)
	}
	c.doses = agents.DosesOf(m.World())
	c.prev = make([][]int64, len(c.states))
	for k := range c.prev {
		c.prev[k] = make([]int64, len(c.GroupIDs()))
	}
	return nil
}

// measure records the doses since the last record.
func (c *DosesTracker) measure(s *Sample[int64]) error {
	nk := len(c.states) / 2
	for k := range c.states {
		col := c.doses.Given[k%nk]
		if k >= nk {
			col = c.doses.Immunised[k%nk]
		}
		for g := range s.Groups() {
			cum := s.Sum(g, col)
			s.Set(k, g, cum-c.prev[k][g])
			c.prev[k][g] = cum
		}
	}
	return nil
}

// RestoreState restores the records as the kit does and the cumulative
// doses at the last record (their sums).
func (c *DosesTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	if err := c.Kit.RestoreState(m, state); err != nil {
		return err
	}
	if err := c.attach(m); err != nil {
		return err
	}
	for k, st := range c.states {
		vals, err := c.Values(st)
		if err != nil {
			return err
		}
		for _, row := range vals {
			for g, v := range row {
				c.prev[k][g] += v
			}
		}
	}
	return nil
}
