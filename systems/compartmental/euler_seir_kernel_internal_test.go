package compartmental

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/rng"
)

// referenceEulerSEIRBlock is EulerSEIRBlock as first written, lane by lane
// with no shortcut: the oracle the kernel's fast paths (β shared between
// lanes, the term test once per step, the powers' lanes that need none)
// must equal bit for bit, draws included. Its noise is drawn as the
// kernel's: when q.Noise keeps tables, each group of consecutive noisy
// patches with the same σ_SE from its table, else all by rng.Gammas.
func referenceEulerSEIRBlock(src *rng.Source, s, e, i, r []int64, pop []float64, q *EulerRates, cases []int64) {
	for lo, hi := range rng.Runs(len(s)) {
		referenceEulerRun(src, s[lo:hi], e[lo:hi], i[lo:hi], r[lo:hi], pop[lo:hi], q, lo, cases[lo:hi])
	}
}

// referenceEulerRun is the reference's run of at most rng.BlockSize
// patches.
func referenceEulerRun(src *rng.Source, s, e, i, r []int64, pop []float64, q *EulerRates, off int, cases []int64) {
	var noisy []int
	var shape []float64
	for j := range s {
		if sse := q.SigmaSE[off+j]; sse > 0 && s[j] > 0 {
			noisy, shape = append(noisy, j), append(shape, q.DT/(sse*sse))
		}
	}
	noise := make([]float64, len(noisy))
	if q.Noise != nil && q.Noise.on {
		for lo := 0; lo < len(noisy); {
			hi := lo + 1
			for hi < len(noisy) && q.SigmaSE[off+noisy[hi]] == q.SigmaSE[off+noisy[lo]] {
				hi++
			}
			q.Noise.table(q.SigmaSE[off+noisy[lo]]).Draws(src, noise[lo:hi])
			lo = hi
		}
	} else {
		rng.Gammas(src, shape, noise)
	}
	m := len(s)
	x, alpha, xa := make([]float64, m), make([]float64, m), make([]float64, m)
	for j, inf := range i {
		x[j], alpha[j] = float64(inf)+q.Iota[off+j], q.Alpha[off+j]
	}
	rng.Pows(x, alpha, xa)
	rate := make([]float64, m)
	k := 0
	for j := range s {
		if alpha[j] == 1 || !(x[j] > 0) {
			xa[j] = x[j]
		}
		rate[j] = referenceEulerForce(q, off+j, xa[j], pop[j])
		if k < len(noisy) && noisy[k] == j {
			sse := q.SigmaSE[off+j]
			rate[j] = rate[j] * (sse * sse) * noise[k] / q.DT
			k++
		}
	}
	mu := q.Mu[off : off+m]
	toE, leaveS := make([]int64, m), make([]int64, m)
	toI, leaveE := make([]int64, m), make([]int64, m)
	toR, leaveI := make([]int64, m), make([]int64, m)
	rng.EulerMultinomials(src, s, rate, mu, q.DT, toE, leaveS)
	rng.EulerMultinomials(src, e, q.Sigma[off:off+m], mu, q.DT, toI, leaveE)
	rng.EulerMultinomials(src, i, q.Gamma[off:off+m], mu, q.DT, toR, leaveI)
	for j := range s {
		s[j] -= leaveS[j]
		e[j] += toE[j] - leaveE[j]
		i[j] += toI[j] - leaveI[j]
		r[j] += toR[j]
		cases[j] += toR[j]
	}
}

// referenceEulerForce is the reference's force of patch j.
func referenceEulerForce(q *EulerRates, j int, xa, p float64) float64 {
	if p <= 0 {
		return 0
	}
	seas := 1.0
	if doy, a := q.DOY, q.Amplitude[j]; q.Seasonal {
		if (doy >= 7 && doy <= 100) || (doy >= 115 && doy <= 199) || (doy >= 252 && doy <= 300) || (doy >= 308 && doy <= 356) {
			seas = 1 + a*0.2411/0.7589
		} else {
			seas = 1 - a
		}
	} else if q.Season != nil {
		seas = q.Season[j]
	}
	gamma, mu, dt := q.Gamma[j], q.Mu[j], q.DT
	var beta float64
	if q.Spatpomp {
		beta = q.R0[j] * seas * -math.Expm1(-(gamma+mu)*dt) / dt
	} else {
		beta = q.R0[j] * (gamma + mu) * seas
	}
	x := xa
	if q.Coupling != nil {
		x = max(x+q.Coupling[j], 0)
	}
	return beta * x / p
}

// eulerCase is one table row of TestEulerSEIRBlockEqualsReference: n
// patches whose parameters are set by edit from He et al.'s London values
// (shared by every patch unless edit varies them).
type eulerCase struct {
	name string
	n    int
	edit func(q *EulerRates, s, e, i []int64, pop []float64)
	doys []float64 // the days of the year stepped in turn (none: the row's DOY)
}

// TestEulerSEIRBlockEqualsReference steps blocks of London-like patches
// 30 days with EulerSEIRBlock and with the reference kernel from the same
// stream: every count, every accumulated case and the stream's next draw
// must be equal. The rows cover the fast paths and their edges: parameters
// shared by every particle, shared in runs, all distinct; the term and
// holidays; spatPomp's β; an estimated season; the coupling term (some
// negative); P ≤ 0; σ_SE = 0 on some lanes; I + ι = 0; α = 1; a tail run
// shorter than a block; towns' σ_SE changing inside a run. Each row runs
// with the noise from rng.Gammas and, as EulerSEIR.Step does, from the
// step's noiseTables (one GammaTable per σ_SE).
func TestEulerSEIRBlockEqualsReference(t *testing.T) {
	vary := func(v []float64, every int, step float64) {
		for j := range v {
			v[j] += float64(j/every) * step
		}
	}
	cases := []eulerCase{
		{"shared parameters, term", rng.BlockSize, nil, nil},
		{"shared parameters, holiday", 300, func(q *EulerRates, _, _, _ []int64, _ []float64) { q.DOY = 105 }, nil},
		{"runs of equal parameters", 600, func(q *EulerRates, _, _, _ []int64, _ []float64) {
			vary(q.R0, 3, 0.5)
			vary(q.Amplitude, 5, 0.01)
			vary(q.Gamma, 7, 0.1)
			vary(q.Mu, 11, 0.001)
		}, nil},
		{"every parameter distinct", 257, func(q *EulerRates, _, _, _ []int64, _ []float64) {
			for _, v := range [][]float64{q.R0, q.Sigma, q.Gamma, q.Mu, q.Alpha, q.Iota, q.SigmaSE, q.Amplitude} {
				vary(v, 1, v[0]*1e-3)
			}
		}, nil},
		{"spatPomp beta", 300, func(q *EulerRates, _, _, _ []int64, _ []float64) {
			q.Spatpomp = true
			vary(q.R0, 4, 1)
		}, nil},
		{"estimated season", 300, func(q *EulerRates, _, _, _ []int64, _ []float64) {
			q.Seasonal, q.Season = false, make([]float64, len(q.R0))
			for j := range q.Season {
				q.Season[j] = 0.8 + 0.1*float64(j%3)
			}
		}, nil},
		{"towns' sigma_SE inside runs", 600, func(q *EulerRates, _, _, _ []int64, _ []float64) {
			vary(q.SigmaSE, 200, -0.01) // three towns of 200 particles: runs of 256 span two
		}, nil},
		{"no season", 100, func(q *EulerRates, _, _, _ []int64, _ []float64) { q.Seasonal = false }, nil},
		{"the term's edges", 100, nil, []float64{6.99, 7, 100, 100.01, 114.99, 115, 199, 199.5, 251.9, 252, 300, 300.2, 307.9, 308, 356, 356.1, 0, 365.2}},
		{"coupling", 300, func(q *EulerRates, _, _, _ []int64, _ []float64) {
			q.Coupling = make([]float64, len(q.R0))
			for j := range q.Coupling {
				q.Coupling[j] = float64(j%7-4) * 900
			}
		}, nil},
		{"edges", 300, func(q *EulerRates, s, _, i []int64, pop []float64) {
			for j := range pop {
				switch j % 9 {
				case 1:
					pop[j] = 0
				case 2:
					pop[j] = -1
				case 3:
					q.SigmaSE[j] = 0
				case 4:
					i[j], q.Iota[j] = 0, 0
				case 5:
					q.Alpha[j] = 1
				case 6:
					s[j] = 0
				case 7:
					q.Alpha[j] = 1.5 // beyond the SIMD power's range
				}
			}
		}, nil},
	}
	for _, c := range cases {
		for _, table := range []bool{false, true} {
			name := c.name + "/gammas"
			if table {
				name = c.name + "/table"
			}
			t.Run(name, func(t *testing.T) {
				checkEulerAgainstReference(t, c, table)
			})
		}
	}
}

// checkEulerAgainstReference runs one row of
// TestEulerSEIRBlockEqualsReference, its noise from a GammaTable when
// table and the noisy lanes share σ_SE.
func checkEulerAgainstReference(t *testing.T, c eulerCase, table bool) {
	q, s, e, i, r, pop := londonBlock(c.n)
	if c.edit != nil {
		c.edit(q, s, e, i, pop)
	}
	if table {
		q.Noise = new(noiseTables)
		q.Noise.set(q.SigmaSE, q.DT)
	}
	s2, e2, i2, r2 := append([]int64(nil), s...), append([]int64(nil), e...), append([]int64(nil), i...), append([]int64(nil), r...)
	got, want := make([]int64, c.n), make([]int64, c.n)
	src, src2 := rng.NewSource(5, "euler", 0), rng.NewSource(5, "euler", 0)
	for day := range 30 {
		if len(c.doys) > 0 {
			q.DOY = c.doys[day%len(c.doys)]
		}
		EulerSEIRBlock(src, s, e, i, r, pop, q, got)
		referenceEulerSEIRBlock(src2, s2, e2, i2, r2, pop, q, want)
	}
	assert.Equal(t, s2, s, "S")
	assert.Equal(t, e2, e, "E")
	assert.Equal(t, i2, i, "I")
	assert.Equal(t, r2, r, "R")
	assert.Equal(t, want, got, "cases")
	assert.Equal(t, rng.Uniform(src2), rng.Uniform(src), "the stream after the steps")
}

// londonBlock returns n patches at He et al.'s London MLE in an epidemic
// year (S ≈ 100 000, E and I ≈ 2 000, P = 3.3 million), day 50 (term).
func londonBlock(n int) (q *EulerRates, s, e, i, r []int64, pop []float64) {
	fill := func(v float64) []float64 {
		x := make([]float64, n)
		for k := range x {
			x[k] = v
		}
		return x
	}
	q = &EulerRates{R0: fill(56.8), Sigma: fill(28.9), Gamma: fill(30.4), Mu: fill(0.02), Alpha: fill(0.976),
		Iota: fill(2.9), SigmaSE: fill(0.0878), Amplitude: fill(0.554), DOY: 50, Seasonal: true, DT: 1 / YearDays}
	s, e, i, r, pop = make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]float64, n)
	for k := range s {
		s[k], e[k], i[k], r[k], pop[k] = 100000+int64(k), 2000, 2000+int64(k%13), 3200000, 3.3e6
	}
	return q, s, e, i, r, pop
}

// TestNoiseTables checks when EulerSEIR draws its noise from a table: one
// table per distinct σ_SE > 0 (patches without noise do not count, equal
// neighbours are one value), its shape the kernel's dt/σ_SE² to the bit,
// kept from step to step; more distinct values than maxNoiseTables
// (perturbed particles) turn the tables off.
func TestNoiseTables(t *testing.T) {
	// He et al.'s London σ_SE and another town's; variables, so that
	// dt/σ_SE² below is float64 arithmetic as in the kernel.
	dt, a, b := 1/YearDays, 0.0878, 0.0629
	var n noiseTables
	n.set([]float64{a, a, 0, b, b, a}, dt)
	assert.Len(t, n.byBits, 2)
	for _, sse := range []float64{a, b} {
		tab := n.table(sse)
		require.NotNil(t, tab, "σ_SE %g", sse)
		assert.Equal(t, math.Float64bits(dt/(sse*sse)), math.Float64bits(tab.Shape()))
	}
	assert.Nil(t, n.table(math.Nextafter(a, 1)), "one ulp apart: no table")
	kept := n.table(a)
	n.set([]float64{a, b}, dt)
	assert.Same(t, kept, n.table(a), "kept from step to step")

	perturbed := make([]float64, maxNoiseTables+1)
	for j := range perturbed {
		perturbed[j] = a * (1 + float64(j)*1e-6) // IF2's random walk: every particle its own σ_SE
	}
	n.set(perturbed, dt)
	assert.Nil(t, n.table(a), "too many values: Gammas")
	n.set([]float64{0, 0}, dt)
	assert.Nil(t, n.table(0), "no noise: no table")
	var none *noiseTables
	assert.Nil(t, none.table(a), "no tables at all")
}
