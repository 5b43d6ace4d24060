package abm

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/rng"
)

// TestDiseaseTimersMoments draws the default latent (lognormal, mean 6, sd
// 2) and infectious (gamma, mean 8, sd 2) periods: rounded to whole days
// (≥ 1), their means stay within 0.05 days of 6 and 8 (rounding to the
// nearest day shifts a smooth density's mean by far less; the standard
// error of the mean of 10⁵ draws is 2/√10⁵ ≈ 0.006 days, so 0.05 is 8
// standard errors) and their standard deviations within 3 % of 2 (rounding
// adds 1/12 day² of variance: √(4 + 1/12) ≈ 2.02).
func TestDiseaseTimersMoments(t *testing.T) {
	d := newDiseaseTimers(DefaultABMInfectionParams())
	const n = 100_000
	for _, c := range []struct {
		name string
		draw func(*rng.Source) int32
		mean float64
	}{{"latent", d.latent, 6}, {"infectious", d.infectious, 8}} {
		src := rng.NewSource(3, c.name, 0)
		var s1, s2 float64
		for range n {
			x := float64(c.draw(src))
			assert.GreaterOrEqual(t, x, 1.0)
			s1 += x
			s2 += x * x
		}
		m := s1 / n
		assert.InDelta(t, c.mean, m, 0.05, c.name)
		assert.InEpsilon(t, 2, math.Sqrt(s2/n-m*m), 0.03, c.name)
	}
}

// TestABMInfectionParamsValidate lists each rejected value.
func TestABMInfectionParamsValidate(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*ABMInfectionParams)
		want string
	}{
		{"exp_mu", func(p *ABMInfectionParams) { p.ExpMu = 0 }, "exp_mu must be a finite number of days > 0"},
		{"inf_sigma", func(p *ABMInfectionParams) { p.InfSigma = math.Inf(1) }, "inf_sigma must be"},
		{"beta", func(p *ABMInfectionParams) { p.Beta = -1 }, "beta"},
		{"seasonality", func(p *ABMInfectionParams) { p.Seasonality = 2 }, "seasonality must be in [0, 1]"},
	} {
		p := DefaultABMInfectionParams()
		c.edit(&p)
		assert.ErrorContains(t, p.Validate(), c.want, c.name)
	}
	assert.NoError(t, DefaultABMInfectionParams().Validate())
	_, err := DecodeABMInfectionParams([]byte(`{"inf_mu": 8}`))
	assert.ErrorContains(t, err, "inf_mean")
}
