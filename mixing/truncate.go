package mixing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
)

// RenormMode says what truncation does with the mass of the entries it drops
// (SPEC §7.6). The zero value is [RenormOffDiagonal].
type RenormMode int

const (
	// RenormOffDiagonal (JSON "off_diagonal", the default) scales the kept
	// off-diagonal entries of a row by off_i/kept_i (off_i the row's original
	// off-diagonal sum, kept_i the sum of the kept ones), so the row's
	// outflow and diagonal are unchanged; a row that keeps no off-diagonal
	// entry adds its lost mass to the diagonal instead.
	RenormOffDiagonal RenormMode = iota
	// RenormDiagonal (JSON "diagonal") adds the lost mass of a row to its
	// diagonal entry and leaves the kept entries as they are.
	RenormDiagonal
)

// renormNames are the JSON names of the RenormMode values, by value.
var renormNames = [...]string{RenormOffDiagonal: "off_diagonal", RenormDiagonal: "diagonal"}

// String returns the JSON name of r ("off_diagonal", "diagonal"), or
// "RenormMode(7)" for an invalid value.
func (r RenormMode) String() string {
	if r >= 0 && int(r) < len(renormNames) {
		return renormNames[r]
	}
	return fmt.Sprintf("RenormMode(%d)", int(r))
}

// MarshalJSON encodes r as its name; an invalid value is an error.
func (r RenormMode) MarshalJSON() ([]byte, error) {
	if r < 0 || int(r) >= len(renormNames) {
		return nil, fmt.Errorf("mixing: cannot encode invalid renorm mode %d", int(r))
	}
	return json.Marshal(r.String())
}

// UnmarshalJSON decodes "off_diagonal" or "diagonal".
func (r *RenormMode) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("renorm must be a string, \"off_diagonal\" or \"diagonal\", got %s", bytes.TrimSpace(data))
	}
	i := slices.Index(renormNames[:], s)
	if i < 0 {
		return fmt.Errorf("unknown renorm %q (want \"off_diagonal\" or \"diagonal\")", s)
	}
	*r = RenormMode(i)
	return nil
}

// Truncation configures sparse truncated mixing (SPEC §7.6). At least one of
// MinWeight > 0 and TopK > 0 must be set. The diagonal of every row is always
// kept; an off-diagonal entry M[i,j] > 0 is kept iff
//
//	(MinWeight = 0 or M[i,j] ≥ MinWeight) and
//	(TopK = 0 or M[i,j] is among the TopK largest off-diagonal entries of row i, ties by lower j)
//
// and the mass of the dropped entries goes where Renorm says.
type Truncation struct {
	MinWeight float64    `json:"min_weight"` // smallest off-diagonal entry kept; 0 = no threshold
	TopK      int        `json:"top_k"`      // most off-diagonal entries kept per row; 0 = no limit
	Renorm    RenormMode `json:"renorm"`     // where the lost mass goes; default RenormOffDiagonal
}

// Validate checks the options and returns every problem joined: MinWeight
// finite and ≥ 0, TopK ≥ 0, at least one of them positive, Renorm a defined
// mode.
func (t Truncation) Validate() error {
	var errs []error
	if math.IsNaN(t.MinWeight) || math.IsInf(t.MinWeight, 0) || t.MinWeight < 0 {
		errs = append(errs, fmt.Errorf("mixing: truncation: min_weight = %v must be a finite number >= 0", t.MinWeight))
	}
	if t.TopK < 0 {
		errs = append(errs, fmt.Errorf("mixing: truncation: top_k = %d must be >= 0", t.TopK))
	}
	if t.MinWeight == 0 && t.TopK == 0 {
		errs = append(errs, errors.New("mixing: truncation: set min_weight > 0 or top_k > 0 (both are 0: nothing to truncate)"))
	}
	if t.Renorm < 0 || int(t.Renorm) >= len(renormNames) {
		errs = append(errs, fmt.Errorf("mixing: truncation: renorm = %d is not a defined mode (RenormOffDiagonal or RenormDiagonal)",
			int(t.Renorm)))
	}
	return errors.Join(errs...)
}

// TruncationReport describes what a truncation dropped (SPEC §7.6).
type TruncationReport struct {
	// Lost[i] is Σ of the dropped entries M[i,j] of row i (in increasing
	// j), before any renormalisation.
	Lost []float64
	// MaxLost and MeanLost are the largest and the mean of Lost over all
	// rows.
	MaxLost, MeanLost float64
	// Kept and Dropped count the off-diagonal entries > 0 kept and dropped
	// over all rows (diagonal entries, always kept, are not counted; the
	// truncated matrix stores Kept + N entries).
	Kept, Dropped int
}

// String summarises the report on one line, e.g. "kept 5000, dropped 244500
// off-diagonal entries; lost mass per row max 0.0021, mean 0.00043".
func (r TruncationReport) String() string {
	return fmt.Sprintf("kept %d, dropped %d off-diagonal entries; lost mass per row max %.3g, mean %.3g",
		r.Kept, r.Dropped, r.MaxLost, r.MeanLost)
}

// Truncate returns a sparse (CSR) copy of M truncated by opt (SPEC §7.6),
// with a report of what was dropped. Every row of the result stores its
// diagonal (even when 0) and the kept off-diagonal entries, renormalised as
// opt.Renorm says; its rows sum to the rows of M (1 for mixer output) up to
// rounding. M may be dense or CSR and must be square with finite entries ≥ 0;
// M is not modified. Invalid options are an error.
func Truncate(m *Matrix, opt Truncation) (*Matrix, TruncationReport, error) {
	if err := opt.Validate(); err != nil {
		return nil, TruncationReport{}, err
	}
	if m == nil {
		return nil, TruncationReport{}, fmt.Errorf("mixing: truncation: nil matrix")
	}
	if err := checkEntries(m, "mixing matrix"); err != nil {
		return nil, TruncationReport{}, err
	}
	return truncateRows(m.n, opt, func() rowSource {
		return func(i int) ([]int32, []float64, error) {
			cols, vals := m.Row(i)
			return cols, vals, nil
		}
	})
}

// rowSource returns row i of a matrix to truncate: cols nil for a dense row
// (entry j at position j), else the increasing column indices of vals. The
// slices may be reused by the next call.
type rowSource func(i int) (cols []int32, vals []float64, err error)

// truncChunk is the truncated output of one block of rows.
type truncChunk struct {
	lo            int
	cols          []int32
	vals          []float64
	kept, dropped int
}

// truncateRows truncates the n rows given by row sources (newSource makes
// one per goroutine, with its own scratch) and assembles the CSR result and
// the report. Rows are processed in parallel blocks; the result does not
// depend on the number of goroutines.
//
// Memory: with TopK > 0 every row keeps at most TopK+1 entries, so the
// output is allocated once at that bound, each block appends into its own
// region, and the regions are then compacted in place: O(N·TopK) in all.
// Without TopK each block grows its own slices, which are concatenated.
func truncateRows(n int, opt Truncation, newSource func() rowSource) (*Matrix, TruncationReport, error) {
	slot := 0 // entries per row at most, when bounded
	if opt.TopK > 0 {
		slot = min(opt.TopK, n-1) + 1
	}
	var allCols []int32
	var allVals []float64
	if slot > 0 {
		allCols = make([]int32, n*slot)
		allVals = make([]float64, n*slot)
	}
	rowPtr := make([]int, n+1)
	lost := make([]float64, n)
	var mu sync.Mutex
	var chunks []truncChunk
	// forRows returns the error of the lowest failing block, which stops at
	// its first failing row.
	err := forRows(n, func(lo, hi int) error {
		c := truncChunk{lo: lo}
		if slot > 0 {
			c.cols = allCols[lo*slot : lo*slot : hi*slot]
			c.vals = allVals[lo*slot : lo*slot : hi*slot]
		}
		src := newSource()
		tr := newRowTruncator(opt, n)
		for i := lo; i < hi; i++ {
			cols, vals, err := src(i)
			if err != nil {
				return err
			}
			start := len(c.cols)
			var st rowStats
			c.cols, c.vals, st = tr.row(i, cols, vals, c.cols, c.vals)
			rowPtr[i+1] = len(c.cols) - start
			lost[i] = st.lost
			c.kept += st.kept
			c.dropped += st.dropped
		}
		mu.Lock()
		chunks = append(chunks, c)
		mu.Unlock()
		return nil
	})
	if err != nil {
		return nil, TruncationReport{}, err
	}
	slices.SortFunc(chunks, func(a, b truncChunk) int { return a.lo - b.lo })
	rep := TruncationReport{Lost: lost}
	total := 0
	for _, c := range chunks {
		total += len(c.cols)
		rep.Kept += c.kept
		rep.Dropped += c.dropped
	}
	if slot == 0 {
		allCols = make([]int32, total)
		allVals = make([]float64, total)
	}
	dst := 0
	for _, c := range chunks { // memmove: each chunk starts at or after dst
		copy(allCols[dst:], c.cols)
		copy(allVals[dst:], c.vals)
		dst += len(c.cols)
	}
	for i := range n {
		rowPtr[i+1] += rowPtr[i]
	}
	for _, l := range lost {
		rep.MaxLost = max(rep.MaxLost, l)
		rep.MeanLost += l
	}
	if n > 0 {
		rep.MeanLost /= float64(n)
	}
	return &Matrix{n: n, sparse: true, rowPtr: rowPtr, cols: allCols[:total:total], vals: allVals[:total:total]}, rep, nil
}

// rowStats is what truncating one row dropped.
type rowStats struct {
	lost          float64
	kept, dropped int
}

// topEntry is an off-diagonal entry competing for the TopK of a row.
type topEntry struct {
	v float64
	j int32
}

// worse reports whether a ranks below b among the largest entries of a row:
// smaller value, or equal value and higher column (ties go to lower j).
func worse(a, b topEntry) bool {
	return a.v < b.v || (a.v == b.v && a.j > b.j)
}

// rowTruncator truncates one row at a time with its own scratch space (a
// min-heap of the TopK best entries seen, worst at the root).
type rowTruncator struct {
	opt  Truncation
	heap []topEntry
}

// newRowTruncator returns a truncator for opt and rows of n entries.
func newRowTruncator(opt Truncation, n int) *rowTruncator {
	return &rowTruncator{opt: opt, heap: make([]topEntry, 0, min(opt.TopK, n))}
}

// candidate reports whether off-diagonal value v passes the MinWeight rule.
func (t *rowTruncator) candidate(v float64) bool {
	return v > 0 && (t.opt.MinWeight == 0 || v >= t.opt.MinWeight)
}

// row truncates row i (cols nil = dense) and appends the result — the
// diagonal and the kept entries, renormalised, in increasing column order —
// to outCols, outVals. Cost O(len(vals)·log TopK), no allocation beyond the
// output.
func (t *rowTruncator) row(i int, cols []int32, vals []float64, outCols []int32, outVals []float64) ([]int32, []float64, rowStats) {
	colOf := func(p int) int {
		if cols == nil {
			return p
		}
		return int(cols[p])
	}
	// Pass 1: original diagonal and off-diagonal sum, and the TopK
	// threshold: the worst of the TopK best candidates, if there are more
	// than TopK.
	diag, off := 0.0, 0.0
	t.heap = t.heap[:0]
	for p, v := range vals {
		j := colOf(p)
		if j == i {
			diag = v
			continue
		}
		off += v
		if t.opt.TopK > 0 && t.candidate(v) {
			t.push(topEntry{v, int32(j)})
		}
	}
	limited := t.opt.TopK > 0 && len(t.heap) == t.opt.TopK
	var worst topEntry
	if limited {
		worst = t.heap[0]
	}
	keep := func(p int, v float64) bool {
		return t.candidate(v) && (!limited || !worse(topEntry{v, int32(colOf(p))}, worst))
	}
	// Pass 2: kept and lost sums.
	var st rowStats
	kept := 0.0
	for p, v := range vals {
		if colOf(p) == i || v == 0 {
			continue
		}
		if keep(p, v) {
			kept += v
			st.kept++
		} else {
			st.lost += v
			st.dropped++
		}
	}
	scale := 1.0
	switch {
	case t.opt.Renorm == RenormOffDiagonal && st.kept > 0:
		scale = off / kept
	default: // RenormDiagonal, or nothing off-diagonal kept
		diag += st.lost
	}
	// Pass 3: output in column order, the diagonal always stored.
	diagDone := false
	for p, v := range vals {
		j := colOf(p)
		if !diagDone && j >= i {
			outCols = append(outCols, int32(i))
			outVals = append(outVals, diag)
			diagDone = true
		}
		if j != i && v != 0 && keep(p, v) {
			outCols = append(outCols, int32(j))
			outVals = append(outVals, v*scale)
		}
	}
	if !diagDone {
		outCols = append(outCols, int32(i))
		outVals = append(outVals, diag)
	}
	return outCols, outVals, st
}

// push offers e to the TopK heap: added while the heap is not full, else
// replacing the root if e ranks above it.
func (t *rowTruncator) push(e topEntry) {
	h := t.heap
	if len(h) < cap(h) {
		h = append(h, e)
		for c := len(h) - 1; c > 0; { // sift up
			p := (c - 1) / 2
			if !worse(h[c], h[p]) {
				break
			}
			h[c], h[p] = h[p], h[c]
			c = p
		}
		t.heap = h
		return
	}
	if !worse(h[0], e) {
		return
	}
	h[0] = e
	for p := 0; ; { // sift down
		c := 2*p + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && worse(h[c+1], h[c]) {
			c++
		}
		if !worse(h[c], h[p]) {
			break
		}
		h[c], h[p] = h[p], h[c]
		p = c
	}
}
