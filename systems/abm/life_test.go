package abm

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/rng"
)

// TestStableAgeRate: k solves b·(1 − e^(−kA))/k = 1 (to 1e−12), is b
// without a maximum age, positive when b·A > 1, 0 at b·A = 1 and negative
// below (b per day, A in days: 20 and 5 per 1000 per year, 100 years).
func TestStableAgeRate(t *testing.T) {
	const maxAge = 100 * daysPerYear
	cases := []struct {
		name string
		b    float64
		sign float64
	}{
		{"b·A = 2", perDay(20), 1},
		{"b·A = 1", 1.0 / maxAge, 0},
		{"b·A = 0.5", perDay(5), -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := stableAgeRate(c.b, maxAge)
			assert.InDelta(t, 1, c.b*lifeIntegral(k, maxAge), 1e-12)
			switch c.sign {
			case 1:
				assert.Positive(t, k)
			case 0:
				assert.InDelta(t, 0, k*maxAge, 1e-9)
			default:
				assert.Negative(t, k)
			}
		})
	}
	assert.Equal(t, perDay(20), stableAgeRate(perDay(20), 0), "no maximum age: k = b")
}

// TestCrudeLifeTruncated: ages and deaths stay below the maximum age, the
// ages' mean is the truncated density's, 1/k − A/(e^(kA) − 1) (k < 0 here:
// CBR 5, the old outnumber the young; 10⁵ draws of sd < A/√12·1.1 give a
// standard error < 0.1 years; tolerance 0.5 years), and a death is at
// least one day away.
func TestCrudeLifeTruncated(t *testing.T) {
	const maxAge = 100 * daysPerYear
	l := newCrudeLife(perDay(5), perDay(8), maxAge, false)
	src := rng.NewSource(1, "life", 0)
	const n = 100_000
	var sum float64
	for range n {
		a := l.age(src)
		assert.Less(t, a, int32(maxAge))
		d := l.deathDay(src, a, 10)
		assert.Greater(t, d, int32(10))
		assert.LessOrEqual(t, d-10+a, max(int32(maxAge), a+1))
		sum += float64(a)
	}
	k := l.ageRate
	want := 1/k - maxAge/math.Expm1(k*maxAge)
	assert.InDelta(t, want/daysPerYear, sum/n/daysPerYear, 0.5)
}
