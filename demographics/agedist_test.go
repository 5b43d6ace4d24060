package demographics

import (
	"math"
	"strings"
	"testing"

	"github.com/rubeola/rubeola/rng"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAgeDistributionFromProspects draws ages from the fixture country AAA's
// pyramid in 2000 (a knot: the PopMat column k = 10) and checks the band
// frequencies against PopMat by chi-square, every age within [0, 38339.5)
// days (the first band starts at 0, the 100+ bin closes at AgeVec's last
// edge), and the within-band uniformity by the share of each band's draws in
// its first half (½ within 5 standard errors).
func TestAgeDistributionFromProspects(t *testing.T) {
	pp := fixtureProspects(t, "AAA", wantAAA)
	d, err := pp.AgeDistribution(2000)
	require.NoError(t, err)
	edges := d.Edges()
	require.Len(t, edges, 22)
	assert.Equal(t, 0.0, edges[0])
	assert.Equal(t, 38339.5, edges[21]) // SPEC §10.1 AgeVec's last edge
	const k2000 = 10                    // (2000 − 1950)/5
	var total float64
	for a := range pp.PopMat {
		assert.Equal(t, pp.PopMat[a][k2000], d.Counts()[a], "bin %d", a)
		total += pp.PopMat[a][k2000]
	}
	src := rng.NewSource(vitalSeed, "AgeDistribution", 0)
	const m = 400_000 // draws: ≥ 5 expected in each of the 21 bins by far (the smallest holds ≈ 3 % of AAA)
	observed, firstHalf := make([]float64, 21), make([]int, 21)
	for range m {
		age := d.Sample(src)
		require.True(t, age >= 0 && float64(age) < 38339.5, "age %d", age)
		b := stepIndex(edges, float64(age))
		observed[b]++
		if float64(age) < (edges[b]+edges[b+1])/2 {
			firstHalf[b]++
		}
	}
	probs := make([]float64, 21)
	for a := range probs {
		probs[a] = pp.PopMat[a][k2000] / total
	}
	assertChiSquare(t, observed, probs, m)
	for b, n := range observed {
		// Whole days: the first half of band b holds ⌈mid⌉ − ⌈lo⌉ of its
		// ⌈hi⌉ − ⌈lo⌉ days.
		lo, hi := math.Ceil(edges[b]), math.Ceil(edges[b+1])
		p := (math.Ceil((edges[b]+edges[b+1])/2) - lo) / (hi - lo)
		assertProportion(t, firstHalf[b], int(n), p, "band %d first half", b)
	}
}

// TestAgeDistributionYearRange checks the named error for pyramid years
// outside the WPP data.
func TestAgeDistributionYearRange(t *testing.T) {
	pp := fixtureProspects(t, "AAA", wantAAA)
	for _, year := range []float64{1949.99, 2100.01, math.NaN()} {
		_, err := pp.AgeDistribution(year)
		require.ErrorIs(t, err, ErrYearOutOfRange, "year %g", year)
	}
	for _, year := range []float64{1950, 2012.5, 2100} {
		_, err := pp.AgeDistribution(year)
		require.NoError(t, err, "year %g", year)
	}
}

// TestNewAgeDistributionErrors checks each rejected input.
func TestNewAgeDistributionErrors(t *testing.T) {
	for _, c := range []struct {
		name          string
		edges, counts []float64
		want          string
	}{
		{"one edge", []float64{0}, nil, "1 age edges (days), expected at least 2"},
		{"decreasing", []float64{0, 10, 5}, []float64{1, 1}, "age edges (days)[2] = 5 is not above"},
		{"NaN edge", []float64{0, math.NaN()}, []float64{1}, "expected a finite number"},
		{"negative start", []float64{-1, 10}, []float64{1}, "the first age edge is -1 days"},
		{"too old", []float64{0, MaxAgeDays + 1}, []float64{1}, "expected ≤ 54750 days"},
		{"count mismatch", []float64{0, 10, 20}, []float64{1}, "1 counts for 3 age edges"},
		{"negative count", []float64{0, 10}, []float64{-1}, "count 0 (ages 0 to 10 days) is -1"},
		{"Inf count", []float64{0, 10}, []float64{math.Inf(1)}, "is +Inf"},
		{"all zero", []float64{0, 10, 20}, []float64{0, 0}, "sum to 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewAgeDistribution(c.edges, c.counts)
			require.ErrorIs(t, err, ErrBadPyramid)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestAgeDistributionSampleInBand checks that narrow bands (a day wide,
// fractional edges) give ages inside them.
func TestAgeDistributionSampleInBand(t *testing.T) {
	d, err := NewAgeDistribution([]float64{0, 1, 2.5, 3.5, 1000}, []float64{1, 1, 1, 0})
	require.NoError(t, err)
	src := rng.NewSource(vitalSeed, "SampleInBand", 0)
	seen := map[int32]bool{}
	for range 10_000 {
		age := d.Sample(src)
		require.True(t, age >= 0 && age <= 3, "age %d", age)
		seen[age] = true
	}
	// Band [0, 1) gives 0, [1, 2.5) gives 1 or 2, [2.5, 3.5) gives 3.
	assert.Equal(t, map[int32]bool{0: true, 1: true, 2: true, 3: true}, seen)
	assert.Zero(t, testing.AllocsPerRun(1000, func() { d.Sample(src) }))
}

// TestReadAgeDistributionCSV reads a pyramid in years, rows out of order,
// with an extra column, and checks edges (days) and counts.
func TestReadAgeDistributionCSV(t *testing.T) {
	const text = "age_min,count,age_max,note\n5,200,15,x\n0,300.5,0.75,infants\n0.75,100,5,\n15,50,100,open bin closed at 100\n"
	d, err := ReadAgeDistributionCSV(strings.NewReader(text), "p.csv")
	require.NoError(t, err)
	assert.Equal(t, []float64{0, 0.75 * 365, 5 * 365, 15 * 365, 100 * 365}, d.Edges())
	assert.Equal(t, []float64{300.5, 100, 200, 50}, d.Counts())

	path := writeTemp(t, "pyramid.csv", text)
	f, err := LoadAgeDistributionCSV(path)
	require.NoError(t, err)
	assert.Equal(t, d.Counts(), f.Counts())
	_, err = LoadAgeDistributionCSV(path + ".missing")
	require.Error(t, err)
}

// TestReadAgeDistributionCSVErrors checks that every bad file is an
// ErrBadPyramid naming the file, the row and the column.
func TestReadAgeDistributionCSVErrors(t *testing.T) {
	const head = "age_min,age_max,count\n"
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", `p.csv: bad age pyramid: the file is empty`},
		{"no rows", head, `p.csv: bad age pyramid: no data rows`},
		{"missing column", "age_min,age_max,n\n0,5,1\n", `missing column "count"`},
		{"short row", head + "0,5\n", `p.csv: row 1: bad age pyramid: 2 fields, the header has 3`},
		{"not a number", head + "0,5,many\n", `p.csv: row 1, column "count": bad age pyramid: "many" is not a number`},
		{"NaN", head + "0,5,NaN\n", `row 1, column "count": bad age pyramid: "NaN" is not finite`},
		{"Inf age", head + "0,Inf,1\n", `row 1, column "age_max": bad age pyramid: "Inf" is not finite`},
		{"negative count", head + "0,5,1\n5,10,-2\n", `row 2, column "count": bad age pyramid: -2 is negative`},
		{"negative age", head + "-5,5,1\n", `row 1, column "age_min": bad age pyramid: -5 is negative`},
		{"age out of range", head + "0,5,1\n5,151,1\n", `row 2, column "age_max": bad age pyramid: 151 is out of range, expected an age in years ≤ 150`},
		{"empty band", head + "5,5,1\n", `row 1, column "age_max": bad age pyramid: 5 is not above age_min 5`},
		{"gap", head + "0,5,1\n10,15,1\n", `row 2, column "age_min": bad age pyramid: gap: 5 to 10 is covered by no row (row 1 ends at 5`},
		{"overlap", head + "0,10,1\n5,15,1\n", `row 2, column "age_min": bad age pyramid: 5 to 15 overlaps row 1 (0 to 10)`},
		{"duplicate", head + "0,5,1\n0,5,2\n", `row 2, column "age_min": bad age pyramid: age_min 0 to age_max 5 duplicates row 1`},
		{"all zero", head + "0,5,0\n5,10,0\n", `p.csv: column "count": bad age pyramid: the counts sum to 0`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadAgeDistributionCSV(strings.NewReader(c.text), "p.csv")
			require.ErrorIs(t, err, ErrBadPyramid)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// BenchmarkAgeDistributionSample measures one age draw from the 21-bin WPP
// pyramid.
func BenchmarkAgeDistributionSample(b *testing.B) {
	d, err := fixtureProspects(b, "AAA", wantAAA).AgeDistribution(2000)
	require.NoError(b, err)
	src := rng.NewSource(vitalSeed, "bench", 0)
	for b.Loop() {
		d.Sample(src)
	}
}
