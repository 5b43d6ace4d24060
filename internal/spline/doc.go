// Package spline fits cubic smoothing splines the way R's
// smooth.spline(x, y) does with its default arguments, and evaluates them
// the way predict(fit, x)$y does, so that code ported from R (for example
// the census interpolation in pomp's He et al. (2010) measles model,
//
//	pop       = predict(smooth.spline(x = year, y = pop), x = time)$y
//	birthrate = predict(smooth.spline(x = year + 0.5, y = births), x = time - 4)$y
//
// ) gives the same numbers.
//
// # Model
//
// The abscissae are first rescaled to u = (x − x₁)/(xₙ − x₁) ∈ [0, 1], as
// smooth.spline does, and the fitted function f minimises
//
//	Σᵢ (yᵢ − f(uᵢ))² + λ ∫₀¹ f″(u)² du.
//
// The minimiser is the natural cubic spline with a knot at every uᵢ
// (Reinsch 1967; Green & Silverman 1994, §2.1–2.3). R represents it in a
// cubic B-spline basis with all unique x as knots (its default for fewer than
// 50 points); this package uses the equivalent value–second-derivative form
// of Green & Silverman: with h, Q and R the spacing-dependent matrices of
// their §2.1.2, the second derivatives γ at the interior knots solve
// (R + λQᵀQ)γ = Qᵀy, and the fitted values are g = y − λQγ (their §2.3.3,
// the Reinsch algorithm). The systems are small (n ≤ 100 in practice), so
// they are solved densely by Cholesky factorisation for clarity.
//
// λ is R's $lambda: the penalty on the [0, 1] scale. The same curve in the
// original x units has penalty λ·(xₙ − x₁)³.
//
// # Choice of λ
//
// FitGCV minimises the generalised cross-validation criterion
// (Craven & Wahba 1979; Green & Silverman 1994, §3.3)
//
//	GCV(λ) = (RSS(λ)/n) / (1 − df(λ)/n)²,
//
// where df(λ) = tr S(λ) is the trace of the smoother (hat) matrix, exactly
// the criterion R's smooth.spline uses by default (cv = FALSE, unit weights,
// penalty = 1, df.offset = 0). R parameterises λ by spar,
//
//	λ = r · 256^(3·spar − 1),   r = tr(XᵀWX) / tr(Σ),
//
// where X is the B-spline design matrix, Σ the Gram matrix of the basis
// second derivatives and both traces run over all but the first two and the
// last three basis functions (R's sbart.c), and searches spar ∈ [−1.5, 1.5]
// by Brent's golden-section/parabolic method to a tolerance of 1e-4 on spar.
// This package computes the same r, so it searches the same λ range, but it
// scans the whole range on a grid and then refines the best grid cell by
// golden section to 1e-10 in spar, so it finds the global GCV minimum in
// that range to a precision well beyond R's. Fits therefore agree with R to
// within what R's own stopping tolerance allows (see the tests).
//
// # Evaluation
//
// Spline.At evaluates the fitted cubic inside [x₁, xₙ] and extends it
// linearly outside, with the value and slope at the nearer end, as
// predict.smooth.spline does.
//
// # Sources
//
//   - C. H. Reinsch (1967), Smoothing by spline functions, Numerische
//     Mathematik 10, 177–183.
//   - P. J. Green and B. W. Silverman (1994), Nonparametric Regression and
//     Generalized Linear Models: A Roughness Penalty Approach, Chapman & Hall,
//     chapters 2 (interpolating and smoothing splines, the Reinsch algorithm)
//     and 3 (cross-validation and GCV, the trace of the hat matrix).
//   - P. Craven and G. Wahba (1979), Smoothing noisy data with spline
//     functions, Numerische Mathematik 31, 377–403.
//   - R Core Team, documentation of stats::smooth.spline and
//     stats::predict.smooth.spline (R 4.2.2): the penalised criterion, the GCV
//     criterion, the spar–lambda relation and its default search interval,
//     the [0, 1] rescaling of x, and linear extrapolation in predict.
package spline
