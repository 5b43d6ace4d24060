package mixing

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rubeola/rubeola/internal/hugepage"
	"github.com/rubeola/rubeola/scenario"
)

// FactoredMixer is a [Mixer] whose mixing matrix is separable (SPEC §7.5):
// Factored returns the same matrix as Mixing in [Factored] form, up to
// rounding (|difference| of a few ulps per entry), built on up to
// opt.Workers goroutines with a result that does not depend on the number
// of workers. [Gravity] and the user distance kernels of [FromKernel]
// implement it.
type FactoredMixer interface {
	Mixer
	Factored(scn *scenario.Table, opt FactoredOptions) (*Factored, error)
}

// FactoredOptions configures a factored build.
type FactoredOptions struct {
	// Workers is the number of goroutines of the build (≤ 0: GOMAXPROCS).
	Workers int
	// Float32 stores D as float32 (half the bytes again; opt-in, SPEC §7.5):
	// every D_ij is rounded to float32 before the row sums, so the matrix
	// is consistent (rows of M sum to 1) but each entry differs from the
	// float64 build by up to 2^−24 relative (6e−8), and so does λ. A D_ij
	// beyond float32's range is an error. The build needs the float64 tiles
	// as well for a moment (peak 12·N² bytes).
	Float32 bool
}

// Factored returns the gravity mixing matrix of scn in factored symmetric
// form (SPEC §7.5): f_i = p_i^(A−1), g_j = K·p_j^B / R_j (0 when R_j = 0)
// with R_j the row sums of the raw kernel W (SPEC §7.3), D_ij = d_ij^(−C),
// and M[j,j] = 1 − f_j·Σ_{m≠j} g_m·D_jm. Errors are those of
// [Gravity.Mixing]: invalid parameters, no patches, negative pops,
// coordinates out of range, coincident patches when C > 0 (the first pair
// (i, j), i < j, in row order), an overflowing raw-kernel row sum, a
// migration row summing to more than 1. A single patch gives M = [[1]].
//
// Each distance pair is computed once (half of the N² pairs), on up to
// opt.Workers goroutines; D is the d^(−C) of the dense build bit for bit
// (the same haversine and decay), so the two builds differ only in the
// rounding of R_j and of the products f·g·D. With opt.Float32, D is stored
// rounded to float32 (see [FactoredOptions]).
func (g Gravity) Factored(scn *scenario.Table, opt FactoredOptions) (*Factored, error) {
	terms, k, err := g.separable(scn)
	if err != nil {
		return nil, err
	}
	return buildFactored(scn, terms, k, opt)
}

// buildFactored builds the factored form (SPEC §7.5) of the separable
// kernel W[i,j] = pa_i·pb_j·D_ij given by terms, normalised with migration
// scale k (SPEC §7.3), for scn (which passed checkScenario): f_i = pa_i,
// g_j = k·pb_j/R_j (0 when R_j = 0) with R_j = pa_j·Σ_m pb_m·D_jm, and
// M[j,j] = 1 − f_j·Σ_{m≠j} g_m·D_jm. The tiles of D are filled by
// terms.decayRow on up to opt.Workers goroutines; the result does not
// depend on their number. Gravity and the user distance kernels
// ([KernelMixer]) share it.
func buildFactored(scn *scenario.Table, terms *gravityTerms, k float64, opt FactoredOptions) (*Factored, error) {
	n := scn.Len()
	m := newFactoredLayout(n)
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}

	// Pass 1: fill every tile of D and, while it is in cache, its partial
	// sums of Σ_m pb_m·D_jm.
	w := m.newForce()
	w.loadY(terms.pb, nil)
	err := forTiles(workers, len(m.tiles), func(t int) error {
		if err := m.fillTile(t, terms); err != nil {
			return err
		}
		if opt.Float32 {
			if err := m.roundTile(t, scn, terms.name); err != nil {
				return err
			}
		}
		w.Tile(t)
		return nil
	})
	if err != nil {
		return nil, err
	}
	s := make([]float64, n)
	w.sums(s, 0, m.nb)
	m.f = terms.pa
	if m.g, err = destFactors(scn, terms, k, s); err != nil {
		return nil, err
	}

	// Pass 2: the migration row sums f_j·Σ_m g_m·D_jm give the diagonal.
	w.loadY(m.g, nil)
	_ = forTiles(workers, len(m.tiles), func(t int) error { w.Tile(t); return nil })
	w.sums(s, 0, m.nb)
	if m.f, m.diag, m.capped, err = diagonal(scn, terms, s); err != nil {
		return nil, err
	}
	if opt.Float32 {
		m.data32 = hugepage.Make[float32](len(m.data))
		for k, v := range m.data {
			m.data32[k] = float32(v) // exact: v was rounded by roundTile
		}
		m.data = nil
	}
	return m, nil
}

// roundTile rounds tile t of D to float32 values in place (float32 storage)
// and rejects values beyond float32's range.
func (m *Factored) roundTile(t int, scn *scenario.Table, name string) error {
	tr := m.tiles[t]
	ilo, ihi := m.blockRange(tr.bi)
	jlo, _ := m.blockRange(tr.bj)
	stride := m.stride(tr.bj)
	d := m.data[tr.off : tr.off+(ihi-ilo)*stride]
	for k, v := range d {
		r := float64(float32(v))
		if math.IsInf(r, 0) {
			i, j := ilo+k/stride, jlo+k%stride
			return &pairError{i: i, err: fmt.Errorf("mixing: %s: D[%s,%s] = %v overflows float32 storage",
				name, patchName(scn, i), patchName(scn, j), v)}
		}
		d[k] = r
	}
	return nil
}

// newFactoredLayout returns a Factored of n patches with its tiles laid out
// and zeroed (factors unset).
func newFactoredLayout(n int) *Factored {
	nb := (n + FactoredTileSize - 1) / FactoredTileSize
	m := &Factored{n: n, nb: nb}
	off := 0
	for bi := range nb {
		ilo, ihi := m.blockRange(bi)
		for bj := bi; bj < nb; bj++ {
			m.tiles = append(m.tiles, tileRef{bi: bi, bj: bj, off: off})
			off += (ihi - ilo) * m.stride(bj)
		}
	}
	m.data = hugepage.Make[float64](off)
	return m
}

// fillTile computes tile t of D from the gravity terms (fillTileData).
func (m *Factored) fillTile(t int, terms *gravityTerms) error {
	tr := m.tiles[t]
	ilo, ihi := m.blockRange(tr.bi)
	jlo, jhi := m.blockRange(tr.bj)
	stride := m.stride(tr.bj)
	return fillTileData(m.data[tr.off:tr.off+(ihi-ilo)*stride], stride, ilo, ihi, jlo, jhi, terms)
}

// fillTileData computes the tile of D with rows [ilo, ihi) and columns
// [jlo, jhi) (ilo ≤ jlo; row r at d[r·stride:], d zeroed by the caller)
// from the gravity terms: D_ij = d_ij^(−c) (decayRow: decayBetween's bits,
// as the dense build), 0 on the diagonal and in the padding. A diagonal
// tile (ilo = jlo) computes each pair once and mirrors it. The error is the
// one of the tile's first failing pair in row order. The factored build and
// the streaming operator ([Streaming]) share it, so their D is the same bits.
func fillTileData(d []float64, stride, ilo, ihi, jlo, jhi int, terms *gravityTerms) error {
	diagonal := ilo == jlo
	for i := ilo; i < ihi; i++ {
		row := d[(i-ilo)*stride : (i-ilo)*stride+(jhi-jlo)]
		start := jlo
		if diagonal {
			start = i + 1
		}
		if err := terms.decayRow(row[start-jlo:], i, start); err != nil {
			return &pairError{i: i, err: err}
		}
	}
	if diagonal { // mirror the strict upper triangle
		for i := ilo; i < ihi; i++ {
			for j := i + 1; j < jhi; j++ {
				d[(j-ilo)*stride+(i-jlo)] = d[(i-ilo)*stride+(j-jlo)]
			}
		}
	}
	return nil
}

// forTiles calls fn(t) for every t in [0, ntiles) on up to workers
// goroutines (tiles handed out from a shared counter) and returns
// firstPairError of the tiles' errors, which does not depend on workers.
func forTiles(workers, ntiles int, fn func(t int) error) error {
	workers = max(min(workers, ntiles), 1)
	errs := make([]error, ntiles)
	var next atomic.Int64
	run := func() {
		for {
			t := int(next.Add(1) - 1)
			if t >= ntiles {
				return
			}
			errs[t] = fn(t)
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(run)
	}
	run()
	wg.Wait()
	return firstPairError(errs)
}

// pairError is a build error located in row i (at a pair (i, j), i < j). A
// tile fills row by row and stops at the row's first failing column, so a
// tile's error is at its lowest failing pair; errors of the same row i in
// different tiles rank by tile index, i.e. lower column block first.
type pairError struct {
	i   int
	err error
}

// Error returns the located error's message.
func (e *pairError) Error() string { return e.err.Error() }

// Unwrap returns the located error.
func (e *pairError) Unwrap() error { return e.err }

// firstPairError returns, among the non-nil errs (in tile order), the one at
// the lowest pair (i, j) in row order (the error the dense build reports:
// its first failing row i, first failing column j), unwrapped; errors
// without a pair come first, in slice order. nil if there is none.
func firstPairError(errs []error) error {
	var best *pairError
	for _, err := range errs {
		if err == nil {
			continue
		}
		pe, ok := err.(*pairError)
		if !ok {
			return err
		}
		if best == nil || pe.i < best.i {
			best = pe
		}
	}
	if best == nil {
		return nil
	}
	return best.err
}

// AsFactored returns m as a [FactoredMixer] when it (or the mixer a [Spec]
// holds) has a factored form, e.g. a [Gravity].
func AsFactored(m Mixer) (FactoredMixer, bool) {
	fm, ok := unwrapSpec(m).(FactoredMixer)
	return fm, ok
}
