package rng

import "math"

// Table-driven logarithm after P. T. P. Tang, "Table-driven implementation of
// the logarithm function in IEEE floating-point arithmetic", ACM Transactions
// on Mathematical Software 16(4):378–400, 1990: x = 2ᵏ·z with z ∈ [¾, 3/2),
// c = j/2⁷ the nearest multiple of 2⁻⁷ to z (j = 96 … 192), and
//
//	log x = k·ln 2 − log(1/c) + log1p(r),  r = z·(1/c) − 1 (one FMA),
//
// with 1/c rounded to float64 (its log is tabulated for that rounded value, so
// the rounding cancels exactly) and log1p(r) from its Taylor polynomial of
// degree 7 (|r| ≤ 2⁻⁸/¾ < 0.0053, truncation error r⁸/8 < 10⁻¹⁸·|r|). Next to
// 1, c = 1 and 1/c = 1 exactly, so log x keeps full relative precision there.
// There is no division and the chain is short; TestFastMathAccuracy bounds
// the difference from math.Log / math.Log1p (within 1 ulp) by 3 ulp.
// Non-normal inputs (0, subnormals, negatives, Inf, NaN) go to
// math.Log.

const (
	logTableBits = 7
	logJMin      = 96  // ¾·2⁷
	logJMax      = 192 // 3/2·2⁷
	// logZBits is the bit pattern of ¾, the lower end of z's range.
	logZBits = 0x3fe8000000000000
	// ln2Hi + ln2Lo = ln 2; ln2Hi has 32 significant bits, so k·ln2Hi is
	// exact for every float64 exponent k.
	ln2Hi = 0x1.62e42fefp-1
	ln2Lo = math.Ln2 - 0x1.62e42fefp-1
)

// logTable holds, for j = 96 … 192, inv = 2⁷/j rounded to float64 and
// logInv = log(inv) (math.Log, below 1 ulp); j = 128 gives inv = 1, logInv = 0.
var logTable = func() (t [logJMax - logJMin + 1]struct{ inv, logInv float64 }) {
	for i := range t {
		inv := float64(1<<logTableBits) / float64(logJMin+i)
		t[i].inv = inv
		t[i].logInv = math.Log(inv)
	}
	return t
}()

// fastLog returns log x to within a few ulp.
func fastLog(x float64) float64 {
	ix := math.Float64bits(x)
	// Positive normal finite x only: ix − 2⁵² < 0x7fe·2⁵² unsigned.
	if ix-0x0010000000000000 >= 0x7fe0000000000000 {
		return math.Log(x)
	}
	k := int64(ix-logZBits) >> 52
	z := math.Float64frombits(ix - uint64(k)<<52)
	return logReduced(float64(k), z, 0)
}

// fastLog1p returns log(1 + x) to within a few ulp for −1 < x, without
// cancellation for small |x|: u = 1 + x is rounded, and the rounding error
// d = x − (u − 1) (exact) enters as log(1+x) = log u + d/u, with 1/u taken
// from the table's 1/c (|d/u| ≤ 2⁻⁵³, so that approximation changes the result
// by less than 2⁻⁶⁰ relative).
func fastLog1p(x float64) float64 {
	if math.Abs(x) < 1.0/(2*(1<<logTableBits)) {
		// |x| < 2⁻⁸: the table entry would be c = 1, r = x exactly.
		return x + log1pPoly(x)
	}
	u := 1 + x
	ix := math.Float64bits(u)
	if ix-0x0010000000000000 >= 0x7fe0000000000000 || x == 0 {
		return math.Log1p(x) // x ≤ −1, Inf, NaN, ±0
	}
	d := x - (u - 1)
	k := int64(ix-logZBits) >> 52
	z := math.Float64frombits(ix - uint64(k)<<52)
	// d/u = d·2⁻ᵏ/z; scaling d by 2⁻ᵏ is exact unless it underflows, where
	// it is below every ulp that matters.
	return logReduced(float64(k), z, d*math.Float64frombits(uint64(1023-k)<<52))
}

// logReduced returns k·ln 2 + log z + dz/z for z ∈ [¾, 3/2) and a tiny
// correction dz (|dz/z| ≤ 2⁻⁵², multiplied by the table's 1/c ≈ 1/z).
func logReduced(kf, z, dz float64) float64 {
	j := int(z*(1<<logTableBits) + 0.5)
	e := &logTable[j-logJMin]
	r := math.FMA(z, e.inv, -1)
	hi := kf*ln2Hi - e.logInv
	return hi + (r + (kf*ln2Lo + log1pPoly(r) + dz*e.inv))
}

// log1pPoly returns log1p(r) − r for |r| < 0.0053 from the Taylor polynomial
// of degree 7 in Estrin-style grouping (truncation error r⁸/8 < 10⁻¹⁸·|r|).
func log1pPoly(r float64) float64 {
	r2 := r * r
	return r2 * ((-0.5 + r*(1.0/3)) + r2*((-0.25+r*0.2)+r2*(-1.0/6+r*(1.0/7))))
}
