package mixing

import (
	"math"
	"math/rand/v2"
)

// clusteredPoints returns n points in a 1 000 km box over Nigeria (lat 4–14°N,
// lon 3–15°E, issue 27): 300 cluster centres with Pareto(α = 1.2) weights, so
// a few clusters (cities) hold most points, each point at a Gaussian offset
// of 0.05° (≈ 5 km) times a per-cluster spread in [0.2, 2] from its centre.
// Points are rounded to 1e−5° (about 1 m) and coincident ones moved apart
// by that step, so a power-law kernel is finite everywhere.
func clusteredPoints(n int, seed uint64) (lat, lon []float64) {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	const clusters = 300
	cl, cn, sp, cum := make([]float64, clusters), make([]float64, clusters), make([]float64, clusters), make([]float64, clusters)
	total := 0.0
	for c := range clusters {
		cl[c], cn[c] = 4+10*r.Float64(), 3+12*r.Float64()
		sp[c] = 0.2 + 1.8*r.Float64()
		total += math.Pow(1-r.Float64(), -1/1.2)
		cum[c] = total
	}
	seen := make(map[[2]int64]bool, n)
	lat, lon = make([]float64, n), make([]float64, n)
	for i := range n {
		u := r.Float64() * total
		c := 0
		for cum[c] < u {
			c++
		}
		la := min(max(cl[c]+0.05*sp[c]*r.NormFloat64(), 3), 15)
		lo := min(max(cn[c]+0.05*sp[c]*r.NormFloat64(), 2), 16)
		key := [2]int64{int64(math.Round(la * 1e5)), int64(math.Round(lo * 1e5))}
		for seen[key] {
			key[1]++
		}
		seen[key] = true
		lat[i], lon[i] = float64(key[0])/1e5, float64(key[1])/1e5
	}
	return lat, lon
}

// uniformPoints returns n points uniform on the sphere (area-uniform).
func uniformPoints(n int, seed uint64) (lat, lon []float64) {
	r := rand.New(rand.NewPCG(seed, 0xface))
	lat, lon = make([]float64, n), make([]float64, n)
	for i := range n {
		lat[i] = math.Asin(2*r.Float64()-1) / degToRad
		lon[i] = 360*r.Float64() - 180
	}
	return lat, lon
}
