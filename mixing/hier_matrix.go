package mixing

import "github.com/rubeola/rubeola/scenario"

// HierarchicalMatrix normalises the separable mixer m (gravity or a
// [FromKernel] kernel) for scn on a [Hierarchical] operator of its D built
// with opt: SPEC §7.3's row sums and the factored form's f, g and diagonal,
// as [NewOperatorMatrix] computes them, through the operator. It returns
// the matrix and the operator (for its error estimate, [Hierarchical.Estimate],
// and [Hierarchical.Check]). Errors: those of [NewHierarchical] (coincident
// patches under a power law, a tolerance outside (0, 1), a kernel value that
// is not a finite number ≥ 0) and of [NewOperatorMatrix].
func HierarchicalMatrix(m Mixer, scn *scenario.Table, opt HierarchicalOptions) (*OperatorMatrix, *Hierarchical, error) {
	terms, k, err := separableTerms(m, scn)
	if err != nil {
		return nil, nil, err
	}
	if err := precheckRowSums(scn, terms, k, opt); err != nil {
		return nil, nil, err
	}
	h, err := NewHierarchical(scn.Lat, scn.Lon, terms.decay, opt)
	if err != nil {
		return nil, nil, err
	}
	opm, err := normalise(scn, terms, k, h)
	if err != nil {
		return nil, nil, err
	}
	return opm, h, nil
}

// Row-sum pre-check of [HierarchicalMatrix] (issue 37 item 5): a migration
// row summing to more than 1 was found only after the operator's build
// (33–118 s at 10⁵ patches). A coarse operator (tolerance
// precheckTolerance) finds such rows first: at 10⁵ patches (`scenario
// synthetic --seed 2`, k = 0.01) it refused row 97051 (2.45502, exact
// 2.45500) after 17 s, where the build at 1e−6 took 124 s, on the loaded
// 2-core VM.
const (
	// precheckTolerance is the coarse operator's tolerance.
	precheckTolerance = 1e-2
	// precheckMargin is how far above 1 a coarse row sum must be to be
	// refused: the coarse sums are within about 2·precheckTolerance of the
	// exact ones (s = D·pb and D·g each within the tolerance), so a row
	// refused here sums to more than 1; rows nearer 1 are left to the
	// exact check after the build.
	precheckMargin = 5 * precheckTolerance
)

// precheckRowSums refuses, before the operator at opt's tolerance is
// built, a scenario whose migration rows a coarse operator finds above
// 1 + precheckMargin (the error of the exact check, kernelRowSumError,
// with the coarse sum). It does nothing under [RowSumsCap], for
// tolerances already coarse, or when the coarse build fails (the real
// build reports its own errors).
func precheckRowSums(scn *scenario.Table, terms *gravityTerms, k float64, opt HierarchicalOptions) error {
	tol := opt.Tolerance
	if tol == 0 {
		tol = DefaultHierarchicalTolerance
	}
	if terms.capRows || tol >= precheckTolerance {
		return nil
	}
	coarse := opt
	coarse.Tolerance = precheckTolerance
	h, err := NewHierarchical(scn.Lat, scn.Lon, terms.decay, coarse)
	if err != nil {
		return nil
	}
	n := scn.Len()
	s := make([]float64, n)
	h.Apply(s, terms.pb)
	g := make([]float64, n)
	for j := range s {
		if r := terms.pa[j] * s[j]; r > 0 {
			g[j] = k * terms.pb[j] / r
		}
	}
	h.Apply(s, g)
	for j := range s {
		if out := terms.pa[j] * s[j]; out > 1+precheckMargin {
			return kernelRowSumError(j, out, scn.ID)
		}
	}
	return nil
}
