package mixing

import "github.com/rubeola/rubeola/scenario"

// The two steps of the normalisation (SPEC §7.3) that the factored build
// (buildFactored) and the operator build (normalise) share: they differ
// only in how they apply D.

// destFactors returns the destination factors g_j = k·pb_j/R_j (0 when
// R_j = 0) with R_j = pa_j·s_j, s = D·pb, after checking the row sums R
// (checkRowSums).
func destFactors(scn *scenario.Table, terms *gravityTerms, k float64, s []float64) ([]float64, error) {
	rowSums := make([]float64, len(s))
	for j := range s {
		rowSums[j] = float64(terms.pa[j] * s[j])
	}
	if err := checkRowSums(scn, terms.name, rowSums); err != nil {
		return nil, err
	}
	g := make([]float64, len(s))
	for j, r := range rowSums {
		if r != 0 {
			g[j] = k * terms.pb[j] / r
		}
	}
	return g, nil
}

// diagonal returns M[j,j] = 1 − f_j·s_j with s = D·g, or the error of the
// first row whose migration sum f_j·s_j exceeds 1 (rowSumError).
func diagonal(scn *scenario.Table, f, s []float64) ([]float64, error) {
	d := make([]float64, len(s))
	for j := range s {
		out := float64(f[j] * s[j])
		if out > 1 {
			return nil, rowSumError(j, out, scn.ID)
		}
		d[j] = 1 - out
	}
	return d, nil
}
