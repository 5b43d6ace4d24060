package rng

import (
	"math"
	"math/big"
)

// Table-driven exponential after P. T. P. Tang, "Table-driven implementation
// of the exponential function in IEEE floating-point arithmetic", ACM
// Transactions on Mathematical Software 15(2):144–157, 1989: with
// k = round(x·2⁷/ln 2), i = k mod 2⁷ and r = x − k·ln 2/2⁷ (|r| ≤ ln 2/2⁸),
//
//	eˣ = 2^⌊k/2⁷⌋ · 2^(i/2⁷) · eʳ,
//
// where 2^(i/2⁷) comes from a table (rounded value plus relative correction)
// and eʳ − 1 from its Taylor polynomial of degree 5 (truncation error
// r⁶/720 < 6·10⁻¹⁹, below 2⁻⁶⁰). The samplers call it on every inversion
// draw, where math.Exp's division-free but long polynomial chain and call
// overhead cost more than the rest of the draw; fastExp is inlined and has a
// short dependency chain. TestFastMathAccuracy bounds its difference from
// math.Exp (itself within 1 ulp) by 3 ulp.

// expTableBits is log₂ of the number of table entries.
const expTableBits = 7

const (
	expN      = 1 << expTableBits
	expInvL2N = expN / math.Ln2 // 2⁷/ln 2
	// expL2NHi + expL2NLo = ln 2/2⁷; expL2NHi has 32 significant bits, so
	// k·expL2NHi is exact for |k| < 2²¹.
	expL2NHi = 0x1.62e42fefp-8
	expL2NLo = (math.Ln2 - 0x1.62e42fefp-1) / expN
	// expShift rounds to an integer when added: 1.5·2⁵².
	expShift = 0x1.8p52
	// expFastMax bounds |x| on the table path: there eˣ and eˣ−1 are normal
	// and |k| < 2²¹; beyond it math.Exp / math.Expm1 handle overflow,
	// underflow and subnormals.
	expFastMax = 700.0
)

// expTable holds, for i = 0 … 2⁷−1, hi = 2^(i/2⁷) rounded to float64 and
// lo = (2^(i/2⁷) − hi)/hi, computed once with math/big at 128-bit precision.
var expTable = func() (t [expN]struct{ hi, lo float64 }) {
	const prec = 128
	root := big.NewFloat(2).SetPrec(prec) // 2^(1/2⁷) by seven square roots
	for range expTableBits {
		root.Sqrt(root)
	}
	v := new(big.Float).SetPrec(prec).SetInt64(1)
	d := new(big.Float).SetPrec(prec)
	for i := range t {
		hi, _ := v.Float64()
		d.Sub(v, big.NewFloat(hi))
		d.Quo(d, big.NewFloat(hi))
		t[i].hi = hi
		t[i].lo, _ = d.Float64()
		v.Mul(v, root)
	}
	return t
}()

// expReduce returns the table scale s = 2^(k/2⁷) (rounded), its relative
// correction lo and the polynomial p ≈ eʳ − 1 for |x| ≤ expFastMax, so that
// eˣ = s·(1 + lo + p + lo·p).
func expReduce(x float64) (s, lo, p float64) {
	kd := x*expInvL2N + expShift
	kd -= expShift
	k := int64(kd)
	r := x - kd*expL2NHi - kd*expL2NLo
	e := &expTable[k&(expN-1)]
	s = math.Float64frombits(math.Float64bits(e.hi) + uint64(k>>expTableBits)<<52)
	r2 := r * r
	p = r + r2*(0.5+r*(1.0/6)) + r2*r2*(1.0/24+r*(1.0/120))
	return s, e.lo, p
}

// fastExp returns eˣ to within a few ulp (math.Exp outside |x| ≤ 700).
func fastExp(x float64) float64 {
	if !(math.Abs(x) <= expFastMax) {
		return math.Exp(x)
	}
	s, lo, p := expReduce(x)
	return s + s*(lo+p+lo*p)
}

// fastExpm1 returns eˣ − 1 to within a few ulp (math.Expm1 outside
// |x| ≤ 700). Near 0 the table scale is s = 1 and the result is the
// polynomial itself; elsewhere s − 1 is exact (Sterbenz) for s ∈ [½, 2], and
// beyond that range |eˣ − 1| ≥ ½, so no cancellation occurs.
func fastExpm1(x float64) float64 {
	if !(math.Abs(x) <= expFastMax) {
		return math.Expm1(x)
	}
	s, lo, p := expReduce(x)
	return (s - 1) + s*(lo+p+lo*p)
}
