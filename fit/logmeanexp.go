package fit

import "math"

// LogMeanExp returns log(mean(exp(x))) computed stably, and its jackknife
// standard error as pomp's logmeanexp(x, se = TRUE): with x₋ₖ the values
// without x_k, se = (n − 1)·sd(LogMeanExp(x₋ₖ))/√n. se is NaN for n < 2.
func LogMeanExp(x []float64) (mean, se float64) {
	mean = logMeanExp(x, -1)
	n := len(x)
	if n < 2 {
		return mean, math.NaN()
	}
	jk := make([]float64, n)
	avg := 0.0
	for k := range n {
		jk[k] = logMeanExp(x, k)
		avg += jk[k]
	}
	avg /= float64(n)
	ss := 0.0
	for _, v := range jk {
		ss += (v - avg) * (v - avg)
	}
	sd := math.Sqrt(ss / float64(n-1))
	return mean, float64(n-1) * sd / math.Sqrt(float64(n))
}

// logMeanExp is log(mean(exp(x))) over x without index skip (−1: none).
func logMeanExp(x []float64, skip int) float64 {
	mx := math.Inf(-1)
	for k, v := range x {
		if k != skip && v > mx {
			mx = v
		}
	}
	if math.IsInf(mx, -1) {
		return mx
	}
	s, n := 0.0, 0
	for k, v := range x {
		if k != skip {
			s += math.Exp(v - mx)
			n++
		}
	}
	return mx + math.Log(s/float64(n))
}
