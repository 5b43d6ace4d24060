package mixing

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

func TestDefaultGravity(t *testing.T) {
	// SPEC §7.1: defaults a 1.0, b 1.0, c 1.5, k 0.01.
	g := DefaultGravity()
	assert.Equal(t, Gravity{A: 1, B: 1, C: 1.5, K: 0.01}, g)
	assert.Equal(t, "gravity", g.Name())
	require.NoError(t, g.Validate())
}

func TestGravityValidate(t *testing.T) {
	// SPEC §7.1: a ≥ 1, b ≥ 0, c ≥ 0, k ∈ [0, 1], all finite.
	tests := []struct {
		name string
		g    Gravity
		want string // substring of the error; "" = valid
	}{
		{"defaults", DefaultGravity(), ""},
		{"bounds", Gravity{A: 1, B: 0, C: 0, K: 0}, ""},
		{"k one", Gravity{A: 3, B: 2, C: 4, K: 1}, ""},
		{"a below 1", Gravity{A: 0.5, B: 1, C: 1.5, K: 0.01}, "a = 0.5 must be >= 1"},
		{"b negative", Gravity{A: 1, B: -1, C: 1.5, K: 0.01}, "b = -1 must be >= 0"},
		{"c negative", Gravity{A: 1, B: 1, C: -0.1, K: 0.01}, "c = -0.1 must be >= 0"},
		{"k negative", Gravity{A: 1, B: 1, C: 1.5, K: -0.01}, "k = -0.01 must be in [0, 1]"},
		{"k above 1", Gravity{A: 1, B: 1, C: 1.5, K: 1.5}, "k = 1.5 must be in [0, 1]"},
		{"a NaN", Gravity{A: math.NaN(), B: 1, C: 1.5, K: 0.01}, "a = NaN is not finite"},
		{"c Inf", Gravity{A: 1, B: 1, C: math.Inf(1), K: 0.01}, "c = +Inf is not finite"},
		{"zero value", Gravity{}, "a = 0 must be >= 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.g.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.want)
			_, err = tc.g.Mixing(twoPatch())
			require.ErrorContains(t, err, tc.want, "Mixing validates")
			_, err = tc.g.Migration(twoPatch())
			require.ErrorContains(t, err, tc.want, "Migration validates")
		})
	}
}

func TestGravityPinnedValues(t *testing.T) {
	// SPEC §7.3 "Consequences and pinned numbers" and AT-15: exact values
	// within 1e−12 absolute.
	tests := []struct {
		name    string
		g       Gravity
		scn     *scenario.Table
		wantMig [][]float64
		wantMix [][]float64
	}{
		{
			// TwoPatch defaults: mig[0,1] = k·p1/p0 = 0.005, mig[1,0] =
			// k·p0/p1 = 0.02 (a = b = 1: distance cancels).
			name:    "TwoPatch defaults",
			g:       DefaultGravity(),
			scn:     twoPatch(),
			wantMig: [][]float64{{0, 0.005}, {0.02, 0}},
			wantMix: [][]float64{{0.995, 0.005}, {0.02, 0.98}},
		},
		{
			// Mean-field gravity a = b = 1, c = 0, k = 0.15, pops 1000, 2000.
			name:    "mean field 2 patches",
			g:       Gravity{A: 1, B: 1, C: 0, K: 0.15},
			scn:     newTable([]string{"x", "y"}, []int64{1000, 2000}, []float64{0, 0}, []float64{0, 1}),
			wantMig: [][]float64{{0, 0.3}, {0.075, 0}},
			wantMix: [][]float64{{0.7, 0.3}, {0.075, 0.925}},
		},
		{
			// Mean-field gravity, pops 1000, 2000, 3000: SPEC §7.3 gives mig
			// and the diagonal 0.775, 0.82, 0.895.
			name: "mean field 3 patches",
			g:    Gravity{A: 1, B: 1, C: 0, K: 0.15},
			scn: newTable([]string{"x", "y", "z"}, []int64{1000, 2000, 3000},
				[]float64{0, 0, 0}, []float64{0, 1, 2}),
			wantMig: [][]float64{{0, 0.075, 0.15}, {0.03, 0, 0.15}, {0.03, 0.075, 0}},
			wantMix: [][]float64{{0.775, 0.075, 0.15}, {0.03, 0.82, 0.15}, {0.03, 0.075, 0.895}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mig, err := tc.g.Migration(tc.scn)
			require.NoError(t, err)
			mix, err := tc.g.Mixing(tc.scn)
			require.NoError(t, err)
			require.False(t, mig.IsSparse())
			require.False(t, mix.IsSparse())
			require.Equal(t, tc.scn.Len(), mix.N())
			for i := range tc.wantMix {
				for j := range tc.wantMix[i] {
					assert.InDelta(t, tc.wantMig[i][j], mig.At(i, j), 1e-12, "mig[%d,%d]", i, j)
					assert.InDelta(t, tc.wantMix[i][j], mix.At(i, j), 1e-12, "M[%d,%d]", i, j)
				}
			}
			requireRowsSumToOne(t, mix)
		})
	}
}

func TestGravityCollinear(t *testing.T) {
	// SPEC §7.3 table, row "gravity (defaults)", three collinear patches.
	// The table prints 9 significant digits, coarser than its own 1e−9
	// relative tolerance (0.0117909185 is 3e−9 away from the float64 value),
	// so the check is twofold: the printed digits must be reproduced exactly
	// by %.9g, and the full float64 values — computed with Python 3 float64
	// from the SPEC §7.2–§7.3 formulas (math.radians, haversine, W·k/R_j) —
	// must match within 1e−9 relative.
	printed := [][]string{
		{"0.983876209", "0.00970562748", "0.00641816307"},
		{"0.00387995381", "0.984329128", "0.0117909185"},
		{"0.000746697459", "0.00343145751", "0.995821845"},
	}
	full := [][]float64{
		{0.983876209441209, 0.00970562748477141, 0.00641816307401944},
		{0.00387995381130102, 0.984329127725709, 0.0117909184629903},
		{0.000746697459132653, 0.0034314575050762, 0.995821845035791},
	}
	m, err := DefaultGravity().Mixing(collinear())
	require.NoError(t, err)
	for i := range full {
		for j := range full[i] {
			assert.Equal(t, printed[i][j], fmt.Sprintf("%.9g", m.At(i, j)), "M[%d,%d]", i, j)
			assert.InEpsilon(t, full[i][j], m.At(i, j), 1e-9, "M[%d,%d]", i, j)
		}
	}
	requireRowsSumToOne(t, m)

	// SPEC §7.3: "For the gravity row, TripsInto = [10, 20, 30]" (= k·p_j).
	mig, err := DefaultGravity().Migration(collinear())
	require.NoError(t, err)
	into := TripsInto(mig, collinear().Pop)
	for j, w := range []float64{10, 20, 30} {
		assert.InEpsilon(t, w, into[j], 1e-12, "TripsInto[%d]", j)
	}
}

func TestGravityAsymmetry(t *testing.T) {
	// AT-15: mig[0,1] > mig[1,0] and M[0,1] > M[1,0]. With a = b = 1,
	// mig[0,1] = k·p1/p0 for two patches (SPEC §7.3), so the inequality holds
	// when patch 0 is the smaller one — the 2-patch case of AT-15 (pops 1000,
	// 2000: 0.3 > 0.075), with or without distance decay.
	small := func() *scenario.Table {
		return newTable([]string{"small", "large"}, []int64{1000, 2000}, []float64{40, 34}, []float64{4, 10})
	}
	for _, g := range []Gravity{{A: 1, B: 1, C: 0, K: 0.15}, DefaultGravity()} {
		mig, err := g.Migration(small())
		require.NoError(t, err)
		mix, err := g.Mixing(small())
		require.NoError(t, err)
		assert.Greater(t, mig.At(0, 1), mig.At(1, 0), "%+v", g)
		assert.Greater(t, mix.At(0, 1), mix.At(1, 0), "%+v", g)
	}
	// TwoPatch lists the larger patch first (100000, 50000), so its pinned
	// matrix (SPEC §7.3: M = [[0.995, 0.005], [0.02, 0.98]]) is the mirror
	// image: M[0,1] = 0.005 < M[1,0] = 0.02. Reordered small-first, AT-15's
	// inequality holds.
	mig, err := DefaultGravity().Migration(twoPatch())
	require.NoError(t, err)
	mix, err := DefaultGravity().Mixing(twoPatch())
	require.NoError(t, err)
	assert.Less(t, mig.At(0, 1), mig.At(1, 0))
	assert.Less(t, mix.At(0, 1), mix.At(1, 0))
	rev := newTable([]string{"patch_2", "patch_1"}, []int64{50000, 100000}, []float64{34, 40}, []float64{10, 4})
	mig, err = DefaultGravity().Migration(rev)
	require.NoError(t, err)
	mix, err = DefaultGravity().Mixing(rev)
	require.NoError(t, err)
	assert.Greater(t, mig.At(0, 1), mig.At(1, 0))
	assert.Greater(t, mix.At(0, 1), mix.At(1, 0))
}

func TestGravityTripsRatio(t *testing.T) {
	// SPEC §7.3: for gravity with a = b = 1 and symmetric d, TripsInto[j] =
	// k·p_j, so Σ TripsOutOf / Σ p = k (AT-15: within 1e−12). The
	// per-origin trip probability Σ_j mig[i,j] is not k.
	for _, g := range []Gravity{DefaultGravity(), {A: 1, B: 1, C: 2.3, K: 0.05}} {
		scn := randomTable(200, 11)
		mig, err := g.Migration(scn)
		require.NoError(t, err)
		out := TripsOutOf(mig, scn.Pop)
		into := TripsInto(mig, scn.Pop)
		var sumOut, sumP float64
		for i, p := range scn.Pop {
			sumOut += out[i]
			sumP += float64(p)
			assert.InEpsilon(t, g.K*float64(p), into[i], 1e-12, "TripsInto[%d]", i)
		}
		assert.InDelta(t, g.K, sumOut/sumP, 1e-12)
		mix, err := g.Mixing(scn)
		require.NoError(t, err)
		requireRowsSumToOne(t, mix)
	}
}

func TestGravityMatchesNaive(t *testing.T) {
	// The fused row-wise build equals a direct transcription of SPEC
	// §7.2–§7.3 (Distances + math.Pow) to 1e−12 relative; special-cased
	// exponents (c = 1.5, 2) differ from math.Pow by about an ulp only.
	scn := randomTable(120, 5)
	for _, g := range []Gravity{
		DefaultGravity(),
		{A: 1.5, B: 0.8, C: 1.7, K: 0.02},
		{A: 2, B: 0, C: 2, K: 0.001},
		{A: 1, B: 1, C: 0.5, K: 0.01},
		{A: 1, B: 1, C: 1, K: 0.01},
		{A: 1, B: 1, C: 3, K: 0.01},
		{A: 1, B: 1, C: 0, K: 0.001},
	} {
		want := naiveGravityMigration(t, g, scn)
		mig, err := g.Migration(scn)
		require.NoError(t, err, "%+v", g)
		mix, err := g.Mixing(scn)
		require.NoError(t, err, "%+v", g)
		for i := range want {
			off := 0.0
			for j := range want[i] {
				if i == j {
					assert.Zero(t, mig.At(i, j))
					continue
				}
				off += mig.At(i, j)
				assert.InEpsilon(t, want[i][j], mig.At(i, j), 1e-12, "%+v mig[%d,%d]", g, i, j)
				assert.Equal(t, mig.At(i, j), mix.At(i, j), "off-diagonal of M is mig")
			}
			assert.Equal(t, 1-off, mix.At(i, i), "diagonal is 1 − Σ_{j≠i} mig[i,j]")
		}
	}
}

func TestDistanceDecay(t *testing.T) {
	// The special cases agree with math.Pow(d, −c) within 4 ulp (relative
	// 1e−15).
	for _, c := range []float64{0, 0.5, 1, 1.5, 2, 3, 1.7} {
		f := distanceDecay(c)
		for _, d := range []float64{1e-3, 0.7, 1, 111.19492664455873, 853.3593, 20015} {
			assert.InEpsilon(t, math.Pow(d, -c), f(d), 1e-15, "c=%v d=%v", c, d)
		}
	}
}

func TestGravityDeterministicParallel(t *testing.T) {
	// The dense build splits rows across goroutines; results must be
	// bit-identical for any GOMAXPROCS (DESIGN §4 rule 5). N = 300 is above
	// the parallel threshold (N² ≥ 2^16).
	scn := randomTable(300, 3)
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	ref, err := DefaultGravity().Mixing(scn)
	require.NoError(t, err)
	for _, procs := range []int{2, 4, 7} {
		runtime.GOMAXPROCS(procs)
		m, err := DefaultGravity().Mixing(scn)
		require.NoError(t, err)
		for i := range ref.N() {
			_, a := ref.Row(i)
			_, b := m.Row(i)
			require.Equal(t, a, b, "GOMAXPROCS %d row %d", procs, i)
		}
	}
}

func TestGravityZeroPopulation(t *testing.T) {
	// SPEC §7.2 and §7.3: any 0/0 term is 0, R_j = 0 gives factor 0; a
	// zero-population patch never produces NaN (AT-15).
	tests := []struct {
		name string
		g    Gravity
		pops []int64
	}{
		{"defaults, one zero pop", DefaultGravity(), []int64{0, 1000, 2000}},
		{"defaults, all zero", DefaultGravity(), []int64{0, 0, 0}},
		// a = 2: row 0 of W is 0 (R_0 = 0); b = 0: column 0 of W is not, so
		// mig[i,0] = W[i,0]·k/0 → factor 0.
		{"a 2 b 0, zero pop", Gravity{A: 2, B: 0, C: 1.5, K: 0.01}, []int64{0, 1000, 2000}},
		{"mean field, zero pop", Gravity{A: 1, B: 1, C: 0, K: 0.15}, []int64{1000, 0, 3000}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			scn := newTable([]string{"a", "b", "c"}, tc.pops, []float64{0, 0, 0}, []float64{0, 1, 3})
			mix, err := tc.g.Mixing(scn)
			require.NoError(t, err)
			requireNoNaN(t, mix)
			requireRowsSumToOne(t, mix)
			mig, err := tc.g.Migration(scn)
			require.NoError(t, err)
			requireNoNaN(t, mig)
		})
	}
	// With pops 0, 1000, 2000 and a = b = 1 nobody travels into patch 0
	// (W[i,0] ∝ p_0 = 0), and everything else is finite.
	scn := newTable([]string{"a", "b", "c"}, []int64{0, 1000, 2000}, []float64{0, 0, 0}, []float64{0, 1, 3})
	mig, err := DefaultGravity().Migration(scn)
	require.NoError(t, err)
	assert.Zero(t, mig.At(1, 0))
	assert.Zero(t, mig.At(2, 0))
	// All pops zero: W = 0, no migration, M = identity.
	zero := newTable([]string{"a", "b"}, []int64{0, 0}, []float64{0, 0}, []float64{0, 1})
	mix, err := DefaultGravity().Mixing(zero)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{1, 0}, {0, 1}}, rows(mix))
}

func TestGravitySinglePatch(t *testing.T) {
	// SPEC §7.2: a single-patch scenario short-circuits to migration [[0]],
	// M = [[1]] (AT-15).
	scn := newTable([]string{"node_0"}, []int64{10000}, []float64{40}, []float64{4})
	mix, err := DefaultGravity().Mixing(scn)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{1}}, rows(mix))
	mig, err := DefaultGravity().Migration(scn)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0}}, rows(mig))
}

func TestGravityErrors(t *testing.T) {
	tests := []struct {
		name string
		g    Gravity
		scn  *scenario.Table
		want []string // substrings of the Mixing error
	}{
		{
			// SPEC §7.2: off-diagonal d = 0 with c > 0 → error naming both
			// patches (AT-15 "coincident → error").
			name: "coincident patches",
			g:    DefaultGravity(),
			scn: newTable([]string{"a", "b", "c"}, []int64{100, 200, 300},
				[]float64{10, 12, 10}, []float64{20, 21, 20}),
			want: []string{`patches 0 ("a") and 2 ("c")`, "distance 0", "c = 1.5"},
		},
		{
			// SPEC §7.3: row-sum > 1 error; pops 100000 / 500, k 0.01 gives
			// mig[1,0] = k·p0/p1 = 2 (AT-15).
			name: "row sum above 1",
			g:    DefaultGravity(),
			scn: newTable([]string{"big", "x"}, []int64{100000, 500},
				[]float64{40, 34}, []float64{4, 10}),
			want: []string{`mixing: migration row 1 ("x") sums to 1.99999`, "> 1"},
		},
		{
			name: "no patches",
			g:    DefaultGravity(),
			scn:  &scenario.Table{},
			want: []string{"scenario has no patches"},
		},
		{
			name: "nil scenario",
			g:    DefaultGravity(),
			scn:  nil,
			want: []string{"scenario has no patches"},
		},
		{
			name: "column lengths",
			g:    DefaultGravity(),
			scn:  &scenario.Table{ID: []string{"a", "b"}, Pop: []int64{1}, Lat: []float64{0, 0}, Lon: []float64{0, 1}},
			want: []string{"column lengths differ"},
		},
		{
			name: "negative pop",
			g:    DefaultGravity(),
			scn:  newTable([]string{"a", "b"}, []int64{1, -5}, []float64{0, 0}, []float64{0, 1}),
			want: []string{`patch 1 ("b") has pop -5 < 0`},
		},
		{
			name: "lat out of range",
			g:    DefaultGravity(),
			scn:  newTable([]string{"a", "b"}, []int64{1, 5}, []float64{0, 91.2}, []float64{0, 1}),
			want: []string{"lat[1] = 91.2 is outside [-90, 90]"},
		},
		{
			name: "lon NaN",
			g:    Gravity{A: 1, B: 1, C: 0, K: 0.01},
			scn:  newTable([]string{"a", "b"}, []int64{1, 5}, []float64{0, 0}, []float64{math.NaN(), 1}),
			want: []string{"lon[0] = NaN is outside [-180, 180]"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.g.Mixing(tc.scn)
			require.Error(t, err)
			require.Nil(t, m)
			for _, w := range tc.want {
				assert.ErrorContains(t, err, w)
			}
		})
	}
}

func TestGravityRowSumOnlyInMixing(t *testing.T) {
	// The row-sum check belongs to the diagonal step (SPEC §7.3): the
	// migration matrix of the same scenario is returned as is.
	scn := newTable([]string{"big", "x"}, []int64{100000, 500}, []float64{40, 34}, []float64{4, 10})
	mig, err := DefaultGravity().Migration(scn)
	require.NoError(t, err)
	assert.InDelta(t, 2, mig.At(1, 0), 1e-12) // k·p0/p1 = 0.01·200
}

func TestGravityCoincidentWithoutDecay(t *testing.T) {
	// c = 0 needs no distances (d^0 = 1), so coincident patches are fine.
	scn := newTable([]string{"a", "b"}, []int64{1000, 2000}, []float64{5, 5}, []float64{5, 5})
	m, err := Gravity{A: 1, B: 1, C: 0, K: 0.15}.Mixing(scn)
	require.NoError(t, err)
	assert.InDelta(t, 0.3, m.At(0, 1), 1e-12) // mean-field value of SPEC §7.3
}

func TestGravityOverflow(t *testing.T) {
	// Patches 1e−9° apart (1.1e−7 km) with c = 100 overflow d^(−c): an error, not NaN.
	scn := newTable([]string{"a", "b"}, []int64{1000, 2000}, []float64{5, 5}, []float64{5, 5 + 1e-9})
	_, err := Gravity{A: 1, B: 1, C: 100, K: 0.01}.Mixing(scn)
	require.ErrorContains(t, err, "raw kernel row 0")
}

func TestGravityFreshMatrices(t *testing.T) {
	// Mixers cache nothing: each call builds a new matrix, and a different
	// scenario gives a different matrix from the same value.
	g := DefaultGravity()
	a, err := g.Mixing(twoPatch())
	require.NoError(t, err)
	b, err := g.Mixing(twoPatch())
	require.NoError(t, err)
	_, ra := a.Row(0)
	_, rb := b.Row(0)
	require.Equal(t, ra, rb)
	require.NotSame(t, &ra[0], &rb[0])
	c, err := g.Mixing(collinear())
	require.NoError(t, err)
	require.Equal(t, 3, c.N())
}
