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
