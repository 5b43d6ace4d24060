package mixing

import (
	"slices"

	"github.com/rubeola/rubeola/scenario"
)

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

// diagonal returns the source factors f (terms.pa) and M[j,j] = 1 −
// f_j·s_j with s = D·g, or the error of the first row whose migration sum
// f_j·s_j exceeds 1 (kernelRowSumError). With terms.capRows such a row is
// scaled down to 1 instead (f_j/out, diagonal 0; f is then a copy) and
// counted in capped.
func diagonal(scn *scenario.Table, terms *gravityTerms, s []float64) (f, d []float64, capped int, err error) {
	f = terms.pa
	d = make([]float64, len(s))
	for j := range s {
		out := float64(f[j] * s[j])
		switch {
		case out > 1 && terms.capRows:
			if capped == 0 {
				f = slices.Clone(f)
			}
			capped++
			f[j] /= out
		case out > 1:
			return nil, nil, 0, kernelRowSumError(j, out, scn.ID)
		default:
			d[j] = 1 - out
		}
	}
	return f, d, capped, nil
}

// RowsCapper is a built mixing whose migration rows a [RowSumsCap] policy
// may have scaled down: [*Factored] and [*OperatorMatrix].
type RowsCapper interface {
	// RowsCapped returns the rows scaled down to 1 and the rows.
	RowsCapped() (capped, rows int)
}

// CapsRows reports whether the mixer m (possibly in a [Spec]) scales
// migration rows summing to more than 1 down to 1 ([RowSumsCap]).
func CapsRows(m Mixer) bool {
	c, ok := unwrapSpec(m).(interface{ capsRows() bool })
	return ok && c.capsRows()
}
