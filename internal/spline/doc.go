// Package spline fits cubic smoothing splines the way R's
// smooth.spline(x, y) does with its default arguments, and evaluates them
// the way predict(fit, x)$y does, so that code ported from R gives the same
// numbers; in particular the census interpolation of pomp's He et al. (2010)
// measles model,
//
//	pop       = predict(smooth.spline(x = year, y = pop), x = time)$y
//	birthrate = predict(smooth.spline(x = year + 0.5, y = births), x = time - 4)$y
//
// becomes FitGCV(year, pop) and FitGCV(year+0.5, births) evaluated with At.
//
// # Model
//
// As in smooth.spline, the abscissae are rescaled to u = (x − x₁)/(xₙ − x₁)
// ∈ [0, 1], and the fit f minimises
//
//	Σᵢ (yᵢ − f(uᵢ))² + λ·J(f),   J(f) ≈ ∫₀¹ f″(u)² du,
//
// over cubic splines with a knot at every distinct x. R's default does the
// same for up to 50 points; for more it thins the knots, and this package
// then matches smooth.spline(x, y, all.knots = TRUE) instead (and costs
// O(n³) per trial λ, fine for the few dozen census points it is meant for).
// λ is R's $lambda; in the original x units ∫f″² has weight λ·(xₙ − x₁)³.
//
// With the exact J = ∫f″² the minimiser is the natural cubic spline computed
// by the Reinsch algorithm (Reinsch 1967; Green & Silverman 1994, §2.1–2.3).
// R, however, computes J in its B-spline basis with 0.3330 in place of 1/3
// in ∫₀¹t²dt (sgram.f), which changes fits by far more than 1e-6 (its
// spar–λ map by 0.25%, and the curve near and beyond the ends). Fit and
// FitGCV therefore use R's J; penalty.go shows how it enters the Reinsch
// equations (value–second-derivative form, solved densely by Cholesky: the
// systems are small, and clarity wins). Interpolating uses the exact J and
// so returns the natural interpolating spline.
//
// # Choice of λ
//
// FitGCV minimises the generalised cross-validation criterion
// (Craven & Wahba 1979; Green & Silverman 1994, §3.3)
//
//	GCV(λ) = (RSS(λ)/n) / (1 − df(λ)/n)²,   df(λ) = tr S(λ),
//
// S(λ) being the smoother (hat) matrix: the criterion of smooth.spline's
// default (cv = FALSE, unit weights, penalty = 1, df.offset = 0). R
// parameterises λ by spar,
//
//	λ = r · 256^(3·spar − 1),   r = tr(XᵀWX) / tr(Σ),
//
// X being the B-spline design matrix and Σ the penalty matrix, both traces
// over all but the first two and the last three basis functions (sbart.c),
// and searches spar ∈ [−1.5, 1.5] with Brent's golden-section/parabolic
// method to a tolerance of 1e-4. This package computes the same r, so it
// searches the same λ range, but scans the whole range on a grid and refines
// the best cell by golden section to 1e-10 in spar: it returns the global
// minimum, to a precision beyond R's default. See FitGCV for where R's
// default search goes astray and this package does not follow it.
//
// # Evaluation
//
// Spline.At evaluates the fitted cubic inside [x₁, xₙ] and extends it
// linearly outside with the value and slope at the nearer end, as
// predict.smooth.spline does.
//
// # Sources
//
//   - C. H. Reinsch (1967), Smoothing by spline functions, Numerische
//     Mathematik 10, 177–183.
//   - P. J. Green and B. W. Silverman (1994), Nonparametric Regression and
//     Generalized Linear Models: A Roughness Penalty Approach, Chapman & Hall,
//     chapters 2 (natural cubic splines, the value–second-derivative
//     representation, the Reinsch algorithm) and 3 (cross-validation, GCV
//     and the trace of the hat matrix).
//   - P. Craven and G. Wahba (1979), Smoothing noisy data with spline
//     functions, Numerische Mathematik 31, 377–403.
//   - C. de Boor (1978), A Practical Guide to Splines, Springer: B-spline
//     recurrences, used only to compute R's ratio r.
//   - R Core Team, documentation of stats::smooth.spline and
//     stats::predict.smooth.spline (R 4.2.2): the penalised criterion, the GCV
//     criterion, the spar–λ relation and its default search interval and
//     tolerance (control.spar), the [0, 1] rescaling of x, the treatment of
//     tied x, and linear extrapolation in predict.
package spline
