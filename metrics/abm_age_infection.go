package metrics

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/phases"
)

// AgeAtInfectionTrackerName is the component name of
// [AgeAtInfectionTracker].
const AgeAtInfectionTrackerName = "AgeAtInfectionTracker"

// AgeDaysSum is the AgeAtInfectionTracker's state holding the sum of the
// window's ages at infection in days: the mean age at infection is it over
// the sum of the bins' counts.
const AgeDaysSum = "age_days_sum"

// DefaultAgeAtInfectionParams returns yearly windows over bins by year of
// age 0 to 20 and 20+ ([YearAgeBins]), one global group.
func DefaultAgeAtInfectionParams() AgeTrackerParams {
	return AgeTrackerParams{Frequency: Yearly, AgeBins: YearAgeBins(20), AggregationLevel: AllPatches}
}

// DecodeAgeAtInfectionParams decodes a JSON object strictly over the
// defaults.
func DecodeAgeAtInfectionParams(data []byte) (AgeTrackerParams, error) {
	return decodeAgeTracker(AgeAtInfectionTrackerName, data, DefaultAgeAtInfectionParams())
}

// AgeAtInfectionTracker counts the infections (S → E: transmission,
// importation and seeding, [agents.Table.Infected]) by the agent's age in
// days and its patch's group, per window: a window runs from a sampled
// tick (tick 0, then each 1 January for "yearly", each 1st for "monthly",
// each tick for "daily") to the tick before the next, and its row is
// dated its last tick. States: the bins ("a-b", "a+") and
// [AgeDaysSum]; written as age_at_infection.csv. It counts the
// infections of the phases before it in the tick (put it after the
// InfectionProcess, as trackers are).
type AgeAtInfectionTracker struct {
	*people
	partial []int64 // the window under way: states × groups
}

// NewAgeAtInfectionTracker returns a factory; nil params mean the defaults.
func NewAgeAtInfectionTracker(p *AgeTrackerParams) phases.Factory {
	return peopleFactory(p, DefaultAgeAtInfectionParams(), AgeAtInfectionTrackerName, "age_at_infection", true,
		func(l []string) []string { return append(slices.Clone(l), AgeDaysSum) },
		func(c *people) *AgeAtInfectionTracker {
			return &AgeAtInfectionTracker{people: c, partial: make([]int64, len(c.states)*len(c.groupIDs))}
		})
}

// Params returns the instance's params.
func (c *AgeAtInfectionTracker) Params() AgeTrackerParams { return c.p }

// Step adds the tick's infections to the window and records the window
// at its last tick.
func (c *AgeAtInfectionTracker) Step(_ phases.Model, tick int) error {
	t, g := c.t, len(c.groupIDs)
	sum := len(c.bins.lo) * g
	for _, id := range t.Infected(int32(tick)) {
		age := int32(tick) - t.DOB[id]
		gi := int(c.groupOf[t.Patch[id]])
		if k := c.bins.of(age); k >= 0 {
			c.partial[k*g+gi]++
			c.partial[sum+gi] += int64(age)
		}
	}
	row, err := c.row(tick)
	if row == nil {
		return err
	}
	copy(row, c.partial)
	clear(c.partial)
	return nil
}

// MeanAges returns each recorded window's mean age at infection in years
// (of 365 days) over every group, NaN for a window without infections.
func (c *AgeAtInfectionTracker) MeanAges() []float64 {
	g, nb := len(c.groupIDs), len(c.bins.lo)
	out := make([]float64, c.rec.count())
	for i := range out {
		row := c.rec.row(i)
		var n, sum int64
		for _, v := range row[:nb*g] {
			n += v
		}
		for _, v := range row[nb*g:] {
			sum += v
		}
		out[i] = float64(sum) / float64(n) / 365
	}
	return out
}

// SnapshotState returns the recorded rows and the window under way
// (SPEC §9).
func (c *AgeAtInfectionTracker) SnapshotState() (json.RawMessage, error) {
	return c.snapshot(c.partial)
}

// RestoreState copies the saved rows and the window under way; other
// states or groups are an error.
func (c *AgeAtInfectionTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	partial, err := c.restore(m, state, len(c.partial))
	if err != nil {
		return err
	}
	for k, v := range partial {
		if v < 0 {
			return fmt.Errorf("%s: snapshot state: partial count %d is %d < 0", c.name, k, v)
		}
	}
	copy(c.partial, partial)
	return nil
}
