package demographics

import (
	"fmt"
	"math"
	"slices"

	"github.com/rubeola/rubeola/internal/wppages"
	"github.com/rubeola/rubeola/rng"
)

// DaysPerYear converts the years of the demographic tables (pyramid and
// mortality ages, calendar periods) to days: 365, the day count of SPEC
// §10.1 (D_j = 365·Δ_j, BrMultX = 365·(Y − 1950)).
const DaysPerYear = wppages.DaysPerYear

// MaxAgeDays is the oldest age edge a table may have: 150 years of 365
// days. It bounds ages far above any human's while keeping every age and
// remaining life in int32 days.
const MaxAgeDays = wppages.MaxAgeDays

// AgeDistribution is an age pyramid to draw initial ages from: counts per
// age band [e_i, e_{i+1}) in days. [AgeDistribution.Sample] picks a band by
// a Walker alias table ([rng.Alias], O(1)) and an age uniformly within it.
// It is read-only after construction and safe for concurrent draws from
// different sources.
type AgeDistribution struct {
	edges  []float64 // band edges, days, e_0 ≥ 0, increasing, e_n ≤ MaxAgeDays
	counts []float64 // persons per band
	table  *rng.Alias
}

// NewAgeDistribution returns the distribution of counts[i] persons in the
// age band [edgesDays[i], edgesDays[i+1]) (len(edgesDays) = len(counts) + 1;
// edges finite, increasing, from ≥ 0 to ≤ [MaxAgeDays]; counts finite, ≥ 0,
// not all 0). Errors wrap [ErrBadPyramid] and name the index.
func NewAgeDistribution(edgesDays, counts []float64) (*AgeDistribution, error) {
	if err := checkEdges("age edges (days)", edgesDays, ErrBadPyramid); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return vitalError("", 0, "", ErrBadPyramid, fmt.Sprintf(format, args...))
	}
	switch last := edgesDays[len(edgesDays)-1]; {
	case len(counts) != len(edgesDays)-1:
		return nil, bad("%d counts for %d age edges, expected one count per band (%d)", len(counts), len(edgesDays), len(edgesDays)-1)
	case edgesDays[0] < 0:
		return nil, bad("the first age edge is %g days, expected ≥ 0", edgesDays[0])
	case last > MaxAgeDays:
		return nil, bad("the last age edge is %g days (%.4g years), expected ≤ %d days (150 years)", last, last/DaysPerYear, MaxAgeDays)
	}
	for i, c := range counts {
		if !(c >= 0) || math.IsInf(c, 1) {
			return nil, bad("count %d (ages %g to %g days) is %g, expected a finite number ≥ 0", i, edgesDays[i], edgesDays[i+1], c)
		}
	}
	table, err := rng.NewAlias(counts)
	if err != nil {
		return nil, bad("the counts sum to 0 or overflow: %v", err)
	}
	return &AgeDistribution{edges: slices.Clone(edgesDays), counts: slices.Clone(counts), table: table}, nil
}

// AgeDistribution returns the population pyramid of year as an age
// distribution: the 21 bins' populations of [PopProspects.PopulationPyramid]
// (the not-a-knot splines; at multiples of 5 exactly the PopMat column) over
// the bands of AgeVec, with two closures: the first band starts at day 0
// (AgeVec's 0.6 would never give a newborn aged 0), and the open 100+ bin
// ends at AgeVec's last edge, 38339.5 days (105 years of 365 days, SPEC
// §10.1), so sampled ages are 0 … 38339 days. A spline value below 0
// (possible between knots for a bin that shrinks to nothing) counts as 0.
// A year outside 1950–2100 (or NaN) wraps [ErrYearOutOfRange].
func (pp *PopProspects) AgeDistribution(year float64) (*AgeDistribution, error) {
	pyr, err := pp.PopulationPyramid(year)
	if err != nil {
		return nil, err
	}
	for i, v := range pyr {
		pyr[i] = max(v, 0)
	}
	edges := slices.Clone(pp.AgeVec)
	edges[0] = 0
	d, err := NewAgeDistribution(edges, pyr)
	if err != nil {
		return nil, fmt.Errorf("demographics: age distribution of %s in %g: %w", pp.CountryCode, year, err)
	}
	return d, nil
}

// Sample draws an age in whole days: a band i with probability
// counts[i]/Σcounts ([rng.Alias.Draw], one uniform), then
// ⌊e_i + U·(e_{i+1} − e_i)⌋ with a second uniform U, clamped into the band's
// whole days (at least ⌈e_i⌉, below e_{i+1}). Two uniforms, no allocation.
func (d *AgeDistribution) Sample(src *rng.Source) int32 {
	i := d.table.Draw(src)
	lo, hi := d.edges[i], d.edges[i+1]
	age := math.Floor(lo + rng.Uniform(src)*(hi-lo))
	// A band narrower than a day, or rounding, may leave [lo, hi): keep the
	// age a whole day inside the band when one exists.
	age = max(age, math.Ceil(lo))
	if age >= hi {
		age = math.Ceil(hi) - 1
	}
	return int32(max(age, 0))
}

// Edges returns a copy of the age-band edges in days.
func (d *AgeDistribution) Edges() []float64 { return slices.Clone(d.edges) }

// Counts returns a copy of the persons per band.
func (d *AgeDistribution) Counts() []float64 { return slices.Clone(d.counts) }
