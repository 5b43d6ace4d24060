package metrics

import (
	"encoding/json"
	"math"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/phases"
)

// ImmunityByAgeTrackerName is the component name of [ImmunityByAgeTracker].
const ImmunityByAgeTrackerName = "ImmunityByAgeTracker"

// ImmunityClasses are the built-in classes an agent is counted in by its
// current protection, in the order of the tracker's states: "S"
// (susceptible), "E_I" (infected: latent or infectious), and for an agent
// in R its first immunity source in the order infection, MCV1, MCV2, SIA,
// maternal (the lasting sources first, in the order of the routine
// schedule; maternal antibodies, which wane, last), "R_other" for an agent
// in R without a source bit. [ImmunityClassNames] adds the sources a
// program registered.
var ImmunityClasses = []string{"S", "E_I", "infection", "mcv1", "mcv2", "sia", "maternal", "R_other"}

// ImmunityClassNames returns the tracker's classes with the immunity
// sources registered now ([agents.RegisterImmunitySource]): those of
// [ImmunityClasses], each registered source (in registration order) after
// "sia" and before "maternal" — lasting sources before the waning one.
// Without registered sources it is ImmunityClasses.
func ImmunityClassNames() []string {
	names, _ := immunityClassSources()
	return names
}

// immunityClassSources returns the classes (ImmunityClassNames) and the
// source bits of the R classes, in class order from "infection".
func immunityClassSources() ([]string, []uint8) {
	names := []string{"S", "E_I"}
	var bits []uint8
	var maternal agents.ImmunitySource
	for _, src := range agents.ImmunitySources() {
		if src.Bit == agents.ImmuneMaternal {
			maternal = src
			continue
		}
		names, bits = append(names, src.Name), append(bits, src.Bit)
	}
	return append(names, maternal.Name, "R_other"), append(bits, maternal.Bit)
}

// ImmunityAgeBins returns the immunity profile's default edges: every
// month (30.4375 days, rounded) to 2 years, then every year to 15, then
// 15+ — fine where maternal antibodies and the routine doses act.
func ImmunityAgeBins() []float64 {
	var e []float64
	for mo := range 24 {
		e = append(e, math.Round(float64(mo)*daysPerMonth))
	}
	for y := 2; y <= 15; y++ {
		e = append(e, float64(365*y))
	}
	return e
}

// daysPerMonth is the mean Gregorian month (365.25/12 days).
const daysPerMonth = 365.25 / 12

// DefaultImmunityByAgeParams returns yearly samples over [ImmunityAgeBins],
// one global group.
func DefaultImmunityByAgeParams() AgeTrackerParams {
	return AgeTrackerParams{Frequency: Yearly, AgeBins: ImmunityAgeBins(), AggregationLevel: AllPatches}
}

// DecodeImmunityByAgeParams decodes a JSON object strictly over the
// defaults.
func DecodeImmunityByAgeParams(data []byte) (AgeTrackerParams, error) {
	return decodeAgeTracker(ImmunityByAgeTrackerName, data, DefaultImmunityByAgeParams())
}

// ImmunityByAgeTracker records, at each sampled tick, the live agents of
// each age bin per group and class ([ImmunityClasses]): state
// "class/a-b" (e.g. "mcv1/274-304"); written as immunity_by_age.csv. The
// shares are each class's count over the bin's sum of classes. Each sample
// is one pass over the agent table.
// The classes are [ImmunityClassNames] when the factory runs.
type ImmunityByAgeTracker struct {
	*people
	sources []uint8 // the R classes' source bits, in class order
}

// NewImmunityByAgeTracker returns a factory; nil params mean the defaults.
func NewImmunityByAgeTracker(p *AgeTrackerParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		classes, sources := immunityClassSources()
		states := func(labels []string) []string { return immunityStates(classes, labels) }
		return peopleFactory(p, DefaultImmunityByAgeParams(), ImmunityByAgeTrackerName, "immunity_by_age", false,
			states, func(c *people) *ImmunityByAgeTracker { return &ImmunityByAgeTracker{c, sources} })(m)
	}
}

// immunityStates are the states "class/bin", class-major.
func immunityStates(classes, labels []string) []string {
	out := make([]string, 0, len(classes)*len(labels))
	for _, cl := range classes {
		for _, l := range labels {
			out = append(out, cl+"/"+l)
		}
	}
	return out
}

// Params returns the instance's params.
func (c *ImmunityByAgeTracker) Params() AgeTrackerParams { return c.p }

// immunityClass returns an agent's class index among the classes of the
// R classes' source bits sources (S, E_I, one per source, R_other).
func immunityClass(state, bits uint8, sources []uint8) int {
	switch state {
	case agents.S:
		return 0
	case agents.E, agents.I:
		return 1
	}
	for k, b := range sources {
		if bits&b != 0 {
			return 2 + k
		}
	}
	return 2 + len(sources)
}

// Step counts the live agents by class, age bin and group at a sampled
// tick.
func (c *ImmunityByAgeTracker) Step(_ phases.Model, tick int) error {
	row, err := c.row(tick)
	if row == nil {
		return err
	}
	t, g, nb := c.t, len(c.groupIDs), len(c.bins.lo)
	for id := range t.Len() {
		st := t.State[id]
		if st == agents.Dead {
			continue
		}
		if k := c.bins.of(int32(tick) - t.DOB[id]); k >= 0 {
			row[(immunityClass(st, t.Immunity[id], c.sources)*nb+k)*g+int(c.groupOf[t.Patch[id]])]++
		}
	}
	return nil
}

// SnapshotState returns the recorded rows (SPEC §9).
func (c *ImmunityByAgeTracker) SnapshotState() (json.RawMessage, error) { return c.snapshot(nil) }

// RestoreState copies the saved rows; other states or groups are an error.
func (c *ImmunityByAgeTracker) RestoreState(m phases.Model, state json.RawMessage) error {
	_, err := c.restore(m, state, 0)
	return err
}
