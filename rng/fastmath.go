package rng

// Exp returns eˣ to within 3 ulp of math.Exp, from the samplers'
// table-driven exponential (Tang 1989; math.Exp outside |x| ≤ 700). Kernels
// that evaluate a rate per patch and draw (a power x^α = Exp(α·Log(x))) use
// it for the samplers' speed.
func Exp(x float64) float64 { return fastExp(x) }

// Log returns log x to within 3 ulp of math.Log, from the samplers'
// table-driven logarithm (Tang 1990; math.Log for non-normal x).
func Log(x float64) float64 { return fastLog(x) }
