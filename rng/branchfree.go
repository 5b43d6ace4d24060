package rng

// b2i converts a bool to 0 or 1 (compiled to SETcc, no branch).
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// floorInt returns ⌊x⌋ for |x| < 2⁶³ without math.Floor, which is a call on
// amd64 without SSE4.1 in the baseline instruction set.
func floorInt(x float64) int64 {
	k := int64(x) // truncation toward 0
	return k - b2i(float64(k) > x)
}
