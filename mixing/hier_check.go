package mixing

import (
	"fmt"
	"math"
	"sort"
)

// ErrorReport is a measured error of [Hierarchical.Apply] against the
// exact direct sum z_j = Σ_{i≠j} Decay(d_ij)·y_i on Rows rows: the maximum
// and mean of |z̃_j − z_j| / z_j (0 where both are 0).
type ErrorReport struct {
	Max, Mean float64
	Rows      int
}

// exactRowLimit is the N up to which [Hierarchical.Check] compares every
// row (issue 27: every row for N ≤ 20 000).
const exactRowLimit = 20000

// estimateRows is the number of sampled rows of the build's estimate
// and of Check above exactRowLimit: 256 rows cost 256·N kernel
// evaluations per weight vector, about a second at N = 10⁶.
const estimateRows = 256

// estimateSample returns the rows of the build's estimate: a quarter of
// estimateRows evenly spaced, a half the edge points of evenly spaced
// leaves (edgeRows: where a leaf's entrywise error peaks), the rest the
// rows with the largest far-field share of z for y = 1 (ties by lower
// index: isolated patches, whose z is mostly far field).
func (h *Hierarchical) estimateSample() []int {
	ones := make([]float64, h.n)
	for i := range ones {
		ones[i] = 1
	}
	z, near := make([]float64, h.n), make([]float64, h.n)
	h.apply(z, ones, near)
	even := append(checkRows(h.n, estimateRows/4), h.edgeRows(estimateRows/8)...)
	idx := make([]int, h.n)
	for i := range idx {
		idx[i] = i
	}
	share := func(j int) float64 {
		if z[j] <= 0 {
			return 0
		}
		return (z[j] - near[j]) / z[j]
	}
	sort.SliceStable(idx, func(a, b int) bool { return share(idx[a]) > share(idx[b]) })
	rows := make([]int, 0, estimateRows)
	seen := make(map[int]bool, estimateRows)
	add := func(j int) {
		if !seen[j] {
			seen[j] = true
			rows = append(rows, j)
		}
	}
	for _, j := range even {
		add(j)
	}
	for _, j := range idx {
		if len(rows) >= estimateRows {
			break
		}
		add(j)
	}
	sort.Ints(rows)
	return rows
}

// Check measures the error of Apply for the weights y (nil: the build's
// two test vectors, all ones and deterministic pseudo-random values in
// [0, 1), the worse one reported) on sample rows evenly spaced over the
// input order (all rows when sample ≥ N); sample ≤ 0 means every row when
// N ≤ 20 000, else estimateRows rows. The
// exact sums use the haversine of [Haversine] and Decay directly, O(rows·N).
// y must have length N, finite and ≥ 0.
func (h *Hierarchical) Check(y []float64, sample int) (ErrorReport, error) {
	return h.checkRows(y, checkRows(h.n, sample))
}

// checkRows is Check on the given rows.
func (h *Hierarchical) checkRows(y []float64, rows []int) (ErrorReport, error) {
	if y == nil {
		ones := make([]float64, h.n)
		rnd := make([]float64, h.n)
		for i := range ones {
			ones[i] = 1
			rnd[i] = unitHash(uint64(i))
		}
		a, err := h.checkRows(ones, rows)
		if err != nil {
			return a, err
		}
		b, err := h.checkRows(rnd, rows)
		if b.Max > a.Max {
			return b, err
		}
		return a, err
	}
	if len(y) != h.n {
		return ErrorReport{}, fmt.Errorf("mixing: Hierarchical.Check: %d weights for %d patches", len(y), h.n)
	}
	for i, v := range y {
		if !(v >= 0 && v <= math.MaxFloat64) {
			return ErrorReport{}, fmt.Errorf("mixing: Hierarchical.Check: y[%d] = %v, want finite and >= 0", i, v)
		}
	}
	z := make([]float64, h.n)
	h.Apply(z, y)
	pos := h.tree.positions()
	yt := make([]float64, h.n)
	for k, i := range h.tree.perm {
		yt[k] = y[i]
	}
	errs := make([]float64, len(rows))
	_ = forTiles(h.workers, len(rows), func(r int) error {
		j := rows[r]
		exact := h.exactRow(yt, pos[j])
		diff := math.Abs(z[j] - exact)
		switch {
		case diff == 0:
		case exact == 0:
			errs[r] = math.Inf(1)
		default:
			errs[r] = diff / exact
		}
		return nil
	})
	return errorReport(errs), nil
}

// errorReport returns the maximum and mean of the rows' errors.
func errorReport(errs []float64) ErrorReport {
	rep := ErrorReport{Rows: len(errs)}
	for _, e := range errs {
		rep.Max = max(rep.Max, e)
		rep.Mean += e
	}
	if len(errs) > 0 {
		rep.Mean /= float64(len(errs))
	}
	return rep
}

// checkRows returns the rows Check compares.
func checkRows(n, sample int) []int {
	if sample <= 0 {
		sample = estimateRows
		if n <= exactRowLimit {
			sample = n
		}
	}
	sample = min(sample, n)
	rows := make([]int, sample)
	for r := range rows {
		rows[r] = int(int64(r) * int64(n) / int64(sample))
	}
	return rows
}

// exactRow returns Σ_{k≠j} Decay(d_kj)·yt[k] over tree positions k.
func (h *Hierarchical) exactRow(yt []float64, j int) float64 {
	const chunk = 512
	buf := make([]float64, chunk)
	s := 0.0
	for lo := 0; lo < h.n; lo += chunk {
		row := buf[:min(chunk, h.n-lo)]
		h.co.distRow(row, j, lo, false)
		for c, d := range row {
			if lo+c != j && yt[lo+c] != 0 {
				s += h.decay(d) * yt[lo+c]
			}
		}
	}
	return s
}

// unitHash maps i to a pseudo-random value in [0, 1) (SplitMix64 finaliser;
// S. Vigna, "Further scramblings of Marsaglia's xorshift generators", 2017).
func unitHash(i uint64) float64 {
	x := i + 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11) / (1 << 53)
}

// Measure is the error a run reports: the largest maximum and the largest
// mean of (1) the build's estimate, each sampled row's worst case over
// every state y ≥ 0 ([Hierarchical.EntryCheck]: the rows of largest
// far-field share, the edge points of sampled leaves and evenly spaced
// rows), and, for N ≤ 20 000, on every row: (2) all-ones and uniform
// weights ([Hierarchical.Check] with nil) and (3) a sparse state, the
// weights w on 1 % of the patches (chosen by a fixed hash, at least one)
// and 0 elsewhere: a few infectious patches, whose far sources an
// all-ones check averages away. w is typically the population; nil
// skips (3). Above 20 000 patches only (1) is measured: the every-row
// checks cost N² kernel values each.
func (h *Hierarchical) Measure(w []float64) (ErrorReport, error) {
	rep := h.est
	if h.n > exactRowLimit {
		return rep, nil
	}
	states := [][]float64{nil}
	if w != nil {
		if len(w) != h.n {
			return ErrorReport{}, fmt.Errorf("mixing: Hierarchical.Measure: %d weights for %d patches", len(w), h.n)
		}
		states = append(states, sparseState(w))
	}
	for _, y := range states {
		r, err := h.Check(y, 0)
		if err != nil {
			return ErrorReport{}, err
		}
		rep.Max, rep.Mean, rep.Rows = max(rep.Max, r.Max), max(rep.Mean, r.Mean), max(rep.Rows, r.Rows)
	}
	return rep, nil
}

// sparseState returns w on max(1, N/100) distinct patches chosen by
// unitHash (a collision moves to the next free patch) and 0 elsewhere.
func sparseState(w []float64) []float64 {
	n := len(w)
	y, on := make([]float64, n), make([]bool, n)
	for k := range max(n/100, 1) {
		i := int(unitHash(uint64(k)^0x5ca1ab1e) * float64(n))
		for on[i] {
			i = (i + 1) % n
		}
		on[i], y[i] = true, w[i]
	}
	return y
}
