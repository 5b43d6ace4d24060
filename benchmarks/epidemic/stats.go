package main

import (
	"math"
	"slices"
)

// comparison is the two-sample comparison of one outcome between two
// independent sets of replicates.
type comparison struct {
	MeanA, SEA float64 // mean and its Monte Carlo standard error
	MeanB, SEB float64
	// Z is the difference of the means over its standard error,
	// (MeanB − MeanA) / √(SEA² + SEB²) (Welch's statistic); PZ its
	// two-sided p-value under the normal approximation.
	Z, PZ float64
	// KS is the two-sample Kolmogorov–Smirnov statistic (the largest
	// distance between the empirical distribution functions) and PKS its
	// asymptotic p-value (conservative when values tie).
	KS, PKS float64
}

// meanSE returns the mean of x and its standard error s/√n (s with n − 1).
func meanSE(x []float64) (mean, se float64) {
	n := float64(len(x))
	for _, v := range x {
		mean += v
	}
	mean /= n
	var ss float64
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	if len(x) < 2 {
		return mean, 0
	}
	return mean, math.Sqrt(ss / (n - 1) / n)
}

// compare compares samples a and b (each of at least 2 values).
func compare(a, b []float64) comparison {
	var c comparison
	c.MeanA, c.SEA = meanSE(a)
	c.MeanB, c.SEB = meanSE(b)
	se := math.Hypot(c.SEA, c.SEB)
	switch {
	case se > 0:
		c.Z = (c.MeanB - c.MeanA) / se
		c.PZ = math.Erfc(math.Abs(c.Z) / math.Sqrt2)
	case c.MeanA == c.MeanB:
		c.PZ = 1
	default:
		c.Z = math.Inf(1)
	}
	c.KS = ksStatistic(a, b)
	c.PKS = ksPValue(c.KS, len(a), len(b))
	return c
}

// ksStatistic returns sup_x |F_a(x) − F_b(x)| of the empirical
// distribution functions, stepping over tied values together.
func ksStatistic(a, b []float64) float64 {
	x, y := slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	var i, j int
	var d float64
	for i < len(x) && j < len(y) {
		v := min(x[i], y[j])
		for i < len(x) && x[i] == v {
			i++
		}
		for j < len(y) && y[j] == v {
			j++
		}
		d = max(d, math.Abs(float64(i)/float64(len(x))-float64(j)/float64(len(y))))
	}
	return d
}

// ksPValue returns the asymptotic p-value of the two-sample statistic d
// for samples of n and m values: Q(λ) = 2 Σ_{k≥1} (−1)^{k−1} e^{−2k²λ²}
// with λ = (√e + 0.12 + 0.11/√e)·d and e = nm/(n + m) (Stephens' small-sample
// correction of the Kolmogorov distribution).
func ksPValue(d float64, n, m int) float64 {
	e := math.Sqrt(float64(n) * float64(m) / float64(n+m))
	l := (e + 0.12 + 0.11/e) * d
	if l < 0.2 {
		return 1 // the series converges slowly there; Q(0.2) > 0.999 999
	}
	var q float64
	sign := 1.0
	for k := 1; k <= 100; k++ {
		t := sign * math.Exp(-2*float64(k*k)*l*l)
		q += t
		if math.Abs(t) < 1e-12 {
			break
		}
		sign = -sign
	}
	return min(max(2*q, 0), 1)
}
