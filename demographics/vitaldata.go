package demographics

import (
	"math"

	"github.com/rubeola/rubeola/internal/wppages"
)

// MortXVal holds the 42 ages, in days, of the rows of [VitalData].MortMat:
// each age-bin edge of [PopProspects].AgeVec and the day just before the
// next edge (SPEC §10.1). AgeVec is the even entries plus the last entry.
var MortXVal = wppages.MortXVal

// maxDailyMortality caps the daily mortality rate (SPEC §10.1).
const maxDailyMortality = 0.01

// VitalData holds the vital rates derived from a population matrix (the
// reference's vd_tup; SPEC §10.1). The tables are step functions written as
// point pairs: each value appears at the start of its five-year period and
// just before the next one.
type VitalData struct {
	// MortYear holds the 59 years of the MortMat columns: 1950, 1954.9999,
	// 1955, …, 2094.9999, 2095.
	MortYear []float64
	// MortMat is [42 ages of MortXVal][59 years of MortYear], the daily
	// mortality rate per person, in [0, 0.01]; the 100+ rows are 0.01.
	MortMat [][]float64
	// BirthRate is the crude birth rate of 1950–1955 in births per person
	// per day.
	BirthRate float64
	// BrMultX holds the 59 days since 1 January 1950 of the BrMultY points:
	// 0, 1824.5, 1825, 3649.5, 3650, ….
	BrMultX []float64
	// BrMultY holds the 59 birth-rate multipliers relative to BirthRate:
	// 1, 1, y1, y1, y2, ….
	BrMultY []float64
}

// newVitalData derives the vital data from the years Y and the population
// P = PopMat ([age][year]) exactly as SPEC §10.1 "VitalData" writes it
// (year_init = Y_0 = 1950; Δ_j = Y_{j+1} − Y_j; D_j = 365·Δ_j).
func newVitalData(years []int, pop [][]float64) VitalData {
	n, ages := len(years), len(pop)
	m := dailyMortality(years, pop)
	b := crudeBirthRates(years, pop, m[0])
	vd := VitalData{BirthRate: b[0] / 365 / 1000} // SPEC §10.1: BirthRate = b*/365/1000, b* = b_0

	// SPEC §10.1 MortYear: index 2k = Y_k (k = 0…n−2), 2k+1 = Y_{k+1} − 1e−4 (k = 0…n−3).
	cols := 2*(n-1) - 1
	vd.MortYear = make([]float64, cols)
	for k := 0; k < n-1; k++ {
		vd.MortYear[2*k] = float64(years[k])
		if 2*k+1 < cols {
			vd.MortYear[2*k+1] = float64(years[k+1]) - 1e-4
		}
	}

	// SPEC §10.1 MortMat: rows 2a and 2a+1 (a ≤ 19) hold m[a][k] in columns 2k
	// and 2k+1, the MortYear layout; the rows of the open last bin are 0.01.
	vd.MortMat = make([][]float64, 2*ages)
	for row := range vd.MortMat {
		vd.MortMat[row] = make([]float64, cols)
		a := row / 2
		for c := range cols {
			if a < ages-1 {
				vd.MortMat[row][c] = m[a][c/2]
			} else {
				vd.MortMat[row][c] = maxDailyMortality
			}
		}
	}

	// SPEC §10.1 BrMultX: x'_0 = 0, x'_k = 365·(Y_k − 1950); slot 2k = x'_k,
	// slot 2k−1 = x'_k − 0.5.
	// SPEC §10.1 BrMultY: y'_0 = 1, y'_k = b_k/b*; slot 2k = y'_k, slot 2k−1 = y'_{k−1}.
	vd.BrMultX = make([]float64, cols)
	vd.BrMultY = make([]float64, cols)
	prevY := 1.0
	for k := 0; k < n-1; k++ {
		x, y := 0.0, 1.0
		if k > 0 {
			x = 365 * float64(years[k]-years[0])
			y = b[k] / b[0]
			vd.BrMultX[2*k-1], vd.BrMultY[2*k-1] = x-0.5, prevY
		}
		vd.BrMultX[2*k], vd.BrMultY[2*k] = x, y
		prevY = y
	}
	return vd
}

// dailyMortality returns m[a][j] for a ≤ ages−2, j ≤ n−2 (SPEC §10.1):
// cohort loss r = (P[a][j] − P[a+1][j+1]) / P[a][j] (0 if P[a][j] = 0) and
// m = clip(1 − (1 − r)^(1/D_j), 0, 0.01).
func dailyMortality(years []int, pop [][]float64) [][]float64 {
	n := len(years)
	m := make([][]float64, len(pop)-1)
	for a := range m {
		m[a] = make([]float64, n-1)
		for j := range m[a] {
			d := 365 * float64(years[j+1]-years[j]) // D_j
			r := 0.0                                // SPEC §10.1 cohort loss r[a][j]
			if p := pop[a][j]; p != 0 {
				r = (p - pop[a+1][j+1]) / p
			}
			v := 1 - math.Pow(1-r, 1/d) // SPEC §10.1 daily mortality m[a][j] before the clip
			m[a][j] = math.Max(0, math.Min(maxDailyMortality, v))
		}
	}
	return m
}

// crudeBirthRates returns b_j (births per 1000 persons per year) for
// j ≤ n−2 (SPEC §10.1): T_j = Σ_a P[a][j], M_j = (T_j + T_{j+1})/2,
// c_j = exp(−m0[j]·D_j/2) and b_j = roundHalfEven(P[0][j+1]/M_j/Δ_j·1000, 1
// decimal)/c_j, with m0 the mortality of the first age bin.
func crudeBirthRates(years []int, pop [][]float64, m0 []float64) []float64 {
	n := len(years)
	total := make([]float64, n) // SPEC §10.1 T_j
	for _, row := range pop {
		for j, v := range row {
			total[j] += v
		}
	}
	b := make([]float64, n-1)
	for j := range b {
		delta := float64(years[j+1] - years[j])   // Δ_j
		mid := (total[j] + total[j+1]) / 2        // SPEC §10.1 M_j
		c := math.Exp(-m0[j] * (365 * delta) / 2) // SPEC §10.1 c_j = exp(−m[0][j]·D_j/2)
		x := pop[0][j+1] / mid / delta * 1000     // births per 1000 per year
		b[j] = math.RoundToEven(x*10) / 10 / c    // SPEC §10.1 b_j
	}
	return b
}
