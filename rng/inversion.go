package rng

// searchLimit bounds the sequential searches of the inversion branches
// (n·p < 15, mean < 20). For either distribution P(X ≥ 128) < 10⁻⁵⁰ (Chernoff:
// P(X ≥ k) ≤ e^−μ·(eμ/k)ᵏ with μ < 20), so in exact arithmetic the cdf exceeds
// 1 − 2⁻⁵³ ≥ U well before 128: a search that gets there can only be inside
// the rounding gap above the float64 sum of the pmf, and restarts.
const searchLimit = 128

// recipMask indexes recip; the table is twice batchSearchLimit (so twice
// searchLimit too) so that a chunk started below the limit never wraps.
const recipMask = 2*batchSearchLimit - 1

// recip holds 1/x for 1 ≤ x ≤ recipMask, so that the search steps multiply
// instead of divide (one extra rounding per step).
var recip = func() (t [recipMask + 1]float64) {
	for x := 1; x < len(t); x++ {
		t[x] = 1 / float64(x)
	}
	return t
}()

// binomialPowMax is the largest n for which the inversion branch forms qⁿ by
// repeated multiplication (relative error ≤ (2n−1)·2⁻⁵³, from the rounding of
// q = 1 − p and of each product) instead of exp(n·log(1−p)).
const binomialPowMax = 4

// binomialInversion draws Binomial(n, p) for 0 < p ≤ ½ and n·p < 15 by
// inversion of the cdf with a sequential search from 0 (L. Devroye,
// "Non-Uniform Random Variate Generation", Springer 1986, §III.2): X is the
// least x with U < F(x), found by comparing U with the partial sums of f(0),
// f(1), … (see searchChunk), where f(0) = qⁿ and f(x) = f(x−1)·(n−x+1)/x·p/q. logq is log(1−p) if the caller
// knows it (NaN otherwise); qⁿ = exp(n·log(1−p)) ≥ e^−30 here, with the
// table-driven [fastExp] and [fastLog1p], or a product for n ≤ 4.
//
// When U lies above the float64 sum of all f(x) (a gap of a few ulps created
// by rounding; U is then within ~1e−16 of 1), the search runs past n, until
// f(x) underflows to 0, or to [searchLimit]; the draw is then restarted with a
// fresh U. That rejects exactly the rounding gap, so the result stays exact up
// to float64 arithmetic and the loop always terminates (the expected number of
// restarts is ~1e−16).
func binomialInversion(src *Source, n int64, p, logq float64) int64 {
	q := 1 - p
	var qn float64
	if n <= binomialPowMax {
		qn = q
		for range n - 1 {
			qn *= q
		}
	} else {
		if logq != logq { // NaN: not supplied
			logq = fastLog1p(-p)
		}
		qn = fastExp(float64(n) * logq)
	}
	s := p / q
	chunk := searchChunk(float64(n) * p)
	for {
		if x, ok := binomialSearch(Uniform(src), qn, s, n, chunk); ok {
			return x
		}
	}
}

// binomialSearch inverts the Binomial(n, p) cdf at u by sequential search from
// 0, given qn = qⁿ and s = p/q, in chunks of searchChunk(μ) terms; ok is false
// when u lies in the rounding gap above the float64 sum of the pmf (the caller
// then draws a new u).
func binomialSearch(u, qn, s float64, n, chunk int64) (x int64, ok bool) {
	px, c := qn, qn
	x = b2i(u >= c)
	i := int64(1)
	j := float64(n) // n − i + 1, exact for n ≤ 2⁵³; px stays 0 once i > n
	for {
		for range chunk / 2 { // two terms per step
			px *= s * j * recip[i&recipMask]
			c += px
			x += b2i(u >= c)
			px *= s * (j - 1) * recip[(i+1)&recipMask]
			c += px
			x += b2i(u >= c)
			i += 2
			j -= 2
		}
		if u < c {
			return x, true
		}
		if px == 0 || i > searchLimit {
			return 0, false
		}
	}
}

// poissonInversion draws Poisson(mean) for 0 < mean < 20 by inversion of the
// cdf with a sequential search from 0 (Devroye 1986, §III.2): X is the least x
// with U < F(x), found by comparing U with the partial sums of f(0) = e^−mean
// ([fastExp]), f(1), … (see searchChunk) with f(x) = f(x−1)·mean/x.
//
// When U lies above the float64 sum of all f(x) (the rounding gap; U is then
// within ~1e−16 of 1) the search stops at [searchLimit] or when f(x) underflows
// to 0, and the draw restarts with a fresh U. That rejects exactly the rounding
// gap, so the result stays exact up to float64 arithmetic and the loop always
// terminates.
func poissonInversion(src *Source, mean float64) int64 {
	emu := fastExp(-mean) // ≥ e^−20
	chunk := searchChunk(mean)
	for {
		if x, ok := poissonSearch(Uniform(src), emu, mean, chunk); ok {
			return x
		}
	}
}

// poissonSearch inverts the Poisson(mean) cdf at u by sequential search from
// 0, given emu = e^−mean, in chunks of searchChunk(μ) terms; ok is false when u
// lies in the rounding gap above the float64 sum of the pmf (the caller then
// draws a new u).
func poissonSearch(u, emu, mean float64, chunk int64) (x int64, ok bool) {
	px, c := emu, emu
	x = b2i(u >= c)
	i := int64(1)
	for {
		for range chunk / 2 { // two terms per step
			px *= mean * recip[i&recipMask]
			c += px
			x += b2i(u >= c)
			px *= mean * recip[(i+1)&recipMask]
			c += px
			x += b2i(u >= c)
			i += 2
		}
		if u < c {
			return x, true
		}
		if px == 0 || i > searchLimit {
			return 0, false
		}
	}
}

// Means at which the inversion chunk length doubles (see searchChunk).
const (
	chunk8Mean  = 2
	chunk16Mean = 6
)

// searchChunk returns the number of cdf terms the inversion searches of mean
// μ add between two tests of U (after f(0)): 4 for μ < 2, 8 for μ < 6, 16
// above. Within a chunk X is the number of partial sums F(0) ≤ F(1) ≤ … that
// U reaches, counted with conditional increments (SETcc) rather than a loop
// that exits on U: that exit branch is unpredictable (X varies) and waits on
// the whole qⁿ / e^−μ chain, so each exit would flush the pipeline, while the
// chunk length depends only on μ. A longer chunk costs ~8 instructions per
// term; a second chunk costs a late mispredicted branch. The tiers keep the
// second chunk rare (Poisson tails P(X > 4 | μ = 2) = 0.053,
// P(X > 8 | μ = 6) = 0.15, P(X > 16 | μ = 10) = 0.027 (above 10 a second
// chunk is common, and still cheaper than PTRS or BTRS); the binomial tail at
// the same mean is lighter), chosen by benchmark. The result is the same
// least x with U < F(x) as a term-by-term search.
func searchChunk(mu float64) int64 {
	return 4 << (b2i(mu >= chunk8Mean) + b2i(mu >= chunk16Mean))
}
