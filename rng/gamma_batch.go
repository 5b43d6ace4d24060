package rng

import (
	"fmt"
	"math"
)

// gammaBatch is the kept scratch of one run of gamma lanes.
type gammaBatch struct {
	u         [4 * BlockSize]float64 // U1 … then U2, U3, U4 per lane
	shape, gm [BlockSize]float64
	res       [BlockSize]float64
	lane      [BlockSize]int // the lane of each trial of a round
}

// gammaFree keeps the gamma runs' scratch (see freeList).
var gammaFree freeList[gammaBatch]

// Gammas sets out[j] to a Gamma(shape[j], 1) draw for every j (len(out) ≥
// len(shape)), allocating nothing. Per run of n ≤ [BlockSize] lanes the
// lanes draw in rounds: a round of k lanes takes the stream's next 4k
// uniforms — U1 of every lane of the round, then U2, U3 and U4 — and every
// lane runs one trial of [Gamma]'s method in SIMD lanes: a standard normal
// x by the polar method from (U1, U2), Marsaglia and Tsang's squeeze and
// exact test with U3 (logarithms by [logLane]), and for shape < 1 the
// boost U4^(1/shape). Then, in lane order, an accepted lane whose boost
// leaves the polynomial exp's range (U4 = 0, or log U4/shape < −700)
// finishes its boost with [Gamma]'s scalar formula (U4 = 0 redrawn from the
// stream), and the lanes whose trial was rejected (the polar pair outside
// the unit disc, v ≤ 0, or the test; about 22 % of them, mostly the polar
// pair) form the next round, in lane order, until none is left. Each lane's
// value is its first accepted trial from fresh uniforms, so it is exactly
// Gamma's law. Invalid shapes panic as in [Gamma].
func Gammas(src *Source, shape []float64, out []float64) {
	for lo, hi := range Runs(len(shape)) {
		gammaRun(src, shape[lo:hi], out[lo:hi])
	}
}

// gammaRun draws one run of at most BlockSize lanes, round by round.
func gammaRun(src *Source, shape []float64, out []float64) {
	b := gammaFree.get()
	defer gammaFree.put(b)
	for j, a := range shape {
		if !(a > 0) || math.IsInf(a, 1) {
			panic(fmt.Sprintf("rng.Gammas: shape = %g must be positive and finite", a))
		}
		b.shape[j], b.lane[j] = a, j
	}
	for n := len(shape); n > 0; {
		n = b.round(src, n, out)
	}
}

// round runs one trial of the n lanes b.lane[:n] (shapes b.shape[:n]),
// writes the accepted ones' values into out, moves the rejected ones to the
// front of b.lane and b.shape, in order, and returns their number.
func (b *gammaBatch) round(src *Source, n int, out []float64) int {
	n8 := (n + 7) &^ 7
	for j := n; j < n8; j++ {
		b.shape[j] = 1
	}
	src.Uniforms(b.u[:4*n])
	u := b.u[:4*n8]
	if n8 > n { // the padding lanes' uniforms: any valid numbers
		copy(u[4*n:], u[:4*(n8-n)])
	}
	u1, u2, u3, u4 := u[:n8], u[n:n+n8], u[2*n:2*n+n8], u[3*n:3*n+n8]
	gammaTrial(u1, u2, u3, u4, b.shape[:n8], b.res[:n8], b.gm[:n8])
	// Every lane is written to the front (kept only when rejected) and its
	// value to out (a rejected lane's −1 is overwritten by a later round):
	// about a fifth of the trials are rejected at random, and a branch on it
	// would be mispredicted as often.
	k := 0
	res, shape, lanes := b.res[:n], b.shape[:n], b.lane[:n]
	for j, v := range res {
		a, lane := shape[j], lanes[j]
		shape[k], lanes[k] = a, lane
		out[lane] = v
		if v == -2 {
			w := u4[j]
			for w == 0 { // as Gamma: U = 0 is redrawn
				w = Uniform(src)
			}
			out[lane] = b.gm[j] * fastExp(fastLog(w)/a)
		}
		var rejected int
		if v == -1 {
			rejected = 1
		}
		k += rejected
	}
	return k
}

// gammaTrialGeneric is the pure-Go kernel of [Gammas]: each lane's trial
// (see Gammas), res[j] the value, −1 when the trial is rejected, −2 when
// the boost must be finished in scalar code (gm[j] then holds the
// Gamma(shape + 1) value). Every product and sum is rounded on its own, as
// in the SIMD kernel, which equals it bit for bit.
func gammaTrialGeneric(u1, u2, u3, u4, shape, res, gm []float64) {
	for j, a := range shape {
		boost := a < 1
		ap := a
		if boost {
			ap = a + 1
		}
		d := ap - 1.0/3
		c := 1 / math.Sqrt(9*d)
		x1, x2 := 2*u1[j]-1, 2*u2[j]-1
		s := float64(x1*x1) + float64(x2*x2)
		ok := s > 0 && s < 1
		z := x1 * math.Sqrt(-2*logLane(s)/s)
		t := 1 + float64(c*z)
		ok = ok && t > 0
		v := float64(t*t) * t
		z2 := z * z
		u := u3[j]
		accept := u < 1-float64(0.0331*float64(z2*z2))
		if !accept {
			accept = u > 0 && logLane(u) < float64(0.5*z2)+float64(d*(float64(1-v)+logLane(v)))
		}
		g := d * v
		gm[j], res[j] = g, -1
		if !(ok && accept) {
			continue
		}
		res[j] = g
		if boost {
			w := u4[j]
			arg := logLane(w) / a
			if w > 0 && arg >= -700 {
				res[j] = g * expLane(arg)
			} else {
				res[j] = -2
			}
		}
	}
}
