package systems

import "math"

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
// (at least len(x) values) for the copy of the old values. A slice that
// the permutation leaves as it is, bit for bit, is not copied and scratch
// is not written: one whose values all have the same bits (a parameter
// every particle shares, as in a particle filter at fixed parameters), or
// one whose x[anc[j]] has x[j]'s bits for every j (a parameter of each
// town, resampled by blocks of towns: every ancestor lies in its own town).
func PermuteFloat64(x, scratch []float64, anc []int32) {
	if sameBits(x) || fixedBy(x, anc) {
		return
	}
	copy(scratch, x)
	for j, a := range anc {
		x[j] = scratch[a]
	}
}

// sameBits reports whether every value of x has x[0]'s bits (true when x
// is empty). It returns at the first difference: one or two values into a
// slice that differs between particles.
func sameBits(x []float64) bool {
	if len(x) == 0 {
		return true
	}
	b := math.Float64bits(x[0])
	for _, v := range x[1:] {
		if math.Float64bits(v) != b {
			return false
		}
	}
	return true
}

// fixedBy reports whether x[anc[j]] has x[j]'s bits for every j, so that
// the permutation changes nothing. It returns at the first difference.
func fixedBy(x []float64, anc []int32) bool {
	for j, a := range anc {
		if math.Float64bits(x[a]) != math.Float64bits(x[j]) {
			return false
		}
	}
	return true
}
