package mixing

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDistRowKernelsBitIdentical runs every distance row kernel this CPU
// supports (AVX-512, AVX2, pure Go) on random points over the whole globe
// plus edge cases (the same point, antipodes, the antimeridian, poles,
// nearby points) and requires the bits of haversine and of 1/(d·√d), for
// row lengths with and without a tail (not a multiple of 8).
func TestDistRowKernelsBitIdentical(t *testing.T) {
	impls := distRowImpls()
	t.Logf("distance row kernels on this CPU: %d (best: %s)", len(impls), impls[0].name)
	r := rand.New(rand.NewPCG(21, 22))
	const n = 203
	lat, lon := make([]float64, n), make([]float64, n)
	for k := range n {
		lat[k] = -90 + 180*r.Float64()
		lon[k] = -180 + 360*r.Float64()
	}
	// Edge cases at the start of the row (point 0 is the origin point).
	edges := [][2]float64{{10, 20}, {10, 20}, {-10, -160}, {10, 20.0000001}, {90, 0}, {-90, 0},
		{10, -180}, {10, 180}, {0, 179.99}, {0, -179.99}, {10.000001, 20}, {-10, 20}}
	for k, e := range edges {
		lat[k], lon[k] = e[0], e[1]
	}
	co := newCoords(lat, lon)
	for _, decay := range []bool{false, true} {
		for _, origin := range []int{0, 6, 8, 57} {
			for _, length := range []int{1, 7, 8, 9, 16, 31, n} {
				var want []float64
				for _, impl := range impls {
					out := make([]float64, length)
					old := distRowImpl
					distRowImpl = impl.fn
					co.distRow(out, origin, n-length, decay)
					distRowImpl = old
					if want == nil {
						want = out
						continue
					}
					require.Equal(t, bits(want), bits(out), "%s, decay %v, origin %d, length %d", impl.name, decay, origin, length)
				}
			}
			out := make([]float64, n)
			co.distRow(out, origin, 0, decay)
			for j := range n {
				d := co.dist(origin, j)
				if decay {
					d = 1 / (d * math.Sqrt(d))
				}
				require.Equal(t, math.Float64bits(d), math.Float64bits(out[j]), "row equals dist, %d–%d", origin, j)
			}
		}
	}
}

// TestPolynomialTrig checks the polynomial sine and arcsine against the
// standard library: math.Sin, and asin(h) = atan2(h, √((1−h)(1+h))) (more
// accurate near 1 than math.Asin, whose 1 − h² cancels). Each side is
// within about 2 ulp of the true value, so they may differ by 4 ulp:
// 8.9e−16 relative (measured worst over 10⁶ points: 6.1e−16). Haversine keeps the SPEC §7.1
// check values and agrees with the same formula on math.Sin and refAsin to
// 1e−14 relative even for points a metre apart: the polynomials add no
// cancellation (the inputs are the same radian differences).
func TestPolynomialTrig(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const ulp4 = 8.9e-16 // 4 ulp relative (4·2^−52)
	for range 100000 {
		x := (r.Float64()*2 - 1) * math.Pi / 2
		assert.InEpsilon(t, math.Sin(x), sinSmall(x), ulp4, "sin(%v)", x)
		h := r.Float64()
		assert.InEpsilon(t, refAsin(h), asinUnit(h), ulp4, "asin(%v)", h)
		tiny := math.Ldexp(r.Float64(), -r.IntN(60))
		assert.InEpsilon(t, math.Sin(tiny), sinSmall(tiny), ulp4, "sin(%v)", tiny)
		assert.InEpsilon(t, refAsin(tiny), asinUnit(tiny), ulp4, "asin(%v)", tiny)
	}
	assert.Equal(t, 1.0, asinUnit(1)/(math.Pi/2))
	assert.InDelta(t, 853.3593, Haversine(40, 4, 34, 10), 5e-5)
	assert.InDelta(t, 111.1949, Haversine(0, 0, 0, 1), 5e-5)
	old := func(lat1, lon1, lat2, lon2 float64) float64 {
		p1, p2 := lat1*degToRad, lat2*degToRad
		s1 := math.Sin((p2 - p1) / 2)
		s2 := math.Sin((lon2*degToRad - lon1*degToRad) / 2)
		a := s1*s1 + math.Cos(p1)*math.Cos(p2)*s2*s2
		return 2 * EarthRadiusKm * refAsin(min(math.Sqrt(a), 1))
	}
	for range 20000 {
		lat, lon := -89+178*r.Float64(), -179+358*r.Float64()
		for _, dd := range []float64{1e-5, 1e-3, 0.1, 10} { // ≈ 1 m … 1 000 km
			lat2, lon2 := lat+dd*(r.Float64()-0.5), lon+dd*(r.Float64()-0.5)
			assert.InEpsilon(t, old(lat, lon, lat2, lon2), Haversine(lat, lon, lat2, lon2), 1e-14)
		}
	}
}

// refAsin is asin(h) for h ∈ [0, 1] by atan2, accurate to about 2 ulp.
func refAsin(h float64) float64 { return math.Atan2(h, math.Sqrt((1-h)*(1+h))) }
