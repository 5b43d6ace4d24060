package metrics

import (
	"encoding/json"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
)

// AgePyramidTrackerName is the component name of [AgePyramidTracker].
const AgePyramidTrackerName = "AgePyramidTracker"

// DefaultAgePyramidParams returns yearly samples over the reference's
// five-year bands ([PyramidAgeBins]), one global group.
func DefaultAgePyramidParams() AgeTrackerParams {
	return AgeTrackerParams{Frequency: Yearly, AgeBins: PyramidAgeBins(), AggregationLevel: AllPatches}
}

// DecodeAgePyramidParams decodes a JSON object strictly over the defaults.
func DecodeAgePyramidParams(data []byte) (AgeTrackerParams, error) {
	return decodeAgeTracker(AgePyramidTrackerName, data, DefaultAgePyramidParams())
}

// AgePyramidTracker records, at each sampled tick, the live agents of each
// age bin per group (the reference's AgePyramidTracker): state "a-b" is
// the ages a to b−1 days, "a+" the last bin; written as age_pyramid.csv.
// Each sample is one pass over the agent table.
type AgePyramidTracker struct{ *people }

// NewAgePyramidTracker returns a factory; nil params mean the defaults.
func NewAgePyramidTracker(p *AgeTrackerParams) phases.Factory {
	return peopleFactory(p, DefaultAgePyramidParams(), AgePyramidTrackerName, "age_pyramid", false,
		func(l []string) []string { return l }, func(c *people) *AgePyramidTracker { return &AgePyramidTracker{c} })
}

// Params returns the instance's params.
func (c *AgePyramidTracker) Params() AgeTrackerParams { return c.p }

// Step counts the live agents by age bin and group at a sampled tick.
func (c *AgePyramidTracker) Step(_ phases.Model, tick int) error {
	row, err := c.row(tick)
	if row == nil {
		return err
	}
	t, g := c.t, len(c.groupIDs)
	for id := range t.Len() {
		if t.State[id] == agents.Dead {
			continue
		}
		if k := c.bins.of(int32(tick) - t.DOB[id]); k >= 0 {
			row[k*g+int(c.groupOf[t.Patch[id]])]++
		}
	}
	return nil
}

// SnapshotState returns the recorded rows (SPEC §9).
func (c *AgePyramidTracker) SnapshotState() (json.RawMessage, error) { return c.snapshot(nil) }

// RestoreState copies the saved rows; other states or groups are an error.
func (c *AgePyramidTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	_, err := c.restore(m, state, 0)
	return err
}
