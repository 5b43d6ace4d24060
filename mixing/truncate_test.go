package mixing

import (
	"cmp"
	"encoding/json"
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/scenario"
)

// handMatrix is a 3×3 mixing matrix for hand-computed truncations: rows sum
// to 1, row 2 has an exact tie (0.25, 0.25) between j = 0 and j = 1.
func handMatrix(t *testing.T) *Matrix {
	t.Helper()
	m, err := NewDense(3, []float64{
		0.5, 0.375, 0.125,
		0.25, 0.625, 0.125,
		0.25, 0.25, 0.5,
	})
	require.NoError(t, err)
	return m
}

func TestTruncateHand(t *testing.T) {
	// SPEC §7.6 by hand (dyadic values, so every sum and scale is exact).
	// TopK 1 keeps the largest off-diagonal entry of each row (row 2: the tie
	// 0.25/0.25 goes to the lower j = 0); the dropped masses are 0.125,
	// 0.125, 0.25.
	//   off_diagonal: row 0 scales 0.375 by 0.5/0.375 → 0.5; row 1 scales
	//   0.25 by 0.375/0.25 → 0.375; row 2 scales 0.25 by 0.5/0.25 → 0.5.
	//   diagonal: the lost mass goes to M[i,i].
	// MinWeight 0.3 keeps 0.375 in row 0 only; rows 1 and 2 keep nothing
	// off-diagonal, so even off_diagonal adds their loss to the diagonal.
	// MinWeight 0.25 is inclusive (M ≥ MinWeight): only the 0.125s drop.
	tests := []struct {
		name    string
		opt     Truncation
		want    [][]float64
		nnz     int
		lost    []float64
		kept    int
		dropped int
	}{
		{"top 1, off_diagonal", Truncation{TopK: 1},
			[][]float64{{0.5, 0.5, 0}, {0.375, 0.625, 0}, {0.5, 0, 0.5}}, 6, []float64{0.125, 0.125, 0.25}, 3, 3},
		{"top 1, diagonal", Truncation{TopK: 1, Renorm: RenormDiagonal},
			[][]float64{{0.625, 0.375, 0}, {0.25, 0.75, 0}, {0.25, 0, 0.75}}, 6, []float64{0.125, 0.125, 0.25}, 3, 3},
		{"min 0.3, off_diagonal", Truncation{MinWeight: 0.3},
			[][]float64{{0.5, 0.5, 0}, {0, 1, 0}, {0, 0, 1}}, 4, []float64{0.125, 0.375, 0.5}, 1, 5},
		{"min 0.3, diagonal", Truncation{MinWeight: 0.3, Renorm: RenormDiagonal},
			[][]float64{{0.625, 0.375, 0}, {0, 1, 0}, {0, 0, 1}}, 4, []float64{0.125, 0.375, 0.5}, 1, 5},
		{"min 0.25 inclusive", Truncation{MinWeight: 0.25},
			[][]float64{{0.5, 0.5, 0}, {0.375, 0.625, 0}, {0.25, 0.25, 0.5}}, 7, []float64{0.125, 0.125, 0}, 4, 2},
		{"top 2 keeps all", Truncation{TopK: 2},
			[][]float64{{0.5, 0.375, 0.125}, {0.25, 0.625, 0.125}, {0.25, 0.25, 0.5}}, 9, []float64{0, 0, 0}, 6, 0},
		{"top 1 and min 0.3", Truncation{TopK: 1, MinWeight: 0.3},
			[][]float64{{0.5, 0.5, 0}, {0, 1, 0}, {0, 0, 1}}, 4, []float64{0.125, 0.375, 0.5}, 1, 5},
		{"top k above n", Truncation{TopK: 1000},
			[][]float64{{0.5, 0.375, 0.125}, {0.25, 0.625, 0.125}, {0.25, 0.25, 0.5}}, 9, []float64{0, 0, 0}, 6, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, in := range []*Matrix{handMatrix(t), handMatrix(t).ToCSR()} {
				got, rep, err := Truncate(in, tc.opt)
				require.NoError(t, err)
				require.True(t, got.IsSparse())
				assert.Equal(t, tc.want, rows(got))
				assert.Equal(t, tc.nnz, got.NNZ(), "diagonal always stored")
				assert.Equal(t, tc.lost, rep.Lost)
				assert.Equal(t, tc.kept, rep.Kept)
				assert.Equal(t, tc.dropped, rep.Dropped)
				assert.Equal(t, slices.Max(tc.lost), rep.MaxLost)
				assert.InDelta(t, (tc.lost[0]+tc.lost[1]+tc.lost[2])/3, rep.MeanLost, 1e-16)
				requireRowsSumToOne(t, got)
				for i := range 3 { // the diagonal is stored for every row
					cols, _ := got.Row(i)
					assert.Contains(t, cols, int32(i))
				}
			}
			assert.Equal(t, [][]float64{{0.5, 0.375, 0.125}, {0.25, 0.625, 0.125}, {0.25, 0.25, 0.5}},
				rows(handMatrix(t)), "input unchanged")
		})
	}
}

func TestTruncateZerosAndOddRows(t *testing.T) {
	// Zero entries are neither kept nor dropped; a row without off-diagonal
	// mass is unchanged; rows that do not sum to 1 (user mixing matrices)
	// keep their sums (SPEC §7.6: "sum to the original row sums").
	m, err := NewDense(3, []float64{
		0, 1, 0, // routing row: diagonal 0
		0, 1, 0, // identity row
		0.5, 0.25, 0.75, // sums to 1.5; TopK 1 keeps 0.5, scaled by 0.75/0.5
	})
	require.NoError(t, err)
	got, rep, err := Truncate(m, Truncation{TopK: 1})
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0, 1, 0}, {0, 1, 0}, {0.75, 0, 0.75}}, rows(got))
	assert.Equal(t, 2, rep.Kept)
	assert.Equal(t, 1, rep.Dropped)
	assert.Equal(t, []float64{0, 0, 0.25}, rep.Lost)
	assert.Equal(t, []float64{1, 1, 1.5}, got.RowSums())
}

func TestTruncateErrors(t *testing.T) {
	neg, err := NewDense(2, []float64{1, -0.5, 0, 1})
	require.NoError(t, err)
	tests := []struct {
		name string
		m    *Matrix
		opt  Truncation
		want string
	}{
		{"no option", handMatrix(t), Truncation{}, "set min_weight > 0 or top_k > 0"},
		{"only renorm", handMatrix(t), Truncation{Renorm: RenormDiagonal}, "set min_weight > 0 or top_k > 0"},
		{"negative top_k", handMatrix(t), Truncation{TopK: -1}, "top_k = -1 must be >= 0"},
		{"negative min", handMatrix(t), Truncation{MinWeight: -0.1}, "min_weight = -0.1 must be a finite number >= 0"},
		{"NaN min", handMatrix(t), Truncation{MinWeight: math.NaN()}, "min_weight = NaN"},
		{"bad renorm", handMatrix(t), Truncation{TopK: 1, Renorm: 5}, "renorm = 5 is not a defined mode"},
		{"nil matrix", nil, Truncation{TopK: 1}, "nil matrix"},
		{"negative entry", neg, Truncation{TopK: 1}, "mixing matrix entry [0][1] = -0.5 is negative"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := Truncate(tc.m, tc.opt)
			require.ErrorContains(t, err, tc.want)
			require.Nil(t, got)
		})
	}
}

func TestRenormModeJSON(t *testing.T) {
	for mode, name := range map[RenormMode]string{RenormOffDiagonal: "off_diagonal", RenormDiagonal: "diagonal"} {
		assert.Equal(t, name, mode.String())
		data, err := json.Marshal(mode)
		require.NoError(t, err)
		assert.Equal(t, `"`+name+`"`, string(data))
		var back RenormMode
		require.NoError(t, json.Unmarshal(data, &back))
		assert.Equal(t, mode, back)
	}
	assert.Equal(t, "RenormMode(9)", RenormMode(9).String())
	_, err := json.Marshal(RenormMode(9))
	require.ErrorContains(t, err, "invalid renorm mode 9")
	var r RenormMode
	require.ErrorContains(t, json.Unmarshal([]byte(`"Diagonal"`), &r), `unknown renorm "Diagonal"`)
	assert.Equal(t, RenormOffDiagonal, Truncation{}.Renorm, "default is the zero value")
}

// requireTruncatedPerRule checks a truncation of m against SPEC §7.6
// independently: for each row, sort the off-diagonal entries > 0 by
// (value desc, j asc), keep those among the first TopK that pass MinWeight;
// the diagonal is always stored; Lost is the sum of the others; with
// off_diagonal renormalisation kept entries are scaled by off/kept and the
// diagonal is unchanged.
func requireTruncatedPerRule(t *testing.T, m, got *Matrix, rep TruncationReport, opt Truncation) {
	t.Helper()
	n := m.N()
	require.Len(t, rep.Lost, n)
	kept, dropped := 0, 0
	maxLost, sumLost := 0.0, 0.0
	dense := m.ToDense()
	for i := range n {
		_, row := dense.Row(i)
		type entry struct {
			v float64
			j int
		}
		var offs []entry
		off := 0.0
		for j, v := range row {
			if j != i {
				off += v
				if v > 0 {
					offs = append(offs, entry{v, j})
				}
			}
		}
		slices.SortFunc(offs, func(a, b entry) int {
			if c := cmp.Compare(b.v, a.v); c != 0 {
				return c
			}
			return cmp.Compare(a.j, b.j)
		})
		keep := map[int]bool{}
		for r, e := range offs {
			if (opt.TopK == 0 || r < opt.TopK) && (opt.MinWeight == 0 || e.v >= opt.MinWeight) {
				keep[e.j] = true
			}
		}
		lost, keptSum := 0.0, 0.0
		for j, v := range row { // increasing j, as the report sums
			if j == i || v == 0 {
				continue
			}
			if keep[j] {
				keptSum += v
				kept++
			} else {
				lost += v
				dropped++
			}
		}
		require.Equal(t, lost, rep.Lost[i], "Lost[%d] = Σ dropped entries", i)
		maxLost = max(maxLost, lost)
		sumLost += lost
		cols, vals := got.Row(i)
		wantCols := []int32{int32(i)}
		for j := range keep {
			wantCols = append(wantCols, int32(j))
		}
		slices.Sort(wantCols)
		require.Equal(t, wantCols, cols, "row %d: kept entries", i)
		for p, j := range cols {
			v := vals[p]
			switch {
			case int(j) == i && opt.Renorm == RenormOffDiagonal && len(keep) > 0:
				require.Equal(t, row[i], v, "row %d: diagonal unchanged", i)
			case int(j) == i:
				require.InDelta(t, row[i]+lost, v, 1e-15, "row %d: lost mass on the diagonal", i)
			case opt.Renorm == RenormOffDiagonal:
				require.InEpsilon(t, row[j]*off/keptSum, v, 1e-14, "row %d col %d: scaled by off/kept", i, j)
			default:
				require.Equal(t, row[j], v, "row %d col %d: unchanged", i, j)
			}
		}
	}
	require.Equal(t, kept, rep.Kept)
	require.Equal(t, dropped, rep.Dropped)
	require.Equal(t, maxLost, rep.MaxLost)
	require.InEpsilon(t, sumLost/float64(n), rep.MeanLost, 1e-12)
}

// requireSameMatrix checks that a and b store the same entries bit for bit.
func requireSameMatrix(t *testing.T, a, b *Matrix) {
	t.Helper()
	require.Equal(t, a.N(), b.N())
	require.Equal(t, a.IsSparse(), b.IsSparse())
	for i := range a.N() {
		ca, va := a.Row(i)
		cb, vb := b.Row(i)
		require.Equal(t, ca, cb, "row %d columns", i)
		require.Equal(t, va, vb, "row %d values", i)
	}
}

func TestTruncationAT17Matrix(t *testing.T) {
	// SPEC AT-17 (matrix part): RandomN(500, 3), gravity defaults, TopK 10
	// and MinWeight 1e−4: rows sum to 1 within 1e−12, kept entries exactly as
	// §7.6, Lost = Σ dropped entries, Truncated(mixer) equals
	// Truncate(mixer.Mixing) bit for bit. Both renorm modes, each option
	// alone and both together.
	scn, err := scenario.RandomN(500, 3, 0)
	require.NoError(t, err)
	g := DefaultGravity()
	dense, err := g.Mixing(scn)
	require.NoError(t, err)
	for _, opt := range []Truncation{
		{TopK: 10},
		{MinWeight: 1e-4},
		{TopK: 10, MinWeight: 1e-4},
		{TopK: 10, Renorm: RenormDiagonal},
		{MinWeight: 1e-4, Renorm: RenormDiagonal},
	} {
		got, rep, err := Truncate(dense, opt)
		require.NoError(t, err, "%+v", opt)
		requireRowsSumToOne(t, got)
		requireTruncatedPerRule(t, dense, got, rep, opt)
		if opt.TopK > 0 {
			require.LessOrEqual(t, got.NNZ(), 500*11)
		}
		tm := Truncated(g, opt).(TruncatedMixer)
		streamed, srep, err := tm.MixingReport(scn)
		require.NoError(t, err)
		requireSameMatrix(t, got, streamed)
		require.Equal(t, rep, srep)
		viaMixing, err := tm.Mixing(scn)
		require.NoError(t, err)
		requireSameMatrix(t, got, viaMixing)
	}
}

func TestTruncatedEqualsTruncateAllKernels(t *testing.T) {
	// The row-by-row build of every kernel mixer equals Truncate of its dense
	// matrix bit for bit, also through a Spec wrapper; and at N = 300 (above
	// the parallel threshold) for any GOMAXPROCS.
	scn := randomTable(300, 8)
	opt := Truncation{TopK: 7, MinWeight: 1e-5}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	for _, m := range append(newMixers(), Migrator(DefaultGravity())) {
		dense, err := m.Mixing(scn)
		require.NoError(t, err, "%+v", m)
		want, wrep, err := Truncate(dense, opt)
		require.NoError(t, err)
		for k, tm := range []Mixer{Truncated(m, opt), Truncated(Spec{m}, opt), Truncated(&Spec{m}, opt)} {
			runtime.GOMAXPROCS(1 + 2*k) // 1, 3, 5 goroutines
			got, rep, err := tm.(ReportingMixer).MixingReport(scn)
			require.NoError(t, err)
			requireSameMatrix(t, want, got)
			require.Equal(t, wrep, rep)
		}
		runtime.GOMAXPROCS(1)
	}
}

func TestTruncatedOtherMixers(t *testing.T) {
	// Mixers without a raw kernel are built dense and truncated.
	u := FromMixingMatrix([][]float64{{0.5, 0.375, 0.125}, {0.25, 0.625, 0.125}, {0.25, 0.25, 0.5}})
	scn := collinear()
	m, err := Truncated(u, Truncation{TopK: 1}).Mixing(scn)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0.5, 0.5, 0}, {0.375, 0.625, 0}, {0.5, 0, 0.5}}, rows(m))
	// Truncating a truncated mixer truncates its CSR matrix again.
	m, err = Truncated(Truncated(u, Truncation{TopK: 2}), Truncation{TopK: 1}).Mixing(scn)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0.5, 0.5, 0}, {0.375, 0.625, 0}, {0.5, 0, 0.5}}, rows(m))
	// Errors of the inner mixer come through.
	_, err = Truncated(u, Truncation{TopK: 1}).Mixing(twoPatch())
	require.ErrorContains(t, err, "mixing matrix has 3 rows but the scenario has 2 patches")
	_, err = Truncated(DefaultGravity(), Truncation{TopK: 1}).Mixing(
		newTable([]string{"big", "x"}, []int64{100000, 500}, []float64{40, 34}, []float64{4, 10}))
	require.ErrorContains(t, err, `mixing: migration row 1 ("x") sums to`)
	_, err = Truncated(Gravity{}, Truncation{TopK: 1}).Mixing(scn)
	require.ErrorContains(t, err, "a = 0 must be >= 1")
	_, err = Truncated(nil, Truncation{TopK: 1}).Mixing(scn)
	require.ErrorContains(t, err, "no mixer to truncate")
	_, err = Truncated(DefaultGravity(), Truncation{}).Mixing(scn)
	require.ErrorContains(t, err, "set min_weight > 0 or top_k > 0")
	// Accessors.
	tm := Truncated(DefaultRadiation(), Truncation{TopK: 3}).(TruncatedMixer)
	assert.Equal(t, "truncated", tm.Name())
	assert.Equal(t, DefaultRadiation(), tm.Base())
	assert.Equal(t, Truncation{TopK: 3}, tm.Options())
}

func TestTruncatedSinglePatchAndStale(t *testing.T) {
	// SPEC §7.2: one patch gives M = [[1]], also truncated; and one
	// truncated mixer value gives each scenario its own matrix.
	one := newTable([]string{"node_0"}, []int64{10000}, []float64{40}, []float64{4})
	tm := Truncated(DefaultGravity(), Truncation{TopK: 2})
	m, err := tm.Mixing(one)
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{1}}, rows(m))
	a, err := tm.Mixing(collinear())
	require.NoError(t, err)
	b, err := tm.Mixing(randomTable(50, 1))
	require.NoError(t, err)
	require.Equal(t, 3, a.N())
	require.Equal(t, 50, b.N())
	again, err := tm.Mixing(collinear())
	require.NoError(t, err)
	requireSameMatrix(t, a, again)
}

func TestTruncatedMemory(t *testing.T) {
	// SPEC §7.6: a truncated build stays within O(N·TopK) memory and O(N)
	// scratch, never N×N. Gravity at N = 20 000 with TopK 50: a dense matrix
	// would be 8N² = 3.2 GB; the CSR result is N·51·12 B ≈ 12 MB. Total
	// allocation must stay below 1 % of 8N² (32 MB), which leaves room for
	// the scenario, row sums and per-worker scratch rows (160 kB each).
	// Mean-field gravity (c = 0) skips the haversine so the build takes
	// about a second; the default c = 1.5 costs two passes of N² distances
	// (tens of seconds) and runs only with the long tests (RUBEOLA_LONG=1).
	n := 20000
	g := Gravity{A: 1, B: 1, C: 0, K: 0.01}
	if testkit.LongOn() {
		g = DefaultGravity()
	}
	scn := randomTable(n, 20)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, rep, err := Truncated(g, Truncation{TopK: 50}).(ReportingMixer).MixingReport(scn)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("N = %d, TopK 50: allocated %.1f MB (8N² = %.0f MB), nnz %d", n, float64(allocated)/1e6, 8*float64(n)*float64(n)/1e6, m.NNZ())
	require.Less(t, float64(allocated), 0.01*8*float64(n)*float64(n))
	require.Equal(t, n*51, m.NNZ())
	require.Equal(t, n*50, rep.Kept)
	for i, s := range m.RowSums() {
		require.InDelta(t, 1, s, 1e-12, "row %d", i)
	}
}
