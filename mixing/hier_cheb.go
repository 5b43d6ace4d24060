package mixing

import "math"

// Chebyshev interpolation on a box rectangle (Fong and Darve, "The
// black-box fast multipole method", J. Comput. Phys. 228, 2009): a smooth
// function on [u0, u1]×[v0, v1] is represented by its values at the p×p
// tensor grid of Chebyshev points of the first kind, t_k = cos((2k+1)π/2p),
// mapped to the rectangle; the interpolant at (u, v) is Σ_ab S_a(u)·S_b(v)·
// f(node_ab) with S the Lagrange basis, evaluated by the barycentric formula
// (weights (−1)^k·sin((2k+1)π/2p); J.-P. Berrut and L. N. Trefethen,
// "Barycentric Lagrange interpolation", SIAM Review 46, 2004, eq. 5.2).

// chebRule holds the Chebyshev points and barycentric weights of order p.
type chebRule struct {
	p    int
	t, w []float64
}

// newChebRule returns the rule of order p ≥ 1.
func newChebRule(p int) chebRule {
	r := chebRule{p: p, t: make([]float64, p), w: make([]float64, p)}
	for k := range p {
		a := float64(2*k+1) * math.Pi / float64(2*p)
		r.t[k] = math.Cos(a)
		r.w[k] = math.Sin(a)
		if k%2 == 1 {
			r.w[k] = -r.w[k]
		}
	}
	return r
}

// basis writes S_k(s) for k < p into out, s in the reference interval
// [−1, 1] (values slightly outside extrapolate).
func (r chebRule) basis(out []float64, s float64) {
	for k, tk := range r.t {
		if s == tk {
			clear(out[:r.p])
			out[k] = 1
			return
		}
	}
	sum := 0.0
	for k, tk := range r.t {
		out[k] = r.w[k] / (s - tk)
		sum += out[k]
	}
	inv := 1 / sum // one division instead of p: the build's EntryCheck evaluates this for every point of a row
	for k := range r.p {
		out[k] *= inv
	}
}

// ref maps x in [a, b] to the reference interval [−1, 1].
func ref(x, a, b float64) float64 { return (2*x - a - b) / (b - a) }

// nodeUV returns the face coordinates of Chebyshev node m (= a·p + b) of nd.
func (r chebRule) nodeUV(nd *hnode, m int) (u, v float64) {
	a, b := m/r.p, m%r.p
	u = (nd.u0+nd.u1)/2 + (nd.u1-nd.u0)/2*r.t[a]
	v = (nd.v0+nd.v1)/2 + (nd.v1-nd.v0)/2*r.t[b]
	return u, v
}
