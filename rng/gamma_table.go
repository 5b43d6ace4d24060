package rng

import (
	"fmt"
	"math"
	"math/bits"
)

// GammaTable draws Gamma(shape, 1) for one shape shared by many lanes (a
// particle filter's noise, whose shape dt/σ_SE² every particle shares),
// from tables built once per shape by [GammaTable.Set]. It is read-only
// after Set, so concurrent [GammaTable.Draws] from different sources are
// safe. The zero GammaTable is valid once Set.
//
// Method: exact rejection from a piecewise hat (the "table-mountain" strip
// method with squeezes, Devroye 1986, §VIII.2, made O(1) by an alias table
// over the pieces). The draw is X = a·e^Z for Z with density ∝ f(z) =
// exp(−a·(e^z − 1 − z)), the law of log X − log a: f is log-concave for
// every a > 0 with its mode 0 and f(0) = 1. The central range [z_L, z_R]
// is cut into 510 strips of equal width w, strip i over [z_i, z_i + w]
// with the constant hat h_i (f at the end nearer the mode, 1 for the strip
// holding it) and squeeze s_i (f at the farther end: f is unimodal); each
// tail beyond has the exponential hat tangent to log f at its end (log f is
// concave, so the tangent lies above it). z_L and z_R are where a tail's
// hat area is 10⁻³ of f's area Γ(a)·eᵃ/aᵃ. A trial draws, in this order:
//
//   - U1 picks the piece (a strip or a tail) with probability ∝ its hat's
//     area ([Alias]'s index and fraction from one uniform);
//   - strip i: U2. If U2 < r_i = s_i/h_i (computed as U2·(w/r_i) < w) the
//     point is under the squeeze and Z = z_i + U2·(w/r_i) is accepted with
//     no density evaluation (under the squeeze the position is uniform
//     over the strip); X is then c·e^(Z − z_R), c = a·e^(z_R), in SIMD
//     lanes ([gammaTableData]).
//     Otherwise U3 is the position, Z = z_i + U3·w, and U4 the height,
//     accepted when s_i + U4·(h_i − s_i) < f(Z);
//   - a tail ending at z₀, where log f has slope b: U2 is the position by
//     inversion of the exponential, Z = z₀ + log(1 − U2)/b, and U3 the
//     test, accepted when U3 < f(Z)/(f(z₀)·e^(b·(Z − z₀))).
//
// A rejected trial starts again from U1. Each value is a first accepted
// trial of a rejection sampler whose hat dominates f: Gamma's law exactly,
// up to float64 arithmetic (the squeezes are lowered and the hats raised
// by 2⁻⁴⁰ relative to cover the rounding of f's evaluation). The squeeze
// decides about 98 % of the trials at every shape from 0.01 to 10⁶
// (TestGammaTableSqueezeRate): its misses, the wedges between squeeze and
// hat, add up to about 2w·max f per unit of hat area, and w shrinks with
// the strip count while the range [z_L, z_R] scales with f's spread. 510
// strips (a 512-entry alias table with the tails, a power of two so U1·512
// is exact) keep the fast path's tables, 24 bytes a piece, within 12 KB: in
// a core's L1 cache beside the lanes' data. Shapes outside [0.01, 10⁶] are
// drawn by [Gammas]: below, the range's left end is far beyond where e^z
// underflows (z_R − z_L reaches 692 at 0.01, near the SIMD exp's bound of
// 700); above, e^z − 1 − z loses the precision of log f near the mode.
type GammaTable struct {
	shape    float64 // the table's shape; 0 before the first Set
	fallback bool    // shape outside [gammaTableMinShape, gammaTableMaxShape]
	d        gammaTableData
	hat, sq  [gammaTableStrips]float64 // h_i and s_i per strip (the wedge's test)
	tails    [2]gammaTail              // left, right
}

// gammaTail is one tail's tangent exponential hat: its end z0, log f(z0)
// (raised by the margin) and the slope b of log f at z0 (positive on the
// left, negative on the right).
type gammaTail struct {
	z0, lf0, b float64
}

const (
	// gammaTableStrips is the number of strips; with the two tails the
	// alias table has 512 columns (see GammaTable).
	gammaTableStrips = 510
	// gammaTablePieces is the number of pieces: the strips and the tails.
	gammaTablePieces = gammaTableStrips + 2
	// gammaTableTail is each tail hat's area relative to f's area: the
	// tails' trials cost a logarithm and two exponentials, and a smaller
	// bound widens the range and so the strips (see GammaTable).
	gammaTableTail = 1e-3
	// gammaTableMargin is the relative margin by which the squeezes are
	// lowered and the hats raised: far above the few ulp of f's evaluation.
	gammaTableMargin = 0x1p-40
	// gammaTableMinShape and gammaTableMaxShape bound the table's shapes
	// (see GammaTable); Gammas draws the others.
	gammaTableMinShape = 0.01
	gammaTableMaxShape = 1e6
)

// Shape returns the shape of the last Set (0 before the first).
func (t *GammaTable) Shape() float64 { return t.shape }

// Set prepares the table for Gamma(shape, 1), rebuilding it only when
// shape's bits differ from the table's. A shape that is not positive and
// finite panics, as in [Gammas].
func (t *GammaTable) Set(shape float64) {
	if !(shape > 0) || math.IsInf(shape, 1) {
		panic(fmt.Sprintf("rng.GammaTable.Set: shape = %g must be positive and finite", shape))
	}
	if math.Float64bits(shape) == math.Float64bits(t.shape) {
		return
	}
	t.shape = shape
	t.fallback = shape < gammaTableMinShape || shape > gammaTableMaxShape
	if !t.fallback {
		t.build()
	}
}

// gammaLogF returns log f(z) = −a·(e^z − 1 − z) (see GammaTable), with
// fastExpm1 (within a few ulp) in the table's build and its trials alike.
func gammaLogF(a, z float64) float64 {
	return -a * (fastExpm1(z) - z)
}

// build fills the tables for t.shape.
func (t *GammaTable) build() {
	a := t.shape
	lg, _ := math.Lgamma(a)
	target := math.Log(gammaTableTail) + lg + a - a*math.Log(a) // log(10⁻³ · f's area)
	// A tail's hat area f(z)/|b(z)|, b(z) = a·(1 − e^z), decreases as z
	// leaves the mode on either side.
	logTail := func(z float64) float64 {
		return gammaLogF(a, z) - math.Log(a*math.Abs(math.Expm1(z)))
	}
	zl, zr := gammaTailEnd(logTail, target, -1), gammaTailEnd(logTail, target, 1)
	d := &t.d
	d.w, d.zr, d.c = (zr-zl)/gammaTableStrips, zr, a*math.Exp(zr)
	area := make([]float64, gammaTablePieces)
	for i := range gammaTableStrips {
		za, zb := zl+float64(i)*d.w, zl+float64(i+1)*d.w
		fa, fb := math.Exp(gammaLogF(a, za)), math.Exp(gammaLogF(a, zb))
		h, s := max(fa, fb), min(fa, fb)
		if za < 0 && zb > 0 {
			h = 1
		}
		h, s = h*(1+gammaTableMargin), s*(1-gammaTableMargin)
		t.hat[i], t.sq[i], area[i] = h, s, h*d.w
		d.z[i], d.wr[i] = za, d.w/(s/h) // +Inf if s = 0: no squeeze

	}
	for k, z0 := range [2]float64{zl, zr} {
		// the hat's height at z0 is raised by the margin (log(1 + m) ≈ m)
		tl := gammaTail{z0: z0, lf0: gammaLogF(a, z0) + gammaTableMargin, b: -a * math.Expm1(z0)}
		t.tails[k] = tl
		p := gammaTableStrips + k
		d.z[p], d.wr[p] = z0, math.Inf(1)
		area[p] = math.Exp(tl.lf0) / math.Abs(tl.b)
	}
	pick, err := NewAlias(area)
	if err != nil { // the areas are positive and finite for every shape in range
		panic(fmt.Sprintf("rng.GammaTable.Set: shape %g: %v", a, err))
	}
	for i := range gammaTablePieces {
		d.pick[i] = uint64(pick.alias[i])<<(gammaPickBits+1) | uint64(math.Ceil(pick.prob[i]*(1<<gammaPickBits)))
	}
}

// gammaTailEnd returns the point z on the side sign (−1 left, +1 right) of
// the mode where logTail(z), decreasing away from the mode, falls to
// target: the nearest to the mode, within bisection's resolution, with
// logTail(z) ≤ target.
func gammaTailEnd(logTail func(float64) float64, target, sign float64) float64 {
	near, far := 0.0, sign
	for logTail(far) > target {
		near, far = far, 2*far
	}
	for range 200 {
		mid := (near + far) / 2
		if mid == near || mid == far {
			break
		}
		if logTail(mid) > target {
			near = mid
		} else {
			far = mid
		}
	}
	return far
}

// gammaTableScratch is one run's scratch of Draws: the uniforms and the
// lanes past the squeeze, a bit per lane.
type gammaTableScratch struct {
	u    [2 * BlockSize]float64
	slow [BlockSize / 8]uint8
}

// gammaTableFree keeps Draws' scratch (see freeList).
var gammaTableFree freeList[gammaTableScratch]

// Draws sets every out[j] to a Gamma(shape, 1) draw, shape that of the
// last [GammaTable.Set], allocating nothing. In runs of at most
// [BlockSize] lanes: the stream's next 2n uniforms for the run's n lanes,
// U1 of every lane, then U2 of every lane; every lane's first trial (see
// [GammaTable]), in SIMD lanes; then, in lane order, each lane whose U2
// missed the squeeze (about 2 %) finishes its trial, and any further ones,
// with uniforms taken from the stream one at a time ([Uniform]). For a
// shape outside the table's range it calls [Gammas] with shape in every
// lane. It panics before the first Set.
func (t *GammaTable) Draws(src *Source, out []float64) {
	if t.shape == 0 {
		panic("rng.GammaTable.Draws: the table has no shape (call Set first)")
	}
	if t.fallback {
		t.gammas(src, out)
		return
	}
	b := gammaTableFree.get()
	defer gammaTableFree.put(b)
	for lo, hi := range Runs(len(out)) {
		o := out[lo:hi]
		n := len(o)
		u1, u2 := b.u[:n], b.u[n:2*n]
		src.Uniforms(b.u[:2*n])
		slow := b.slow[:(n+7)/8]
		gammaTableLanes(&t.d, u1, u2, o, slow)
		for g, m := range slow {
			for ; m != 0; m &= m - 1 {
				j := 8*g + bits.TrailingZeros8(m)
				o[j] = t.shape * fastExp(t.finish(src, t.d.piece(u1[j]), u2[j]))
			}
		}
	}
}

// finish completes a trial of piece p whose U2 missed the squeeze, and
// runs further trials until one is accepted; it returns its Z.
func (t *GammaTable) finish(src *Source, p int, u2 float64) float64 {
	for {
		if z, ok := t.slowTrial(src, p, u2); ok {
			return z
		}
		p = t.d.piece(Uniform(src))
		u2 = Uniform(src)
		if v := u2 * t.d.wr[p]; v < t.d.w {
			return t.d.z[p] + v
		}
	}
}

// slowTrial finishes a trial of piece p whose U2 missed the squeeze: the
// strip's wedge test or the tail's (see GammaTable).
func (t *GammaTable) slowTrial(src *Source, p int, u2 float64) (z float64, ok bool) {
	a := t.shape
	if p < gammaTableStrips {
		z = t.d.z[p] + Uniform(src)*t.d.w
		h, s := t.hat[p], t.sq[p]
		return z, s+Uniform(src)*(h-s) < fastExp(gammaLogF(a, z))
	}
	tl := &t.tails[p-gammaTableStrips]
	z = tl.z0 + math.Log1p(-u2)/tl.b
	return z, Uniform(src) < fastExp(gammaLogF(a, z)-tl.lf0-tl.b*(z-tl.z0))
}

// gammas draws out with Gammas, every lane of shape t.shape, run by run
// (as one call of Gammas would).
func (t *GammaTable) gammas(src *Source, out []float64) {
	var shape [BlockSize]float64
	for j := range shape {
		shape[j] = t.shape
	}
	for lo, hi := range Runs(len(out)) {
		Gammas(src, shape[:hi-lo], out[lo:hi])
	}
}
