package fit

import (
	"fmt"
	"math"
	"testing"

	"github.com/rubeola/rubeola/rng"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// measureAssertLog asserts got ≈ want for log densities: both −Inf, or
// |got − want| ≤ 10⁻⁹·max(1, |want|) (absolute 10⁻⁹ on the log for |want| ≤ 1,
// relative 10⁻⁹ beyond).
func measureAssertLog(t *testing.T, want, got float64, msg string) {
	t.Helper()
	if math.IsInf(want, -1) {
		assert.True(t, math.IsInf(got, -1), "%s: got %.17g, want -Inf", msg, got)
		return
	}
	assert.InDelta(t, want, got, 1e-9*max(1, math.Abs(want)), msg)
}

func TestMeasureByName(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Measurement
	}{
		{"he2010", He2010Measurement{}},
		{"binomial", BinomialMeasurement{}},
		{"negative_binomial", NegativeBinomialMeasurement{}},
	} {
		m, err := MeasurementByName(tc.name)
		require.NoError(t, err)
		assert.Equal(t, tc.want, m)
		assert.Equal(t, tc.name, m.Name())
	}
	assert.Equal(t, []string{"he2010", "binomial", "negative_binomial"}, MeasurementNames())
	for _, bad := range []string{"", "He2010", "negbin", "poisson"} {
		_, err := MeasurementByName(bad)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), fmt.Sprintf("%q", bad))
		assert.Contains(t, err.Error(), `"he2010", "binomial", "negative_binomial"`)
	}
}

// measureHe2010R holds pomp's he10 log dmeasure computed with R 4.2.2
// (2022-11-10 r83330, pnorm):
//
//	tol <- 1e-18; m <- rho*c; v <- m*(1-rho+psi*psi*m); s <- sqrt(v)+tol
//	r <- log(pnorm(y+0.5, m, s) - pnorm(y-0.5, m, s) + tol)  # y > 0
//	r <- log(pnorm(y+0.5, m, s) + tol)                       # y = 0
//
// ref evaluates the difference without cancellation: when y − ½ ≥ m as
// pnorm(y-0.5, m, s, lower.tail=FALSE) - pnorm(y+0.5, m, s, lower.tail=FALSE).
// pomp is the formula as pomp evaluates it (the plain difference), which
// rounds both terms near 1 above the mean: it equals ref to 10⁻⁹ except in the
// rows marked "upper tail" (y more than ~3.5 sd above m), where it loses
// digits or collapses to log(tol) = −41.4465. He2010Measurement must match
// ref (to 10⁻⁹, measureAssertLog).
var measureHe2010R = []struct {
	y, c      int64
	rho, psi  float64
	ref, pomp float64
}{
	// Grid: y ∈ {0, 1, 50, 3000}, c from 0 to 10 000, London's ρ and ψ.
	{0, 0, 0.488, 0.116, 0, 0},
	{1, 0, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{50, 0, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{3000, 0, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{0, 1, 0.488, 0.116, -0.67429473128905459, -0.67429473128905459},
	{1, 1, 0.488, 0.116, -0.75851840622280942, -0.7585184062228093},
	{50, 1, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{3000, 1, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{0, 10, 0.488, 0.116, -5.3939057111687818, -5.3939057111687818},
	{1, 10, 0.488, 0.116, -4.0451511383330008, -4.0451511383330008},
	{50, 10, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{3000, 10, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{0, 100, 0.488, 0.116, -23.250776042532166, -23.250776042532166},
	{1, 100, 0.488, 0.116, -22.944198312599386, -22.944198312599386},
	{50, 100, 0.488, 0.116, -2.9540663393253541, -2.954066339325355},
	{3000, 100, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{0, 1000, 0.488, 0.116, -37.430238938621294, -37.430238938621294},
	{1, 1000, 0.488, 0.116, -39.208349913943664, -39.208349913943664},
	{50, 1000, 0.488, 0.116, -32.760496171509551, -32.760496171509551},
	{3000, 1000, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	{0, 6000, 0.488, 0.116, -39.580504172962215, -39.580504172962215},
	{1, 6000, 0.488, 0.116, -41.315139993845428, -41.315139993845428},
	{50, 6000, 0.488, 0.116, -41.058415544757601, -41.058415544757601},
	{3000, 6000, 0.488, 0.116, -6.7754848095070406, -6.7754848095070894},
	{0, 10000, 0.488, 0.116, -39.744155997159901, -39.744155997159901}, // Φ ≈ 4·10⁻¹⁸ ≈ tol
	{1, 10000, 0.488, 0.116, -41.379608843690463, -41.379608843690463},
	{50, 10000, 0.488, 0.116, -41.311503854838733, -41.311503854838733},
	{3000, 10000, 0.488, 0.116, -12.733693177388234, -12.733693177388234},
	// Tails at c = 1000 (m = 488, sd 58.8).
	{20, 1000, 0.488, 0.116, -36.686173056707169, -36.686173056707169},
	{100, 1000, 0.488, 0.116, -26.782790022280764, -26.782790022280764},
	{700, 1000, 0.488, 0.116, -11.497958418254061, -11.497958418247837},  // upper tail, 3.6 sd
	{841, 1000, 0.488, 0.116, -23.028887795659738, -23.028888575480583},  // upper tail, 6 sd
	{900, 1000, 0.488, 0.116, -29.561843930578476, -29.562069363081005},  // upper tail, 7 sd
	{1000, 1000, 0.488, 0.116, -41.243203378534794, -41.446531673892821}, // upper tail, 8.7 sd
	{1100, 1000, 0.488, 0.116, -41.446531654505179, -41.446531673892821}, // upper tail, 10.4 sd: density 2·10⁻²⁶
	{1500, 1000, 0.488, 0.116, -41.446531673892821, -41.446531673892821},
	// Far lower tails (normal probabilities 10⁻³⁰⁰ and below: tol dominates).
	{0, 10000, 0.488, 0.02, -41.446531673892821, -41.446531673892821},
	{800, 10000, 0.488, 0.02, -41.446531673892821, -41.446531673892821}, // Φ ≈ 10⁻³⁰²
	{1500, 10000, 0.488, 0.02, -41.446531673892821, -41.446531673892821},
	{3000, 10000, 0.488, 0, -41.446531673892821, -41.446531673892821},
	{3100, 10000, 0.488, 0, -41.446531673892821, -41.446531673892821}, // Φ ≈ 10⁻²⁷⁸
	{4700, 10000, 0.488, 0, -11.314208526154795, -11.314208526154795},
	{4880, 10000, 0.488, 0, -4.8306901318179118, -4.8306901318179118},
	{5000, 10000, 0.488, 0, -7.7122538603253679, -7.712253860325375},
	{5200, 10000, 0.488, 0, -25.32180995990003, -25.321807620752175}, // upper tail, 6.4 sd
	{5500, 10000, 0.488, 0, -41.446531673892821, -41.446531673892821},
	{6700, 10000, 0.488, 0, -41.446531673892821, -41.446531673892821},
	// Degenerate variance (ρ = 1, ψ = 0: sd = tol) and ρ = 0.
	{5, 5, 1, 0, 0, 0},
	{6, 5, 1, 0, -41.446531673892821, -41.446531673892821},
	{4, 5, 1, 0, -41.446531673892821, -41.446531673892821},
	{0, 5, 0, 0.116, 0, 0},
	{1, 5, 0, 0.116, -41.446531673892821, -41.446531673892821},
	// Small counts and other parameters.
	{2, 1, 0.488, 0.116, -3.8125033934248869, -3.8125033934248878},
	{3, 1, 0.488, 0.116, -10.358416320850441, -10.358416320849004},
	{2, 3, 0.3, 0.5, -1.5341058017026303, -1.5341058017026303},
	{40, 100, 0.5, 0.8, -4.6463633742420791, -4.6463633742420791},
	{1, 100000, 0.6, 0.1, -41.446531660616422, -41.446531660616422},
	{65000, 100000, 0.6, 0.1, -9.9657773989983678, -9.9657773989983678},
}

func TestMeasureHe2010AgainstR(t *testing.T) {
	m := He2010Measurement{}
	var worst float64
	for _, tc := range measureHe2010R {
		got := m.LogDensity(tc.y, tc.c, tc.rho, tc.psi)
		measureAssertLog(t, tc.ref, got, fmt.Sprintf("y=%d c=%d rho=%g psi=%g", tc.y, tc.c, tc.rho, tc.psi))
		worst = max(worst, math.Abs(got-tc.ref))
	}
	t.Logf("largest |log density − R| over %d cases: %.3g", len(measureHe2010R), worst)
	assert.True(t, math.IsInf(m.LogDensity(-1, 10, 0.5, 0.1), -1), "negative report")
}

// measureBinomialR holds dbinom(y, c, rho, log=TRUE) computed with R 4.2.2.
var measureBinomialR = []struct {
	y, c int64
	rho  float64
	want float64
}{
	{0, 10, 0.488, -6.6943065394262922},
	{5, 10, 0.488, -1.4049235478466724},
	{10, 10, 0.488, -7.1743987312898998},
	{0, 10000, 0.488, -6694.3065394262921},
	{4880, 10000, 0.488, -4.8306984748679787},
	{5200, 10000, 0.488, -25.31499424712095},
	{10000, 10000, 0.488, -7174.3987312898989},
	{3, 100000, 1e-05, -2.7917644693613903},
	{0, 100000, 1e-05, -1.0000050000333336},
	{99990, 100000, 0.9999, -2.0785116407181778},
	{1, 1, 0.3, -1.2039728043259361},
	{0, 1, 0.3, -0.35667494393873245},
	{7, 1e7, 5e-07, -2.2590958240267076},
	{2500000, 5e6, 0.5, -7.938265637843914},
	// Edge cases (exact).
	{11, 10, 0.488, math.Inf(-1)},
	{-1, 10, 0.488, math.Inf(-1)},
	{0, 0, 0.488, 0},
	{0, 10, 0, 0},
	{1, 10, 0, math.Inf(-1)},
	{10, 10, 1, 0},
	{9, 10, 1, math.Inf(-1)},
}

func TestMeasureBinomialAgainstR(t *testing.T) {
	m := BinomialMeasurement{}
	for _, tc := range measureBinomialR {
		for _, psi := range []float64{0, 0.3} { // psi is ignored
			got := m.LogDensity(tc.y, tc.c, tc.rho, psi)
			measureAssertLog(t, tc.want, got, fmt.Sprintf("y=%d c=%d rho=%g", tc.y, tc.c, tc.rho))
		}
	}
	assert.True(t, math.IsNaN(m.LogDensity(1, 10, 1.5, 0)), "rho > 1")
	assert.True(t, math.IsNaN(m.LogDensity(1, 10, math.NaN(), 0)), "rho NaN")
}

// measureNegBinR holds the log pmf of the tracker's overdispersed report
// computed with R 4.2.2:
//
//	mu <- rho*c; w <- psi*psi*c
//	w > 1:   dnbinom(y, size=1/(psi*psi-1/c), mu=mu, log=TRUE)
//	w == 1:  dpois(y, mu, log=TRUE)
//	w > 0:   log(w*dpois(y, mu) + (1-w)*dbinom(y, c, rho))
//	w == 0:  dbinom(y, c, rho, log=TRUE)
var measureNegBinR = []struct {
	y, c     int64
	rho, psi float64
	want     float64
}{
	// ψ²C = 13.5: NB with k = 80.3.
	{0, 1000, 0.488, 0.116, -157.11833465678473},
	{100, 1000, 0.488, 0.116, -52.094123677050689},
	{488, 1000, 0.488, 0.116, -4.9936913433667467},
	{900, 1000, 0.488, 0.116, -21.972040643390194},
	{2000, 1000, 0.488, 0.116, -128.06355634748473},
	// ψ²C = 0.67: mixture (y > C only from the Poisson part).
	{0, 50, 0.488, 0.116, -24.796251297761305},
	{10, 50, 0.488, 0.116, -7.9378069053984346},
	{24, 50, 0.488, 0.116, -2.3974481810773631},
	{50, 50, 0.488, 0.116, -13.544917507072814},
	{51, 50, 0.488, 0.116, -14.282160007563791},
	{80, 50, 0.488, 0.116, -42.902780872084605},
	// ψ²C = 1 exactly: Poisson(μ).
	{0, 4, 0.5, 0.5, -2},
	{2, 4, 0.5, 0.5, -1.3068528194400546},
	{5, 4, 0.5, 0.5, -3.3217558399823193},
	// ψ = 0: binomial.
	{3, 10, 0.488, 0, -2.050842454203329},
	{11, 10, 0.488, 0, math.Inf(-1)},
	// ρ = 1, mixture of Poisson(C) and the point mass at C.
	{50, 50, 1, 0.1, -0.6383512714864189},
	{49, 50, 1, 0.1, -3.5697638609256743},
	{51, 50, 1, 0.1, -3.5895664882218541},
	// Large counts; ψ²C just above 1 (k = 10 100); strong overdispersion.
	{60000, 100000, 0.6, 0.1, -9.6196190032303441},
	{1, 100000, 0.6, 0.1, -635.79550624447143},
	{50, 101, 0.5, 0.1, -2.8815570043055683},
	{0, 101, 0.5, 0.1, -50.374169261494636},
	{1, 1, 0.5, 3, -2.5037648320483084},
	{30, 1, 0.5, 3, -11.892782819108753},
	{0, 20, 0.9, 2, -1.083051656782507},
	// Edge cases (exact).
	{0, 0, 0.5, 0.1, 0},
	{1, 0, 0.5, 0.1, math.Inf(-1)},
	{0, 10, 0, 0.1, 0},
	{-1, 10, 0.5, 0.1, math.Inf(-1)},
}

func TestMeasureNegativeBinomialAgainstR(t *testing.T) {
	m := NegativeBinomialMeasurement{}
	for _, tc := range measureNegBinR {
		got := m.LogDensity(tc.y, tc.c, tc.rho, tc.psi)
		measureAssertLog(t, tc.want, got, fmt.Sprintf("y=%d c=%d rho=%g psi=%g", tc.y, tc.c, tc.rho, tc.psi))
	}
}

// TestMeasureNegativeBinomialContinuity checks the law near ψ²C = 1, where it
// switches from the mixture to the negative binomial through Poisson(μ): just
// above, k is huge (10¹⁴ here, the Poisson-type expansion of dnbinom), just
// below the mixture is nearly all Poisson; both must be within 10⁻⁶ of the
// Poisson log pmf.
func TestMeasureNegativeBinomialContinuity(t *testing.T) {
	m := NegativeBinomialMeasurement{}
	const c, rho = 100, 0.4
	for _, eps := range []float64{1e-12, 1e-9, 1e-7} {
		for _, y := range []int64{0, 1, 40, 70, 100, 130} {
			pois := measLogPoisson(y, rho*c)
			for _, psi := range []float64{math.Sqrt((1 + eps) / c), math.Sqrt((1 - eps) / c)} {
				got := m.LogDensity(y, c, rho, psi)
				assert.InDelta(t, pois, got, 1e-6*max(1, math.Abs(pois)), "y=%d psi²c=%.15g", y, psi*psi*c)
			}
		}
	}
}

// measureMoments returns the total Σp of p(y) = exp(logPMF(y)) over
// y = 0 … hi and the mean and variance of p normalised by it.
func measureMoments(logPMF func(y int64) float64, hi int64) (total, mean, variance float64) {
	for y := int64(0); y <= hi; y++ {
		p := math.Exp(logPMF(y))
		total += p
		mean += float64(y) * p
	}
	mean /= total
	for y := int64(0); y <= hi; y++ {
		d := float64(y) - mean
		variance += d * d * math.Exp(logPMF(y))
	}
	return total, mean, variance / total
}

// measureCases are the (c, ρ, ψ) of the sum, moment and sampler checks: every
// branch of the negative binomial model (ψ = 0, mixture, ψ²C = 1, NB) and
// London-like magnitudes.
var measureCases = []struct {
	c        int64
	rho, psi float64
}{
	{0, 0.488, 0.116},
	{1, 0.488, 0.116},
	{7, 0.3, 0},
	{50, 0.488, 0.116},  // mixture, w = 0.67
	{50, 1, 0.1},        // mixture with the point mass at C
	{4, 0.5, 0.5},       // ψ²C = 1: Poisson
	{200, 0.488, 0.116}, // NB, k = 1 / (0.0135 − 0.005)
	{1000, 0.488, 0.116},
	{4000, 0.488, 0.116},
	{30, 0.7, 3},    // strong overdispersion, k < 1
	{10000, 0.9, 0}, // binomial, large C
}

// TestMeasurePMFSumsToOne: the binomial and negative binomial pmfs sum to 1
// over y within 10⁻¹⁰ (window μ ± 60 sd, beyond which the mass is below
// 10⁻¹⁵ even for the k < 1 case's heavier tail), with mean ρC and variance
// ρC(1 − ρ) (binomial) and ρC(1 − ρ) + ψ²(ρC)² (negative binomial) to 10⁻⁸
// relative. He2010's probabilities without tol telescope to Φ(∞) = 1.
func TestMeasurePMFSumsToOne(t *testing.T) {
	for _, tc := range measureCases {
		name := fmt.Sprintf("c=%d rho=%g psi=%g", tc.c, tc.rho, tc.psi)
		mu := tc.rho * float64(tc.c)
		for _, model := range []Measurement{BinomialMeasurement{}, NegativeBinomialMeasurement{}, He2010Measurement{}} {
			wantVar := mu * (1 - tc.rho)
			if model.Name() != MeasurementBinomial {
				wantVar += tc.psi * tc.psi * mu * mu
			}
			hi := int64(mu + 60*math.Sqrt(wantVar) + 60)
			if tc.psi > 1 {
				hi = int64(mu*2000 + 2000) // heavy NB tail (k = 0.11)
			}
			logPMF := func(y int64) float64 { return model.LogDensity(y, tc.c, tc.rho, tc.psi) }
			if model.Name() == MeasurementHe2010 {
				logPMF = func(y int64) float64 {
					return math.Log(math.Max(0, math.Exp(model.LogDensity(y, tc.c, tc.rho, tc.psi))-he2010Tol))
				}
			}
			total, mean, variance := measureMoments(logPMF, hi)
			assert.InDelta(t, 1, total, 1e-10, "%s %s: Σ pmf", model.Name(), name)
			if model.Name() == MeasurementHe2010 {
				continue // a rounded, truncated normal: moments only approximate
			}
			assert.InDelta(t, mu, mean, 1e-8*max(1, mu), "%s %s: mean", model.Name(), name)
			assert.InDelta(t, wantVar, variance, 1e-8*max(1, wantVar), "%s %s: variance", model.Name(), name)
		}
	}
}

// Sampler checks. Each case draws measureDraws reports from its own fixed
// stream rng.NewSource(measureSeed, <case>, 0), so the test is deterministic.
// Pearson's statistic over bins merged until each expects ≥ 20 draws (tails
// pooled into the last bin) must stay below the 1 − 10⁻³/33 quantile of its
// chi-square law. The family-wise false-alarm rate of a full run is then at
// most 10⁻³ (Bonferroni: 11 cases × 3 measurements = 33 checks, each failing
// a correct sampler with probability 10⁻³/33 = 3.0·10⁻⁵); the seeds are
// fixed, so a pass is reproducible. Power (checked when the test was
// written, at the 1 − 10⁻⁴ quantile, whose limit is a few units lower): a
// mixture weight or NB size k wrong by 5 % exceeds the limit in 5 of the 6
// overdispersed cases (the statistic rises by 50 to 450), a wrong branch by
// far more.
// The minimum of 20 rather than the textbook 5: with hundreds of bins of
// expectation ≈ 5 in the long tail of the k = 0.11 negative binomial the
// statistic's spread exceeds the chi-square law's (one seed gave p = 3·10⁻⁵
// at 5, with p between 0.2 and 0.9 for four other seeds and for 2·10⁶ draws).
const (
	measureSeed        = 20100315
	measureDraws       = 200_000
	measureChecks      = 33 // len(measureCases) × 3 measurements
	measureChiLvl      = 1 - 1e-3/measureChecks
	measureMinExpected = 20
)

func TestMeasureSampleMatchesPMF(t *testing.T) {
	draws := measureDraws
	if testing.Short() {
		draws /= 4
	}
	measurements := []Measurement{BinomialMeasurement{}, NegativeBinomialMeasurement{}, He2010Measurement{}}
	require.LessOrEqual(t, len(measureCases)*len(measurements), measureChecks, "the false-alarm budget counts every check")
	for _, tc := range measureCases {
		for _, model := range measurements {
			name := fmt.Sprintf("%s c=%d rho=%g psi=%g", model.Name(), tc.c, tc.rho, tc.psi)
			pmf := func(y int64) float64 {
				p := math.Exp(model.LogDensity(y, tc.c, tc.rho, tc.psi))
				if model.Name() == MeasurementHe2010 {
					p = math.Max(0, p-he2010Tol) // the sampler has no tol
				}
				return p
			}
			src := rng.NewSource(measureSeed, name, 0)
			counts := map[int64]float64{}
			var maxY int64
			for range draws {
				y := model.Sample(src, tc.c, tc.rho, tc.psi)
				counts[y]++
				maxY = max(maxY, y)
			}
			for y := range counts {
				require.Positive(t, pmf(y), "%s: drew %d, outside the support", name, y)
			}
			stat, df := measureChiSquare(counts, float64(draws), pmf, maxY)
			if df == 0 {
				continue // a point mass, checked above
			}
			limit := distuv.ChiSquared{K: df}.Quantile(measureChiLvl)
			assert.Less(t, stat, limit, "%s: chi-square %.1f with %g degrees of freedom", name, stat, df)
		}
	}
}

// measureChiSquare returns Pearson's statistic and its degrees of freedom for
// the observed counts of n draws against pmf: cells y = 0 … maxY merged from
// 0 upward until each expects ≥ measureMinExpected draws, the remainder and the mass above
// maxY (observed 0) pooled into the last bin.
func measureChiSquare(counts map[int64]float64, n float64, pmf func(y int64) float64, maxY int64) (stat, df float64) {
	var bins [][2]float64 // observed, expected
	var obs, exp, mass float64
	for y := int64(0); y <= maxY; y++ {
		p := pmf(y)
		mass += p
		obs += counts[y]
		exp += n * p
		if exp >= measureMinExpected {
			bins = append(bins, [2]float64{obs, exp})
			obs, exp = 0, 0
		}
	}
	exp += n * max(0, 1-mass)
	if len(bins) == 0 {
		return 0, 0
	}
	bins[len(bins)-1][0] += obs
	bins[len(bins)-1][1] += exp
	for _, b := range bins {
		stat += (b[0] - b[1]) * (b[0] - b[1]) / b[1]
	}
	return stat, float64(len(bins) - 1)
}

// TestMeasureZeroAllocs: LogDensity and Sample allocate nothing, called
// through the interface as a particle filter does.
func TestMeasureZeroAllocs(t *testing.T) {
	src := rng.NewSource(measureSeed, "allocs", 0)
	for _, model := range []Measurement{He2010Measurement{}, BinomialMeasurement{}, NegativeBinomialMeasurement{}} {
		var sink float64
		var isink int64
		allocs := testing.AllocsPerRun(1000, func() {
			for _, c := range []int64{0, 3, 50, 1000} {
				sink += model.LogDensity(c/2, c, 0.488, 0.116)
				isink += model.Sample(src, c, 0.488, 0.116)
			}
		})
		assert.Zero(t, allocs, model.Name())
		_, _ = sink, isink
	}
}

// TestMeasureSampleEdges: draws at degenerate parameters, and the tracker's
// stream consumption (ρ = 1 with ψ = 0 and μ = 0 draw nothing).
func TestMeasureSampleEdges(t *testing.T) {
	for _, model := range []Measurement{BinomialMeasurement{}, NegativeBinomialMeasurement{}} {
		src := rng.NewSource(measureSeed, "edges", 0)
		ref := rng.NewSource(measureSeed, "edges", 0)
		assert.Equal(t, int64(0), model.Sample(src, 0, 0.5, 0.1), model.Name())
		assert.Equal(t, int64(0), model.Sample(src, 10, 0, 0.1), model.Name())
		assert.Equal(t, int64(10), model.Sample(src, 10, 1, 0), model.Name())
		assert.Equal(t, ref.Uint64(), src.Uint64(), "%s: no random numbers consumed", model.Name())
	}
	src := rng.NewSource(measureSeed, "he-edges", 0)
	m := He2010Measurement{}
	assert.Equal(t, int64(0), m.Sample(src, 0, 0.5, 0.1))
	assert.Equal(t, int64(7), m.Sample(src, 7, 1, 0)) // sd = tol
	assert.Equal(t, int64(0), m.Sample(src, 7, 0, 0.1))
}

// TestHe2010NarrowSeries: wherever LogDensity takes the series
// (he2010LogNarrow), it equals the erfc form (he2010LogWide) within 10⁻¹²
// + 3·10⁻¹⁴/(h·max(|x|, 1)) on the log. The series' omitted terms are below
// 10⁻¹² relative (he2010NarrowMax); the erfc form's two terms agree to
// about h·max(|x|, 1) relative, so their difference magnifies their
// error (up to about 3·10⁻¹⁴ relative in the far tail) by its inverse
// (1.4·10⁻¹¹ at c = 10⁶ and 7.5 sd, 1.6·10⁻¹¹ at c = 10⁵, ρ = 0.9 and 7.5
// sd, 1.8·10⁻¹⁰ at ψ = 0.5 and 3.5 sd, where mpmath at 50 digits sides
// with the series to 10⁻¹⁴: the three cases below; the fourth pins the
// addition of tol). The grid: London's ρ and ψ, ψ = 0 and 0.5, true counts
// from 40 (s ≈ 4.6: the series never applies) and 150 (s ≈ 10: it applies
// near the mean, where its last term counts 4·10⁻¹¹) to 10⁶, reports from 10
// sd below to 13 sd above the mean; some case must take each path.
func TestHe2010NarrowSeries(t *testing.T) {
	var narrow, wide int
	for _, rho := range []float64{0.488, 0.1, 0.9} {
		for _, psi := range []float64{0.116, 0, 0.5} {
			for _, c := range []int64{40, 150, 200, 300, 1000, 6000, 100_000, 1_000_000} {
				m := rho * float64(c)
				s := math.Sqrt(m*(1-rho+psi*psi*m)) + he2010Tol
				for z := -10.0; z <= 13; z += 0.25 {
					y := math.Round(m + z*s)
					if y < 1 {
						continue
					}
					h := 1 / s
					x := (y - m) * h
					if h*h*(x*x+8) >= he2010NarrowMax {
						wide++
						continue
					}
					narrow++
					want := he2010LogWide(y, m, s)
					got := He2010Measurement{}.LogDensity(int64(y), c, rho, psi)
					require.InDelta(t, want, got, 1e-12+3e-14/(h*max(math.Abs(x), 1)), "y=%g c=%d rho=%g psi=%g (%.2f sd)", y, c, rho, psi, x)
				}
			}
		}
	}
	assert.Positive(t, narrow)
	assert.Positive(t, wide)
	t.Logf("%d cases by the series, %d by erfc", narrow, wide)
	// mpmath 1.3 at 50 digits: log(ncdf((y+0.5-m)/s) - ncdf((y-0.5-m)/s) + 1e-18)
	// with m = 0.488·10⁶, s = sqrt(m·(1 − 0.488 + 0.116²·m)) + 10⁻¹⁸.
	assert.InDelta(t, -39.778845862356451, He2010Measurement{}.LogDensity(63423, 1_000_000, 0.488, 0.116), 1e-13)
	assert.InDelta(t, -19.448867119176421, He2010Measurement{}.LogDensity(1_342_002, 1_000_000, 0.488, 0.5), 1e-13)
	assert.InDelta(t, -38.255225127613507, He2010Measurement{}.LogDensity(11_697, 100_000, 0.9, 0.116), 1e-13)
	// And one where tol is added by log1p's series (log d ≈ −15.1; the erfc
	// form agrees here).
	assert.InDelta(t, -15.109477342160660, He2010Measurement{}.LogDensity(56, 300, 0.488, 0.116), 1e-13)
}
