package demographics

import (
	"fmt"
	"math"
)

// projectionStep is the step and age-bin width, in days, of
// [PeakGrowth]'s projection: 30 days (its discretisation error on the
// growth of a population growing 2 % a year is below 0.2 % over 40 years,
// projection_test.go).
const projectionStep = 30

// PeakGrowth returns the largest expected population over the days days
// from the calendar date startYear, relative to the population at the
// start (≥ 1), of a population whose ages follow ages, whose members die at
// the rates of mort (and at its last age edge, as
// [MortalityTable.DeathAfter]) and which gains fert's births per person per
// day: what an agent table must hold beyond the initial agents.
//
// It is a deterministic cohort-component projection in steps of h = 30
// days over age bins of 30 days: each step the bin [kh, (k+1)h) moves to
// the next with survival e^(−h·m((k+1)h, y)), m at the step's middle date
// y (0 past the last age edge), and the newborn bin receives the births
// B = b(y)·h·(N + N' + B)/2 (N before the step, N' the survivors after it:
// the step's mean population) surviving half a step. The initial counts are spread uniformly over each
// pyramid band. Cost: (oldest age/h) × (days/h) multiply-adds, about 0.6 M
// for 40 years. The fertility table must cover every date of the run
// (else [ErrYearOutOfRange]).
func PeakGrowth(ages *AgeDistribution, mort *MortalityTable, fert *FertilityTable, startYear float64, days int) (float64, error) {
	const h = projectionStep
	oldest := mort.ages[len(mort.ages)-1]
	last := max(oldest, ages.edges[len(ages.edges)-1])
	nb := int(math.Ceil(last/h)) + 1
	n := make([]float64, nb)
	var total float64
	for i, c := range ages.counts {
		lo, hi := ages.edges[i], ages.edges[i+1]
		for k := int(lo / h); k < nb && float64(k)*h < hi; k++ {
			overlap := min(hi, float64(k+1)*h) - max(lo, float64(k)*h)
			n[k] += c * max(overlap, 0) / (hi - lo)
		}
		total += c
	}
	if !(total > 0) {
		return 0, fmt.Errorf("demographics: PeakGrowth: the age distribution is empty")
	}
	end := startYear + float64(days)/DaysPerYear
	peak, size := 1.0, total
	steps := (days + h - 1) / h
	for s := range steps {
		y := min(startYear+(float64(s)+0.5)*h/DaysPerYear, end)
		b, err := fert.BirthRateAt(y)
		if err != nil {
			return 0, err
		}
		var next float64
		for k := nb - 2; k >= 0; k-- {
			moved := 0.0
			if a := float64(k+1) * h; a < oldest {
				moved = n[k] * math.Exp(-h*mort.Rate(a, y))
			}
			n[k+1] = moved
			next += moved
		}
		// The step's mean population (N + N' + B)/2 includes its own
		// births B: B = b·h·(N + N' + B)/2 solved for B.
		born := b * h * (size + next) / 2 / (1 - b*h/2) * math.Exp(-h/2*mort.Rate(h/2, y))
		n[0] = born
		size = next + born
		peak = max(peak, size/total)
	}
	return peak, nil
}
