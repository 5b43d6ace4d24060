package main

import (
	"fmt"
	"io"
	"time"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/scenario"
)

// tolRow is one row of the error-against-tolerance table: the λ error of
// the hierarchical force against the exact streaming force on every patch.
type tolRow struct {
	N               int
	Tolerance       float64
	Order           int
	BuildS, ApplyS  float64 // build (with the normalisation) and one force, wall seconds
	StoredMB        float64 // the operator's stored blocks
	MaxDense, MaxSp float64 // max relative λ error, dense and sparse sources
	MeanDense       float64 // mean relative λ error, dense sources
	EstimateMax     float64 // the build's own estimate (sampled rows, D·y)
	ExactForceS     float64 // one exact streaming force
}

// gravityWith returns the reference gravity (a = 1, b = 1, c = 1.5) with
// migration scale k.
func gravityWith(k float64) mixing.Gravity {
	g := mixing.DefaultGravity()
	g.K = k
	return g
}

// clustered returns the synthetic scenario of n patches.
func clustered(n int, seed uint64) (*scenario.Table, error) {
	return scenario.Clustered(n, seed, scenario.DefaultClusteredOptions())
}

// sweepTolerance measures the error at every tolerance on one scenario of
// n patches, against the streaming exact force on the same states.
func sweepTolerance(gravity mixing.Gravity, n int, seed uint64, tols []float64, reps, workers int, log io.Writer) ([]tolRow, error) {
	scn, err := clustered(n, seed)
	if err != nil {
		return nil, err
	}
	dense, sparse := states(scn, seed)
	exact, err := mixing.StreamingMatrix(gravity, scn, mixing.StreamingOptions{Workers: workers})
	if err != nil {
		return nil, err
	}
	start := time.Now()
	wantDense := forceOf(exact, dense)
	exactS := time.Since(start).Seconds()
	wantSparse := forceOf(exact, sparse)
	var rows []tolRow
	for _, tol := range tols {
		start := time.Now()
		opm, h, err := mixing.HierarchicalMatrix(gravity, scn, mixing.HierarchicalOptions{Tolerance: tol, Workers: workers})
		if err != nil {
			return nil, fmt.Errorf("tolerance %g: %w", tol, err)
		}
		r := tolRow{N: n, Tolerance: tol, Order: h.Order(), BuildS: time.Since(start).Seconds(),
			StoredMB: float64(h.StoredBytes()) / 1e6, EstimateMax: h.Estimate().Max, ExactForceS: exactS}
		acc := make([]float64, n)
		f := opm.NewForce()
		r.ApplyS = median(reps, func() { f.Force(acc, dense) })
		r.MaxDense, r.MeanDense = relErr(acc, wantDense)
		f.Force(acc, sparse)
		r.MaxSp, _ = relErr(acc, wantSparse)
		fmt.Fprintf(log, "scale: N = %d, tolerance %g: p = %d, build %.2f s, force %.4f s, max error %.3g (dense) %.3g (sparse)\n",
			n, tol, r.Order, r.BuildS, r.ApplyS, r.MaxDense, r.MaxSp)
		rows = append(rows, r)
	}
	return rows, nil
}

// nRow is one row of the time-against-N table (tolerance 1e−6).
type nRow struct {
	N                int
	Order            int
	BuildS, ApplyS   float64 // hierarchical: build and one force (median), wall seconds
	StoredMB, HeapMB float64 // the operator's stored blocks; live heap with it built
	MaxErr, MeanErr  float64 // relative λ error (dense sources)
	MaxErrSparse     float64 // relative λ error (sparse sources)
	ErrRows          int     // rows the error is measured on (N: against the streaming force)
	StreamingS       float64 // one exact streaming force (0: not measured)
	FactoredBuildS   float64 // exact factored build (0: not measured)
	FactoredS        float64 // one exact factored force (0: not measured)
	FactoredStoredMB float64
	Sampled          bool    // error from Hierarchical.Check on ErrRows sampled rows of D·y, not λ on every row
	EstimateMax      float64 // the build's estimate: the worst case over every state y ≥ 0 of its sampled rows
	MaxErrEpidemic   float64 // relative λ error (an epidemic's infectious counts, epidemicState)
	EpidemicPatches  int     // patches infectious in that state
}

// sweepN measures the hierarchical operator at tolerance 1e−6 for every n:
// its build and force, and the exact streaming force (n ≤ exactMax; above,
// the error is the operator's own check, D·y on sampled rows against the
// direct sum) and factored force (n ≤ factoredMax) for comparison.
func sweepN(gravity mixing.Gravity, ns []int, seed uint64, exactMax, factoredMax, sample, reps, workers int, log io.Writer) ([]nRow, error) {
	var rows []nRow
	for _, n := range ns {
		r, err := measureN(gravity, n, seed, exactMax, factoredMax, sample, reps, workers)
		if err != nil {
			return nil, fmt.Errorf("patches %d: %w", n, err)
		}
		fmt.Fprintf(log, "scale: N = %d: p = %d, build %.2f s, force %.4f s, stored %.0f MB, max error %.3g (dense) %.3g (sparse) %.3g (epidemic, %d patches), estimate %.3g; streaming %.3g s, factored %.3g s\n",
			n, r.Order, r.BuildS, r.ApplyS, r.StoredMB, r.MaxErr, r.MaxErrSparse, r.MaxErrEpidemic, r.EpidemicPatches, r.EstimateMax, r.StreamingS, r.FactoredS)
		rows = append(rows, r)
	}
	return rows, nil
}

// measureN is one row of sweepN.
func measureN(gravity mixing.Gravity, n int, seed uint64, exactMax, factoredMax, sample, reps, workers int) (nRow, error) {
	scn, err := clustered(n, seed)
	if err != nil {
		return nRow{}, err
	}
	dense, sparse := states(scn, seed)
	start := time.Now()
	opm, h, err := mixing.HierarchicalMatrix(gravity, scn, mixing.HierarchicalOptions{Tolerance: 1e-6, Workers: workers})
	if err != nil {
		return nRow{}, err
	}
	r := nRow{N: n, Order: h.Order(), BuildS: time.Since(start).Seconds(), StoredMB: float64(h.StoredBytes()) / 1e6, HeapMB: heapMB(),
		EstimateMax: h.Estimate().Max}
	epidemic := epidemicState(opm, scn, epidemicTicks)
	for _, v := range epidemic {
		if v > 0 {
			r.EpidemicPatches++
		}
	}
	acc := make([]float64, n)
	f := opm.NewForce()
	r.ApplyS = median(reps, func() { f.Force(acc, dense) })
	if n <= exactMax {
		exact, err := mixing.StreamingMatrix(gravity, scn, mixing.StreamingOptions{Workers: workers})
		if err != nil {
			return r, err
		}
		start := time.Now()
		want := forceOf(exact, dense)
		r.StreamingS = time.Since(start).Seconds()
		r.MaxErr, r.MeanErr = relErr(acc, want)
		r.MaxErrSparse, _ = relErr(forceOf(opm, sparse), forceOf(exact, sparse))
		r.MaxErrEpidemic, _ = relErr(forceOf(opm, epidemic), forceOf(exact, epidemic))
		r.ErrRows = n
	} else {
		// y_i = f_i·x_i as the force forms it; Check compares D·y, whose
		// relative error bounds λ's (SPEC §7.5: λ_j = M[j,j]·x_j + g_j·(D·y)_j).
		fi, _, _ := opm.Factors()
		check := func(x []float64) (mixing.ErrorReport, error) {
			y := make([]float64, n)
			for i, v := range x {
				y[i] = v * fi[i]
			}
			return h.Check(y, sample)
		}
		rep, err := check(dense)
		if err != nil {
			return r, err
		}
		r.MaxErr, r.MeanErr, r.ErrRows, r.Sampled = rep.Max, rep.Mean, rep.Rows, true
		if rep, err = check(sparse); err != nil {
			return r, err
		}
		r.MaxErrSparse = rep.Max
		if rep, err = check(epidemic); err != nil {
			return r, err
		}
		r.MaxErrEpidemic = rep.Max
	}
	if n <= factoredMax {
		fm, _ := mixing.AsFactored(gravity)
		start := time.Now()
		fac, err := fm.Factored(scn, mixing.FactoredOptions{Workers: workers})
		if err != nil {
			return r, err
		}
		r.FactoredBuildS, r.FactoredStoredMB = time.Since(start).Seconds(), float64(fac.StoredBytes())/1e6
		ff := fac.NewForce()
		r.FactoredS = median(reps, func() { factoredForce(ff, acc, dense, workers) })
	}
	return r, nil
}
