package mixing

import "math"

// The distance row kernel computes, for one point i and a run of points j,
// the haversine distances d_ij (haversine, bit for bit) or the default
// gravity decay d_ij^(−1.5) = 1/(d·√d) (distanceDecay(1.5), bit for bit).
// It has assembly implementations (distrow_amd64.s, AVX-512 and AVX2,
// chosen at run time) that compute 8 or 4 points per instruction with the
// same operations in the same order, both branches of sinHalfAngle and
// asinUnit evaluated and the right one selected per lane; the pure-Go
// distRowGeneric is the reference and the fallback.

// distRowFunc writes into out[k] the distance (decay15 false) or the decay
// 1/(d·√d) (decay15 true) between the point (phi1, lam1, cos1) and the
// point (phi[k], lam[k], cosPhi[k]), for k < len(out). phi, lam and cosPhi
// have at least len(out) entries.
type distRowFunc func(out, phi, lam, cosPhi []float64, phi1, lam1, cos1 float64, decay15 bool)

// distRowImpl is the row kernel in use: assembly when the CPU supports it.
var distRowImpl distRowFunc = distRowGeneric

// distRowGeneric is the pure-Go row kernel (see distRowFunc).
func distRowGeneric(out, phi, lam, cosPhi []float64, phi1, lam1, cos1 float64, decay15 bool) {
	phi, lam, cosPhi = phi[:len(out)], lam[:len(out)], cosPhi[:len(out)]
	for k := range out {
		d := haversine(phi1, lam1, cos1, phi[k], lam[k], cosPhi[k])
		if decay15 {
			d = 1 / (d * math.Sqrt(d))
		}
		out[k] = d
	}
}

// distRow runs the row kernel from point i to the points j0, j0+1, … (one
// per entry of out).
func (c coords) distRow(out []float64, i, j0 int, decay15 bool) {
	n := len(out)
	if n == 0 {
		return
	}
	distRowImpl(out, c.phi[j0:j0+n], c.lam[j0:j0+n], c.cosPhi[j0:j0+n], c.phi[i], c.lam[i], c.cosPhi[i], decay15)
}

// decayRow writes D_ij = d_ij^(−c) for j = j0, j0+1, … into out, the values
// of decayBetween bit for bit (i must not be among the js), or the error of
// decayBetween for the first failing j. For a user kernel it is
// kernelDecayRow.
func (g *gravityTerms) decayRow(out []float64, i, j0 int) error {
	if g.kernel != nil {
		return g.kernelDecayRow(out, i, j0)
	}
	switch g.c {
	case 0:
		for k := range out {
			out[k] = 1
		}
		return nil
	case 1.5:
		// 1/(d·√d) is +Inf exactly when d·√d is 0 (coincident patches, or
		// an underflow): decayBetween then gives the error or the value.
		g.co.distRow(out, i, j0, true)
		for k, v := range out {
			if math.IsInf(v, 0) {
				f, err := g.decayBetween(i, j0+k)
				if err != nil {
					return err
				}
				out[k] = f
			}
		}
		return nil
	}
	g.co.distRow(out, i, j0, false)
	for k, d := range out {
		if d == 0 {
			if _, err := g.decayBetween(i, j0+k); err != nil {
				return err
			}
		}
		out[k] = g.decay(d)
	}
	return nil
}

// namedDistRow is a row kernel implementation and its name (for tests).
type namedDistRow struct {
	name string
	fn   distRowFunc
}
