package mapdata

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waveData is weekly data of places on the parallel 52°N east of a
// reference at 0°: place i at km[i] from it has reported cases
// 1000·(1 + cos(2π(t − km[i]/speed)/cycle)) in week t — a wave travelling
// at speed km per week with a cycle of cycle weeks — for weeks weeks.
func waveData(km []float64, speed, cycle float64, weeks int) *Data {
	n := len(km)
	p := &Places{}
	for i, x := range km {
		lon := x / (degKm * math.Cos(52*math.Pi/180)) // along the parallel: a little shorter than the great circle
		p.IDs = append(p.IDs, itoa(i))
		p.Lat, p.Lon = append(p.Lat, 52), append(p.Lon, lon)
		p.X, p.Y = append(p.X, 0), append(p.Y, 0)
		p.Pop = append(p.Pop, 1e6/float64(i+1)) // place 0 the largest
		p.Patches = append(p.Patches, 1)
	}
	d := &Data{Places: p, StepDays: 1, PeriodTicks: 7, States: []string{Cases}, values: map[string][]float32{}}
	v := make([]float32, weeks*n)
	for t := range weeks {
		d.Dates = append(d.Dates, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*t))
		for i := range n {
			v[t*n+i] = float32(1000 * (1 + math.Cos(2*math.Pi*(float64(t)-km[i]/speed)/cycle)))
		}
	}
	d.values[Cases] = v
	return d
}

func TestPhaseLags(t *testing.T) {
	km := []float64{0, 50, 100, 150, 200, 250, 300, 350, 400}
	for _, c := range []struct {
		name         string
		speed, cycle float64
		weeks, skip  int
	}{
		// A biennial cycle (104 weeks) moving at 10 km a week: lags up to
		// 40 weeks, within half a cycle.
		{"biennial, 10 km/week", 10, 104, 1040, 0},
		{"biennial, 10 km/week, burn-in skipped", 10, 104, 1040, 260},
		// An annual cycle at 20 km a week: lags up to 20 weeks.
		{"annual, 20 km/week", 20, 52, 520, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := waveData(km, c.speed, c.cycle, c.weeks)
			m, ok := d.Incidence()
			require.True(t, ok)
			w, err := PhaseLags(d, m, c.skip)
			require.NoError(t, err)
			assert.Equal(t, 0, w.Reference)
			assert.Equal(t, c.skip, w.Skipped)
			// The periodogram's peak lies on the grid of k/n cycles a
			// week: within one step of the true cycle.
			assert.InEpsilon(t, c.cycle, w.CycleWeeks, 0.1)
			require.Len(t, w.Lags, len(km)-1)
			for _, l := range w.Lags {
				// Distances are great-circle, the wave's along the
				// parallel: 0.2 % longer at 400 km; the phase of a pure
				// cosine is exact up to the band-pass's leakage at the
				// series' ends. Tolerance: 3 % of the lag plus 0.3 weeks.
				want := km[l.Place] / c.speed
				assert.InDelta(t, want, l.LagWeeks, 0.03*want+0.3, "place at %g km", km[l.Place])
				assert.InDelta(t, km[l.Place], l.DistanceKm, 0.01*km[l.Place]+1e-9)
				assert.Greater(t, l.Coherence, 0.9)
			}
			assert.InEpsilon(t, c.speed, w.SpeedKmPerWeek(), 0.05, "speed from the fitted slope")
		})
	}
}

func TestPhaseLagsNoCycle(t *testing.T) {
	d := waveData([]float64{0, 100}, 10, 104, 200)
	clear(d.values[Cases])
	m, _ := d.Incidence()
	_, err := PhaseLags(d, m, 0)
	assert.ErrorIs(t, err, ErrNoCycle, "no cases anywhere")
	_, err = PhaseLags(d, m, 198)
	assert.ErrorIs(t, err, ErrNoCycle, "two weeks left")
	w := &Waves{SlopeWeeksPerKm: -0.1}
	assert.True(t, math.IsNaN(w.SpeedKmPerWeek()), "no speed for a wave arriving earlier farther away")
}
