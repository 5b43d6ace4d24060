package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// streamingMixers are the separable mixers the streaming tests cover: the
// default gravity (its c = 1.5 fast decay), gravity with a general
// exponent and a' ≠ 0 (math.Pow decay), mean-field gravity (c = 0: no
// distances; K = 1e−4 keeps every migration row of randomTable's pops,
// ratios up to 5 000, below 1), and a user kernel (per-entry Decay and the
// batch DecayRow).
func streamingMixers() map[string]Mixer {
	return map[string]Mixer{
		"gravity":          DefaultGravity(),
		"gravity a2 c1.25": Gravity{A: 2, B: 0.5, C: 1.25, K: 0.01},
		"mean field c0":    Gravity{A: 1, B: 1, C: 0, K: 1e-4},
		"exponential":      FromKernel(expKernel{Scale: 40, K: 0.02, Origin: 0.5, Dest: 1}),
		"exponential row":  FromKernel(expKernel{Scale: 40, K: 0.02, Origin: 0.5, Dest: 1, Batch: true}),
	}
}

// activity patterns of the sources: all, some (dense and sparse blocks),
// one, none. n = 600 has blocks of 256, 256 and 88 (a padded last block).
var streamingPatterns = map[string]func(i, n int) bool{
	"all":          func(int, int) bool { return true },
	"every 37th":   func(i, _ int) bool { return i%37 == 0 },
	"every 3rd":    func(i, _ int) bool { return i%3 == 0 },
	"first block":  func(i, _ int) bool { return i < 256 },
	"last patch":   func(i, n int) bool { return i == n-1 },
	"none (x = 0)": func(int, int) bool { return false },
	"mixed blocks": func(i, _ int) bool { return i < 200 || (i >= 300 && i < 310) || i%50 == 7 },
}

// sources returns x_i = (i mod 13 + 1)·8.02 on the active patches, else 0
// (8.02: an arbitrary value with a long binary expansion).
func sources(n int, active func(i, n int) bool) []float64 {
	x := make([]float64, n)
	for i := range x {
		if active(i, n) {
			x[i] = float64(i%13+1) * 8.02
		}
	}
	return x
}

// TestStreamingMatchesReferenceAndFactored: the streaming force is within
// 1e−12 relative of the reference order on the dense matrix (SPEC §7.5
// rule 2) and bit-identical to the factored tile pass (the same D by the
// same fill, the same tile kernel, the same reduction order), for every
// activity pattern; the normalisation gives the factored f, g, diagonal bit
// for bit.
func TestStreamingMatchesReferenceAndFactored(t *testing.T) {
	scn := randomTable(600, 5)
	n := scn.Len()
	defer func(old forceMode) { passMode = old }(passMode)
	passMode = modeTiles
	for name, mix := range streamingMixers() {
		dense, err := mix.Mixing(scn)
		require.NoError(t, err, name)
		fm, _ := AsFactored(mix)
		fac, err := fm.Factored(scn, FactoredOptions{Workers: 2})
		require.NoError(t, err, name)
		om, err := StreamingMatrix(mix, scn, StreamingOptions{Workers: 2})
		require.NoError(t, err, name)
		ff, fg, fd := fac.Factors()
		sf, sg, sd := om.Factors()
		require.Equal(t, bits(ff), bits(sf), "%s: f", name)
		require.Equal(t, bits(fg), bits(sg), "%s: g", name)
		require.Equal(t, bits(fd), bits(sd), "%s: diagonal", name)
		for pattern, active := range streamingPatterns {
			x := sources(n, active)
			want := referenceForce(dense, x)
			got := make([]float64, n)
			om.NewForce().Force(got, x)
			requireNearReference(t, want, got, name+", "+pattern)
			tiles := make([]float64, n)
			fac.NewForce().Force(tiles, x)
			require.Equal(t, bits(tiles), bits(got), "%s, %s: the factored tile pass's bits", name, pattern)
		}
	}
}

// TestStreamingBitsIndependent: the bits do not depend on the workers
// (1, 2, 7: more than the 3 blocks), nor on reading sparse source blocks
// by their active rows or whole (SPEC §7.5 rule 1).
func TestStreamingBitsIndependent(t *testing.T) {
	scn := randomTable(600, 11)
	n := scn.Len()
	defer func(old bool) { streamSparse = old }(streamSparse)
	for name, mix := range streamingMixers() {
		for pattern, active := range streamingPatterns {
			x := sources(n, active)
			var want []uint64
			for _, sparse := range []bool{true, false} {
				streamSparse = sparse
				for _, workers := range []int{1, 2, 7} {
					op, err := NewStreaming(mix, scn, StreamingOptions{Workers: workers})
					require.NoError(t, err, name)
					z := make([]float64, n)
					op.Apply(z, x)
					if want == nil {
						want = bits(z)
						continue
					}
					require.Equal(t, want, bits(z), "%s, %s: sparse %v, %d workers", name, pattern, sparse, workers)
				}
			}
		}
	}
}

// TestStreamingMatrix: the materialised matrix equals the factored one's
// entries bit for bit (the same f·g·D products), so its rows sum to 1
// within 1e−12 (SPEC §7.3).
func TestStreamingMatrix(t *testing.T) {
	scn := randomTable(300, 3)
	fac, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 1})
	require.NoError(t, err)
	om, err := StreamingMatrix(DefaultGravity(), scn, StreamingOptions{Workers: 2})
	require.NoError(t, err)
	got := om.Matrix()
	assert.Equal(t, rows(fac.Matrix()), rows(got))
	requireRowsSumToOne(t, got)
}

// TestStreamingErrors: the streaming builds report the factored build's
// errors (duplicate coordinates named by both patches, the first pair in
// row order across blocks; a user kernel's bad value; a row sum > 1), for
// any workers; a mixer that is not separable is refused by name.
func TestStreamingErrors(t *testing.T) {
	coincident := newTable([]string{"a", "b", "c", "d"}, []int64{1000, 2000, 3000, 4000},
		[]float64{0, 1, 0, 1}, []float64{0, 1, 2, 1})
	// 600 patches; patches 400 and 590 (row block 1, column block 2) and
	// 300 and 500 (row block 1, column block 1) coincide: the first pair in
	// row order is (300, 500), found in a later column block's pass.
	far := randomTable(600, 9)
	far.Lat[590], far.Lon[590] = far.Lat[400], far.Lon[400]
	far.Lat[500], far.Lon[500] = far.Lat[300], far.Lon[300]
	negative := FromKernel(funcKernel{decay: func(d float64) float64 { return 1 - d/100 }, k: 0.01})
	for name, tc := range map[string]struct {
		scn *scenario.Table
		mix Mixer
	}{
		"coincident":              {coincident, DefaultGravity()},
		"coincident across tiles": {far, DefaultGravity()},
		"coincident c = 1.25":     {far, Gravity{A: 1, B: 1, C: 1.25, K: 0.01}},
		"negative kernel":         {far, negative},
		"row sum > 1":             {newTable([]string{"big", "small"}, []int64{100000, 500}, []float64{40, 34}, []float64{4, 10}), DefaultGravity()},
		"bad k":                   {twoPatch(), Gravity{A: 1, B: 1, C: 1.5, K: 2}},
		"no patches":              {newTable(nil, nil, nil, nil), DefaultGravity()},
	} {
		fm, _ := AsFactored(tc.mix)
		_, want := fm.Factored(tc.scn, FactoredOptions{Workers: 1})
		require.Error(t, want, name)
		for _, workers := range []int{1, 3} {
			_, got := StreamingMatrix(tc.mix, tc.scn, StreamingOptions{Workers: workers})
			require.Error(t, got, name)
			if name == "row sum > 1" { // the sum is printed: equal up to rounding
				assert.Contains(t, got.Error(), `mixing: migration row 1 ("small") sums to `, name)
				continue
			}
			assert.Equal(t, want.Error(), got.Error(), name)
			if name != "row sum > 1" {
				_, got = NewStreaming(tc.mix, tc.scn, StreamingOptions{Workers: workers})
				assert.Equal(t, want.Error(), got.Error(), "%s: NewStreaming", name)
			}
		}
	}
	_, err := StreamingMatrix(Radiation{IncludeHome: true, K: 0.01}, twoPatch(), StreamingOptions{})
	require.EqualError(t, err, "mixing: radiation is not a separable distance kernel (gravity or a user distance kernel, FromKernel)")
	op, err := NewStreaming(DefaultGravity(), collinear(), StreamingOptions{})
	require.NoError(t, err)
	_, err = NewOperatorMatrix(DefaultGravity(), twoPatch(), op)
	require.EqualError(t, err, "mixing: gravity: the distance operator has 3 patches, the scenario 2")
}

// TestStreamingPolesAntimeridian: patches at both poles and on both sides
// of the antimeridian are exact: the streaming matrix is the dense one
// within 1e−12 (SPEC §7.5 rule 2), and the pair across the antimeridian
// (lon 179.5 and −179.5 at lat 0, 1° apart) has the 1° distance of SPEC
// §7.1's check value (0,0)–(0,1) = 111.1949 km, within 1e−12 relative (the
// longitude difference of 359° is reduced exactly to 1° up to rounding).
func TestStreamingPolesAntimeridian(t *testing.T) {
	scn := newTable([]string{"north", "south", "east", "west", "mid", "near-north"},
		[]int64{1000, 2000, 3000, 4000, 5000, 6000},
		[]float64{90, -90, 0, 0, 45, 89.5}, []float64{0, 180, 179.5, -179.5, -180, 120})
	g := Gravity{A: 1, B: 1, C: 1, K: 0.01}
	dense, err := g.Mixing(scn)
	require.NoError(t, err)
	om, err := StreamingMatrix(g, scn, StreamingOptions{Workers: 2})
	require.NoError(t, err)
	got := om.Matrix()
	for i := range scn.Len() {
		for j := range scn.Len() {
			require.InEpsilon(t, dense.At(i, j), got.At(i, j), 1e-12, "M[%d,%d]", i, j)
		}
	}
	op, err := NewStreaming(g, scn, StreamingOptions{})
	require.NoError(t, err)
	y := make([]float64, scn.Len())
	y[2] = 1
	z := make([]float64, scn.Len())
	op.Apply(z, y) // z[3] = D_23 = 1/d_23 (c = 1)
	oneDegree := Haversine(0, 0, 0, 1)
	assert.InEpsilon(t, oneDegree, 1/z[3], 1e-12)
	assert.InDelta(t, 111.1949, 1/z[3], 1e-4, "SPEC §7.1 check value")
}

// TestStreamingZeroPops: zero populations are handled exactly as the
// factored build handles them (0^0 = 1, g_j = 0 when R_j = 0; no NaN): the
// factors are its bits and the force too.
func TestStreamingZeroPops(t *testing.T) {
	scn := randomTable(600, 21)
	for i := range scn.Pop {
		if i%5 == 0 || (i >= 256 && i < 512) {
			scn.Pop[i] = 0 // every fifth patch and all of block 1
		}
	}
	defer func(old forceMode) { passMode = old }(passMode)
	passMode = modeTiles
	for _, g := range []Gravity{DefaultGravity(), {A: 2, B: 1, C: 1.5, K: 0.01}, {A: 1, B: 0, C: 2, K: 0.01}} {
		fac, err := g.Factored(scn, FactoredOptions{Workers: 1})
		require.NoError(t, err)
		om, err := StreamingMatrix(g, scn, StreamingOptions{Workers: 2})
		require.NoError(t, err)
		ff, fg, fd := fac.Factors()
		sf, sg, sd := om.Factors()
		require.Equal(t, bits(ff), bits(sf), "%+v f", g)
		require.Equal(t, bits(fg), bits(sg), "%+v g", g)
		require.Equal(t, bits(fd), bits(sd), "%+v diagonal", g)
		x := sources(scn.Len(), streamingPatterns["all"])
		want, got := make([]float64, len(x)), make([]float64, len(x))
		fac.NewForce().Force(want, x)
		om.NewForce().Force(got, x)
		require.Equal(t, bits(want), bits(got), "%+v force", g)
		for _, v := range got {
			require.False(t, math.IsNaN(v))
		}
	}
	one := newTable([]string{"only"}, []int64{5000}, []float64{1}, []float64{2})
	om, err := StreamingMatrix(DefaultGravity(), one, StreamingOptions{})
	require.NoError(t, err)
	acc := []float64{0}
	om.NewForce().Force(acc, []float64{3})
	assert.Equal(t, 3.0, acc[0], "one patch: M = [[1]]")
}
