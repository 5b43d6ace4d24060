package metrics

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/rubeola/rubeola/internal/wppages"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Sampling frequencies of the agent-based model's trackers of people
// ([AgeTrackerParams.Frequency]).
const (
	Yearly  = "yearly"  // ticks whose date is 1 January (and tick 0)
	Monthly = "monthly" // ticks whose date is the 1st of a month (and tick 0)
	Daily   = "daily"   // every tick
)

// AgeTrackerParams configures the agent-based model's trackers of people
// (AgePyramidTracker, AgeAtInfectionTracker, ImmunityByAgeTracker).
type AgeTrackerParams struct {
	// Frequency is "yearly", "monthly" or "daily": when a sample is taken
	// (a window closed, for the age at infection).
	Frequency string `json:"frequency" doc:"\"yearly\" (1 January), \"monthly\" (the 1st) or \"daily\": the ticks sampled (tick 0 always); the age at infection's windows"`
	// AgeBins are the bins' lower edges in days, strictly increasing, the
	// first ≥ 0: bin k holds ages in [edge k, edge k+1), the last bin
	// every age from the last edge on; younger ages than the first edge
	// are not counted.
	AgeBins []float64 `json:"age_bins" doc:"the age bins' lower edges in days, strictly increasing, first ≥ 0 (the last bin is open: every older age)"`
	// AggregationLevel groups patches (SPEC §8.1).
	AggregationLevel int `json:"aggregation_level" doc:"grouping of patches: −1 one group \"all_patches\", −2 one group per patch, k ≥ 0 the first k+1 colon-separated id parts"`
}

// Validate checks the frequency, the bins and the grouping.
func (p AgeTrackerParams) Validate() error {
	if !slices.Contains([]string{Yearly, Monthly, Daily}, p.Frequency) {
		return fmt.Errorf("frequency: %q is not one of \"yearly\", \"monthly\", \"daily\"", p.Frequency)
	}
	if len(p.AgeBins) == 0 {
		return fmt.Errorf("age_bins: empty (give at least one lower edge in days, e.g. [0])")
	}
	for k, e := range p.AgeBins {
		switch {
		case math.IsNaN(e) || math.IsInf(e, 0) || e < 0 || e > maxAgeDays:
			return fmt.Errorf("age_bins[%d]: %v is not an age in days in [0, %d]", k, e, maxAgeDays)
		case k > 0 && !(math.Ceil(e) > math.Ceil(p.AgeBins[k-1])):
			return fmt.Errorf("age_bins[%d]: %v does not exceed age_bins[%d] = %v by a whole day (edges must increase strictly; ages are whole days)", k, e, k-1, p.AgeBins[k-1])
		}
	}
	return scenario.CheckAggregationLevel(p.AggregationLevel)
}

// maxAgeDays bounds an age bin's edge: 200 years.
const maxAgeDays = 200 * 365

// PyramidAgeBins returns the age pyramid's default edges: the even entries
// of the WPP tables' mortality ages (the reference's MORT_XVAL[::2],
// five-year bands; demographics.MortXVal), the first (0.6) replaced by 0
// so that newborns are counted.
func PyramidAgeBins() []float64 {
	e := wppages.BandStarts()
	e[0] = 0
	return e
}

// YearAgeBins returns edges at every whole year of age from 0 to years
// (in days of 365): bins 0, 1, …, years−1 and years+.
func YearAgeBins(years int) []float64 {
	e := make([]float64, years+1)
	for y := range e {
		e[y] = float64(365 * y)
	}
	return e
}

// ageBins is a validated list of edges with the bins' labels.
type ageBins struct {
	lo     []int32 // each bin's first whole day of age: ⌈edge⌉
	labels []string
	// lut is the bin of each age from lo[0] to the last edge (at most
	// 200 years: 146 kB): a lookup instead of a binary search, whose
	// branches ages spread over the bins mispredict (the age pyramid's
	// pass over a million agents: 7–11 ms instead of 33–36 ms,
	// BenchmarkABMPeopleSample).
	lut []uint16
}

// newAgeBins returns the bins of the edges (validated): label "a-b" for
// ages a to b−1 days, "a+" for the last.
func newAgeBins(edges []float64) ageBins {
	b := ageBins{lo: make([]int32, len(edges)), labels: make([]string, len(edges))}
	for k, e := range edges {
		b.lo[k] = int32(math.Ceil(e))
	}
	first, last := b.lo[0], b.lo[len(b.lo)-1]
	b.lut = make([]uint16, last-first+1)
	for k := range b.lo {
		end := last + 1
		if k+1 < len(b.lo) {
			end = b.lo[k+1]
		}
		for a := b.lo[k]; a < end; a++ {
			b.lut[a-first] = uint16(k)
		}
	}
	for k, lo := range b.lo {
		if k+1 < len(b.lo) {
			b.labels[k] = strconv.Itoa(int(lo)) + "-" + strconv.Itoa(int(b.lo[k+1]))
		} else {
			b.labels[k] = strconv.Itoa(int(lo)) + "+"
		}
	}
	return b
}

// of returns the bin of an age in whole days, −1 below the first edge.
func (b ageBins) of(age int32) int {
	a := int64(age) - int64(b.lo[0])
	switch {
	case a < 0:
		return -1
	case a >= int64(len(b.lut)):
		return len(b.lo) - 1
	}
	return int(b.lut[a])
}

// decodeAgeTracker decodes a people tracker's params over def.
func decodeAgeTracker(name string, data []byte, def AgeTrackerParams) (AgeTrackerParams, error) {
	return params.DecodeComponent(data, def, params.KeyRules{Component: name})
}
