package patchcount

// At returns x[j], or 0 when x is nil (an SIR world's E column).
func At(x []int64, j int) int64 {
	if x == nil {
		return 0
	}
	return x[j]
}

// Sub returns x[lo:hi], or nil when x is nil (an SIR world's E column, or a
// crude rate's absent per-patch means).
func Sub[T any](x []T, lo, hi int) []T {
	if x == nil {
		return nil
	}
	return x[lo:hi]
}

// SumInt64 returns Σ v (the per-block clamped-death counters).
func SumInt64(v []int64) int64 {
	var sum int64
	for _, x := range v {
		sum += x
	}
	return sum
}
