package spline

import "math"

// R's spar scale. smooth.spline does not search λ directly but
// spar ∈ [sparLow, sparHigh], with λ = ratio·256^(3·spar − 1), where ratio
// = tr(XᵀWX)/tr(Σ) is computed in its cubic B-spline basis (sbart.c). To
// search exactly R's λ interval this file recomputes that ratio.

const (
	sparLow  = -1.5 // R's control.spar$low default
	sparHigh = 1.5  // R's control.spar$high default
)

// lambdaOfSpar is R's map from spar to λ (sbart.c: ratio·16^(6·spar − 2)).
func lambdaOfSpar(ratio, spar float64) float64 {
	return ratio * math.Pow(256, 3*spar-1)
}

// sparRatio returns R's ratio tr(XᵀWX)/tr(Σ) for unit weights and knots at
// every u (R's knot vector: u₁ three extra times, u₁ … uₙ, uₙ three extra
// times; nk = n + 2 cubic B-splines Bⱼ). XᵀWX has diagonal Σᵢ Bⱼ(uᵢ)², Σ
// has diagonal ∫Bⱼ″(t)²dt as R computes it (see penalty.go). Like sbart.c,
// both traces skip the first two and the last three basis functions
// (0-based j = 2 … nk−4).
func sparRatio(u []float64) float64 {
	n := len(u)
	nk := n + 2
	knots := make([]float64, 0, n+6)
	knots = append(knots, u[0], u[0], u[0])
	knots = append(knots, u...)
	knots = append(knots, u[n-1], u[n-1], u[n-1])

	xwx := make([]float64, nk) // diagonal of XᵀX
	var vals [4]float64
	for i, ui := range u {
		l := 3 + i // knots[l] = u[i], the start of the interval holding u[i]
		if i == n-1 {
			l = n + 1 // the right end belongs to the last interval, as in R
		}
		bsplineValues(knots, l, ui, &vals)
		for k, v := range vals {
			xwx[l-3+k] += v * v
		}
	}

	// Diagonal of R's Σ: on each knot interval Bⱼ″ is linear from p to q,
	// and R integrates its square as h(p² + p(q − p) + c(q − p)²) with
	// c = rPenaltyConst (see penalty.go).
	sigma := make([]float64, nk)
	for l := 3; l <= n+1; l++ {
		a, b := knots[l], knots[l+1]
		for j := l - 3; j <= l; j++ {
			p := bspline2ndDeriv(knots, l, j, a)
			d := bspline2ndDeriv(knots, l, j, b) - p
			sigma[j] += (b - a) * (p*p + p*d + rPenaltyConst*d*d)
		}
	}

	var t1, t2 float64
	for j := 2; j < nk-3; j++ {
		t1 += xwx[j]
		t2 += sigma[j]
	}
	return t1 / t2
}

// bsplineValues sets out[k] = B_{l−3+k}(t), k = 0 … 3, the four cubic
// B-splines that are non-zero on the knot interval [knots[l], knots[l+1]]
// (which must have positive length), evaluated with that interval's
// polynomial pieces (Cox–de Boor recursion; de Boor's BSPLVB).
func bsplineValues(knots []float64, l int, t float64, out *[4]float64) {
	var dr, dl [3]float64
	out[0] = 1
	for j := range 3 {
		dr[j] = knots[l+j+1] - t
		dl[j] = t - knots[l-j]
		saved := 0.0
		for r := 0; r <= j; r++ {
			term := out[r] / (dr[r] + dl[j-r])
			out[r] = saved + dr[r]*term
			saved = dl[j-r] * term
		}
		out[j+1] = saved
	}
}

// bspline2ndDeriv returns B_j″(t) for the cubic B-spline j (support
// [knots[j], knots[j+4]]) at t in the closed knot interval l, using that
// interval's polynomial piece (so the ends give one-sided limits). It
// applies the derivative recurrence (de Boor 1978, ch. X)
//
//	B′_{i,k} = (k−1)·(B_{i,k−1}/(t_{i+k−1} − t_i) − B_{i+1,k−1}/(t_{i+k} − t_{i+1}))
//
// twice, down to the linear B-splines; terms over zero-length spans are zero.
func bspline2ndDeriv(knots []float64, l, j int, t float64) float64 {
	// Linear B-spline i (support [knots[i], knots[i+2]]) on interval l: only
	// i = l−1 (falling) and i = l (rising) are non-zero there.
	lin := func(i int) float64 {
		switch i {
		case l - 1:
			return (knots[l+1] - t) / (knots[l+1] - knots[l])
		case l:
			return (t - knots[l]) / (knots[l+1] - knots[l])
		}
		return 0
	}
	over := func(v, span float64) float64 {
		if span == 0 {
			return 0
		}
		return v / span
	}
	quadDeriv := func(i int) float64 { // B'_{i,3}
		return 2 * (over(lin(i), knots[i+2]-knots[i]) - over(lin(i+1), knots[i+3]-knots[i+1]))
	}
	return 3 * (over(quadDeriv(j), knots[j+3]-knots[j]) - over(quadDeriv(j+1), knots[j+4]-knots[j+1]))
}
