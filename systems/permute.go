package systems

// PermuteInt64 sets x[j] to the old x[anc[j]] for every j (a particle
// filter's resampling step), using scratch (at least len(x) values) for
// the copy of the old values. Counts are exact in float64 up to 2^53
// (scenario.MaxPop).
func PermuteInt64(x []int64, scratch []float64, anc []int32) {
	for j, v := range x {
		scratch[j] = float64(v)
	}
	for j, a := range anc {
		x[j] = int64(scratch[a])
	}
}

// PermuteFloat64 sets x[j] to the old x[anc[j]] for every j, using scratch
// (at least len(x) values) for the copy of the old values.
func PermuteFloat64(x, scratch []float64, anc []int32) {
	copy(scratch, x)
	for j, a := range anc {
		x[j] = scratch[a]
	}
}
