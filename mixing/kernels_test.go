package mixing

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// collinearCase is one row of the SPEC §7.3 collinear table.
type collinearCase struct {
	name    string
	mixer   Migrator
	printed [][]string  // the table's 9-significant-digit values
	full    [][]float64 // float64 values from the §7.2–§7.3 formulas
}

// collinearCases are the rows of SPEC §7.3's table (pops 1000, 2000, 3000;
// lat 0; lon 0, 1, 3; k 0.01). The full values were computed with Python 3
// float64 by a direct transcription of SPEC §7.2–§7.3 (math.radians,
// haversine, sorted destinations with ties, W·k/R_j); %.9g of each gives the
// printed table exactly. Hand check, radiation with home, row 0: cum = 1000,
// 3000, 6000, W[0,1] = 1000·2000/(4000·6000), W[0,2] = 1000·3000/
// (7000·10000); row 1: W[1,0] = 2000·1000/(5000·6000), W[1,2] = 2000·3000/
// (8000·11000); mig[0,1] = W[0,1]·0.01/R_1 = 0.00617977528.
var collinearCases = []collinearCase{
	{
		name:  "gravity (defaults)",
		mixer: DefaultGravity(),
		printed: [][]string{
			{"0.983876209", "0.00970562748", "0.00641816307"},
			{"0.00387995381", "0.984329128", "0.0117909185"},
			{"0.000746697459", "0.00343145751", "0.995821845"},
		},
		full: [][]float64{
			{0.9838762094412091, 0.009705627484771408, 0.0064181630740194435},
			{0.0038799538113010205, 0.9843291277257087, 0.011790918462990279},
			{0.000746697459132653, 0.0034314575050761976, 0.9958218450357912},
		},
	},
	{
		name:  "radiation, include_home",
		mixer: DefaultRadiation(),
		printed: [][]string{
			{"0.989864181", "0.00617977528", "0.00395604396"},
			{"0.00528301887", "0.988423275", "0.00629370629"},
			{"0.00264150943", "0.00556179775", "0.991796693"},
		},
		full: [][]float64{
			{0.9898641807630572, 0.006179775280898877, 0.003956043956043956},
			{0.005283018867924529, 0.9884232748383692, 0.006293706293706293},
			{0.0026415094339622643, 0.00556179775280899, 0.9917966928132288},
		},
	},
	{
		name:  "radiation, no home",
		mixer: Radiation{IncludeHome: false, K: 0.01},
		printed: [][]string{
			{"0.992912418", "0.0048", "0.0022875817"},
			{"0.00882352941", "0.986601307", "0.0045751634"},
			{"0.00378151261", "0.00617142857", "0.990047059"},
		},
		full: [][]float64{
			{0.9929124183006536, 0.0048, 0.0022875816993464053},
			{0.008823529411764706, 0.9866013071895425, 0.004575163398692811},
			{0.003781512605042017, 0.006171428571428572, 0.9900470588235294},
		},
	},
	{
		name:  "stouffer, include_home",
		mixer: DefaultStouffer(),
		printed: [][]string{
			{"0.993058824", "0.004", "0.00294117647"},
			{"0.00571428571", "0.988403361", "0.00588235294"},
			{"0.00428571429", "0.0072", "0.988514286"},
		},
		full: [][]float64{
			{0.9930588235294118, 0.004, 0.0029411764705882353},
			{0.005714285714285714, 0.9884033613445378, 0.0058823529411764705},
			{0.004285714285714286, 0.007200000000000001, 0.9885142857142857},
		},
	},
	{
		name:  "stouffer, no home",
		mixer: Stouffer{IncludeHome: false, K: 0.01, A: 1, B: 1},
		printed: [][]string{
			{"0.995642857", "0.00285714286", "0.0015"},
			{"0.0125", "0.98375", "0.00375"},
			{"0.00625", "0.00857142857", "0.985178571"},
		},
		full: [][]float64{
			{0.9956428571428572, 0.002857142857142857, 0.0015},
			{0.0125, 0.98375, 0.00375},
			{0.00625, 0.008571428571428572, 0.9851785714285715},
		},
	},
	{
		name:  "competing dest., δ = −1",
		mixer: CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: -1},
		printed: [][]string{
			{"0.987232902", "0.00260322138", "0.0101638769"},
			{"0.00640998264", "0.924983848", "0.0686061692"},
			{"0.000356110146", "0.000976208017", "0.998667682"},
		},
		full: [][]float64{
			{0.9872329016980128, 0.002603221377790819, 0.010163876924196423},
			{0.006409982635400105, 0.9249838481262741, 0.06860616923832578},
			{0.00035611014641111693, 0.0009762080166715563, 0.9986676818369173},
		},
	},
}

func TestCollinearTable(t *testing.T) {
	// SPEC §7.3 table and AT-15: every row within 1e−9 relative, rows of M
	// sum to 1 within 1e−12, the off-diagonal of M is the migration matrix.
	for _, tc := range collinearCases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.mixer.Mixing(collinear())
			require.NoError(t, err)
			require.False(t, m.IsSparse())
			mig, err := tc.mixer.Migration(collinear())
			require.NoError(t, err)
			for i := range tc.full {
				for j := range tc.full[i] {
					assert.Equal(t, tc.printed[i][j], fmt.Sprintf("%.9g", m.At(i, j)), "M[%d,%d]", i, j)
					assert.InEpsilon(t, tc.full[i][j], m.At(i, j), 1e-9, "M[%d,%d]", i, j)
					if i == j {
						assert.Zero(t, mig.At(i, j), "mig diagonal")
					} else {
						assert.Equal(t, mig.At(i, j), m.At(i, j), "M off-diagonal = mig")
					}
				}
			}
			requireRowsSumToOne(t, m)
		})
	}
}

func TestNewMixerDefaults(t *testing.T) {
	// SPEC §7.1 defaults.
	assert.Equal(t, Radiation{IncludeHome: true, K: 0.01}, DefaultRadiation())
	assert.Equal(t, Stouffer{IncludeHome: true, K: 0.01, A: 1, B: 1}, DefaultStouffer())
	assert.Equal(t, CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: 0}, DefaultCompetingDestinations())
	assert.Equal(t, "radiation", DefaultRadiation().Name())
	assert.Equal(t, "stouffer", DefaultStouffer().Name())
	assert.Equal(t, "competing_destinations", DefaultCompetingDestinations().Name())
	for _, m := range []interface{ Validate() error }{DefaultRadiation(), DefaultStouffer(), DefaultCompetingDestinations()} {
		require.NoError(t, m.Validate())
	}
}

func TestNewMixerValidate(t *testing.T) {
	// SPEC §7.1 ranges: radiation k ∈ [0, 1]; Stouffer b ≥ 0; competing
	// destinations a ≥ 1, delta finite; all finite.
	tests := []struct {
		name string
		m    Migrator
		want string // "" = valid
	}{
		{"radiation k 0", Radiation{K: 0}, ""},
		{"radiation k 1", Radiation{IncludeHome: true, K: 1}, ""},
		{"radiation k negative", Radiation{K: -0.1}, "mixing: radiation: k = -0.1 must be in [0, 1]"},
		{"radiation k NaN", Radiation{K: math.NaN()}, "mixing: radiation: k = NaN is not finite"},
		{"stouffer negative a", Stouffer{K: 0.01, A: -2, B: 0}, ""},
		{"stouffer b negative", Stouffer{K: 0.01, A: 1, B: -1}, "mixing: stouffer: b = -1 must be >= 0"},
		{"stouffer a Inf", Stouffer{K: 0.01, A: math.Inf(-1), B: 1}, "a = -Inf is not finite"},
		{"stouffer k above 1", Stouffer{K: 2, A: 1, B: 1}, "mixing: stouffer: k = 2 must be in [0, 1]"},
		{"cd negative b c delta", CompetingDestinations{A: 1, B: -1, C: -1, K: 0.01, Delta: -3}, ""},
		{"cd a below 1", CompetingDestinations{A: 0.9, B: 1, C: 1.5, K: 0.01}, "competing_destinations: a = 0.9 must be >= 1"},
		{"cd delta Inf", CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: math.Inf(1)}, "delta = +Inf is not finite"},
		{"cd zero value", CompetingDestinations{}, "a = 0 must be >= 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.m.(interface{ Validate() error }).Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.want)
			_, err = tc.m.Mixing(twoPatch())
			require.ErrorContains(t, err, tc.want, "Mixing validates")
			_, err = tc.m.Migration(twoPatch())
			require.ErrorContains(t, err, tc.want, "Migration validates")
		})
	}
}

func TestCompetingDeltaZeroIsGravity(t *testing.T) {
	// SPEC §7.3: competing destinations with δ = 0 equals gravity exactly
	// (0^0 = 1), bit for bit, for any gravity exponents.
	scn := randomTable(150, 9)
	for _, g := range []Gravity{DefaultGravity(), {A: 1.5, B: 0.7, C: 2, K: 0.02}, {A: 1, B: 1, C: 0, K: 0.001}} {
		cd := CompetingDestinations{A: g.A, B: g.B, C: g.C, K: g.K, Delta: 0}
		want, err := g.Mixing(scn)
		require.NoError(t, err)
		got, err := cd.Mixing(scn)
		require.NoError(t, err)
		require.Equal(t, want.dense, got.dense, "%+v", g)
	}
}

// naiveCompeting is a direct O(N³) transcription of SPEC §7.2's competing
// destinations kernel (Σ over m ≠ i, j with distances from j), normalised by
// SPEC §7.3.
func naiveCompeting(t *testing.T, cd CompetingDestinations, scn *scenario.Table) [][]float64 {
	t.Helper()
	n := scn.Len()
	d, err := Distances(scn.Lat, scn.Lon)
	require.NoError(t, err)
	p := populations(scn)
	w := make([][]float64, n)
	r := make([]float64, n)
	for i := range n {
		w[i] = make([]float64, n)
		for j := range n {
			if i == j {
				continue
			}
			comp := 0.0
			for m := range n {
				if m != i && m != j {
					comp += math.Pow(p[m], cd.B) * math.Pow(d[j*n+m], -cd.C)
				}
			}
			w[i][j] = math.Pow(p[i], cd.A-1) * math.Pow(p[j], cd.B) * math.Pow(d[i*n+j], -cd.C) * math.Pow(comp, cd.Delta)
			r[i] += w[i][j]
		}
	}
	for i := range n {
		for j := range n {
			if r[j] != 0 {
				w[i][j] = w[i][j] * cd.K / r[j]
			}
		}
	}
	return w
}

func TestCompetingMatchesNaive(t *testing.T) {
	// The O(N²) build (Σ_j once per destination, minus C[j,i]) equals the
	// O(N³) definition; the subtraction loses a few ulps of Σ_j, so 1e−9
	// relative (the SPEC table's tolerance).
	scn := randomTable(60, 4)
	for _, cd := range []CompetingDestinations{
		{A: 1, B: 1, C: 1.5, K: 0.01, Delta: -1},
		{A: 2, B: 0.5, C: 2, K: 0.005, Delta: 0.7},
		{A: 1, B: 1, C: 0, K: 0.001, Delta: -0.5},
	} {
		want := naiveCompeting(t, cd, scn)
		mig, err := cd.Migration(scn)
		require.NoError(t, err, "%+v", cd)
		for i := range want {
			for j := range want[i] {
				if i == j {
					assert.Zero(t, mig.At(i, j))
					continue
				}
				assert.InEpsilon(t, want[i][j], mig.At(i, j), 1e-9, "%+v mig[%d,%d]", cd, i, j)
			}
		}
	}
}

// naiveRanked is a direct transcription of SPEC §7.2's rank-based kernels
// for origin i: cum over all patches within distance ≤ d_ij (i included
// with home, j always), by an O(N) scan per entry instead of sorting.
func naiveRanked(t *testing.T, scn *scenario.Table, home, radiation bool, a, b, k float64) [][]float64 {
	t.Helper()
	n := scn.Len()
	d, err := Distances(scn.Lat, scn.Lon)
	require.NoError(t, err)
	p := populations(scn)
	w := make([][]float64, n)
	r := make([]float64, n)
	for i := range n {
		w[i] = make([]float64, n)
		for j := range n {
			if i == j {
				continue
			}
			cum := 0.0
			for m := range n {
				if m != i && d[i*n+m] <= d[i*n+j] {
					cum += p[m]
				}
			}
			if home {
				cum += p[i]
			}
			switch {
			case radiation:
				if den := (p[i] + cum) * (p[i] + p[j] + cum); den != 0 {
					w[i][j] = p[i] * p[j] / den
				}
			case cum != 0:
				w[i][j] = math.Pow(p[i], a) * math.Pow(p[j]/cum, b)
			}
			r[i] += w[i][j]
		}
	}
	for i := range n {
		for j := range n {
			if r[j] != 0 {
				w[i][j] = w[i][j] * k / r[j]
			}
		}
	}
	return w
}

func TestRankedMatchNaive(t *testing.T) {
	// Radiation and Stouffer equal the "population within distance ≤ d_ij"
	// reading of SPEC §7.2 on a grid, where many destinations tie at equal
	// distance (exact ties exercise the "last tied entry" rule), including
	// two coincident patches. Tolerance 1e−12 relative: sums of integer
	// pops are exact, so only the formula's rounding differs.
	ids := []string{}
	var pops []int64
	var lat, lon []float64
	for r := range 5 {
		for c := range 5 {
			ids = append(ids, fmt.Sprintf("%d:%d", r, c))
			pops = append(pops, int64(1000+137*(r*5+c)%900))
			lat = append(lat, 0)
			lon = append(lon, float64(c)+0.5*float64(r%2)) // repeated longitudes: ties
		}
	}
	ids = append(ids, "twin")
	pops = append(pops, 4321)
	lat = append(lat, 0)
	lon = append(lon, 2) // coincident with 0:2 and 2:2
	scn := newTable(ids, pops, lat, lon)
	type tcase struct {
		name      string
		m         Migrator
		home, rad bool
		a, b      float64
	}
	for _, tc := range []tcase{
		{"radiation home", DefaultRadiation(), true, true, 0, 0},
		{"radiation no home", Radiation{K: 0.01}, false, true, 0, 0},
		{"stouffer home", DefaultStouffer(), true, false, 1, 1},
		{"stouffer no home", Stouffer{K: 0.01, A: 1, B: 1}, false, false, 1, 1},
		{"stouffer exponents", Stouffer{IncludeHome: true, K: 0.002, A: 0.5, B: 2}, true, false, 0.5, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := 0.01
			if s, ok := tc.m.(Stouffer); ok {
				k = s.K
			}
			want := naiveRanked(t, scn, tc.home, tc.rad, tc.a, tc.b, k)
			mig, err := tc.m.Migration(scn)
			require.NoError(t, err)
			for i := range want {
				for j := range want[i] {
					if want[i][j] == 0 {
						assert.Zero(t, mig.At(i, j), "mig[%d,%d]", i, j)
						continue
					}
					assert.InEpsilon(t, want[i][j], mig.At(i, j), 1e-12, "mig[%d,%d]", i, j)
				}
			}
		})
	}
}

func TestRankTies(t *testing.T) {
	// SPEC §7.2 by hand: origin 0 at lon 0, patches at lon −1, 1 (tied at
	// 111.19 km) and 2; pops 10, 20, 30, 40. Order: 0, then 1 and 2 (tie, by
	// index), then 3. cum with home = 10, 60, 60, 100 (the tied pair both
	// get the last tied value 10+20+30); without home 0, 50, 50, 90.
	scn := newTable([]string{"o", "w", "e", "far"}, []int64{10, 20, 30, 40},
		[]float64{0, 0, 0, 0}, []float64{0, -1, 1, 2})
	r := newRanker(newCoords(scn.Lat, scn.Lon), populations(scn))
	keys, cum := r.rank(0, true)
	order := []int32{keys[0].j, keys[1].j, keys[2].j, keys[3].j}
	assert.Equal(t, []int32{0, 1, 2, 3}, order)
	assert.Equal(t, []float64{10, 60, 60, 100}, cum)
	_, cum = r.rank(0, false)
	assert.Equal(t, []float64{0, 50, 50, 90}, cum)
	// Origin 3 (lon 2): 2 (lon 1), then 0, then 1; no ties.
	keys, cum = r.rank(3, true)
	assert.Equal(t, []int32{3, 2, 0, 1}, []int32{keys[0].j, keys[1].j, keys[2].j, keys[3].j})
	assert.Equal(t, []float64{40, 70, 80, 100}, cum)
}

func TestRankedCoincidentPatches(t *testing.T) {
	// Radiation and Stouffer rank coincident patches at distance 0 (i first,
	// SPEC §7.2) instead of failing; gravity and competing destinations with
	// c > 0 fail naming both patches (AT-15 "coincident → error").
	scn := newTable([]string{"a", "b", "c"}, []int64{1000, 2000, 3000},
		[]float64{10, 12, 10}, []float64{20, 21, 20})
	for _, m := range []Mixer{DefaultRadiation(), Radiation{K: 0.01}, DefaultStouffer(), Stouffer{K: 0.01, A: 1, B: 1}} {
		mix, err := m.Mixing(scn)
		require.NoError(t, err, "%+v", m)
		requireNoNaN(t, mix)
		requireRowsSumToOne(t, mix)
	}
	for _, m := range []Mixer{DefaultGravity(), CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: -1}} {
		_, err := m.Mixing(scn)
		require.ErrorContains(t, err, `patches 0 ("a") and 2 ("c") are at distance 0`, "%+v", m)
		require.ErrorContains(t, err, "mixing: "+m.Name()+":")
	}
	// Without distance decay competing destinations needs no distances.
	m, err := CompetingDestinations{A: 1, B: 1, C: 0, K: 0.01, Delta: -1}.Mixing(scn)
	require.NoError(t, err)
	requireRowsSumToOne(t, m)
}

// newMixers are the mixers of this milestone, at settings that are valid on
// small test scenarios (δ = −1 needs at least 3 patches).
func newMixers() []Migrator {
	return []Migrator{
		DefaultRadiation(), Radiation{K: 0.01},
		DefaultStouffer(), Stouffer{K: 0.01, A: 1, B: 1}, Stouffer{IncludeHome: true, K: 0.01, A: 0.5, B: 2},
		DefaultCompetingDestinations(), CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: -1},
		CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: 0.5},
	}
}

func TestNewMixersZeroPopulation(t *testing.T) {
	// SPEC §7.2: any 0/0 term is 0; zero pops never give NaN (AT-15), and
	// rows of M sum to 1.
	for _, pops := range [][]int64{{0, 1000, 2000, 3000}, {1000, 0, 0, 3000}, {0, 0, 0, 0}} {
		scn := newTable([]string{"a", "b", "c", "d"}, pops, []float64{0, 0, 0, 1}, []float64{0, 1, 3, 2})
		for _, m := range newMixers() {
			mix, err := m.Mixing(scn)
			positive := 0
			for _, p := range pops {
				if p > 0 {
					positive++
				}
			}
			if cd, ok := m.(CompetingDestinations); ok && cd.Delta < 0 && positive < 3 {
				// Some pair (i, j) has no third patch with people: its
				// competition base is 0, an error for δ < 0 (SPEC §7.2).
				require.ErrorContains(t, err, "competition sum 0", "%+v", m)
				continue
			}
			require.NoError(t, err, "%+v pops %v", m, pops)
			requireNoNaN(t, mix)
			requireRowsSumToOne(t, mix)
			mig, err := m.Migration(scn)
			require.NoError(t, err)
			requireNoNaN(t, mig)
		}
	}
}

func TestNewMixersZeroPopErrors(t *testing.T) {
	// Negative exponents on a zero pop would be infinite: an error naming
	// the patch (rubeola choice, like SPEC §7.2's zero base with δ < 0).
	scn := newTable([]string{"a", "b", "c"}, []int64{1000, 0, 3000}, []float64{0, 0, 0}, []float64{0, 1, 3})
	_, err := Stouffer{IncludeHome: true, K: 0.01, A: -1, B: 1}.Mixing(scn)
	require.ErrorContains(t, err, `mixing: stouffer: patch 1 ("b") has pop 0 and a = -1 < 0`)
	for _, delta := range []float64{1, 0} {
		_, err = CompetingDestinations{A: 1, B: -1, C: 1.5, K: 0.01, Delta: delta}.Mixing(scn)
		require.ErrorContains(t, err, `mixing: competing_destinations: patch 1 ("b") has pop 0 and b = -1 < 0`)
	}
	// SPEC §7.2: a zero competition base with δ < 0 is an error; with two
	// patches every base is 0 (no third destination).
	_, err = CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: -1}.Mixing(twoPatch())
	require.ErrorContains(t, err, `destination 1 ("patch_2") has no competing destinations for origin 0 ("patch_1")`)
	// δ > 0 with a zero base: 0^δ = 0, no migration at all.
	m, err := CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: 2}.Mixing(twoPatch())
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{1, 0}, {0, 1}}, rows(m))
}

func TestNewMixersSinglePatch(t *testing.T) {
	// SPEC §7.2: a single patch gives migration [[0]], M = [[1]] (AT-15).
	scn := newTable([]string{"node_0"}, []int64{10000}, []float64{40}, []float64{4})
	for _, m := range newMixers() {
		mix, err := m.Mixing(scn)
		require.NoError(t, err)
		assert.Equal(t, [][]float64{{1}}, rows(mix))
		mig, err := m.Migration(scn)
		require.NoError(t, err)
		assert.Equal(t, [][]float64{{0}}, rows(mig))
	}
}

func TestNewMixersRowSumError(t *testing.T) {
	// SPEC §7.3 row-sum > 1 error (AT-15: pops 100 000 / 500). With two
	// patches each row of W has one entry, so mig[1,0] = k·W[1,0]/W[0,1]:
	//   radiation with home: cum = 100 500 for both origins, W[0,1] =
	//   p0·p1/(200 500·201 000), W[1,0] = p0·p1/(101 000·201 000), so
	//   mig[1,0] = k·200 500/101 000 = 1.985·k: above 1 only for k = 1;
	//   Stouffer with home and a = 1: W[0,1] = W[1,0] (ratio 1, never above
	//   1), so a = 0: W[1,0]/W[0,1] = p0/p1 = 200, mig[1,0] = 2 at k 0.01;
	//   competing destinations: two patches have no third destination, so
	//   δ ≠ 0 gives W = 0 (δ > 0) or an error (δ < 0); the reachable case is
	//   δ = 0, gravity itself, mig[1,0] = k·p0/p1 = 2.
	scn := newTable([]string{"big", "x"}, []int64{100000, 500}, []float64{40, 34}, []float64{4, 10})
	for _, m := range []Mixer{
		Radiation{IncludeHome: true, K: 1},
		Stouffer{IncludeHome: true, K: 0.01, A: 0, B: 1},
		CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: 1}, // δ > 0 with 2 patches: W = 0
	} {
		_, err := m.Mixing(scn)
		if cd, ok := m.(CompetingDestinations); ok {
			// With two patches δ ≠ 0 has no competition (W = 0 or an
			// error), so the reachable case is δ = 0, gravity itself:
			// mig[1,0] = k·p0/p1 = 2.
			require.NoError(t, err)
			cd.Delta = 0
			_, err = cd.Mixing(scn)
		}
		require.ErrorContains(t, err, `mixing: migration row 1 ("x") sums to`, "%+v", m)
		require.ErrorContains(t, err, "> 1")
	}
}

func TestNoStaleMatrix(t *testing.T) {
	// Mixers cache nothing: one mixer value applied to two scenarios gives
	// each its own matrix, and the first again gives the first result.
	a, b := collinear(), randomTable(40, 2)
	for _, m := range append(newMixers(), Migrator(DefaultGravity())) {
		m1, err := m.Mixing(a)
		require.NoError(t, err)
		m2, err := m.Mixing(b)
		require.NoError(t, err, "%+v", m)
		require.Equal(t, 3, m1.N())
		require.Equal(t, 40, m2.N())
		requireRowsSumToOne(t, m2)
		again, err := m.Mixing(a)
		require.NoError(t, err)
		require.Equal(t, rows(m1), rows(again), "%+v", m)
		fresh, err := m.Mixing(b)
		require.NoError(t, err)
		require.Equal(t, rows(m2), rows(fresh))
	}
}
