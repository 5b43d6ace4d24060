package scenario

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/rubeola/rubeola/rng"
)

// ClusteredOptions shapes the country drawn by [Clustered]. The zero value is
// not the default; start from [DefaultClusteredOptions].
type ClusteredOptions struct {
	LatMin, LatMax float64 // the box holding every patch, degrees; LatMin < LatMax, inside [-90, 90]
	LonMin, LonMax float64 // LonMin < LonMax, inside [-180, 180]
	// ZipfExponent s: cluster k (1-based rank) holds a share ∝ k^−s of the
	// patches, and its city k^−s of LargestCity people; > 0.
	ZipfExponent float64
	LargestCity  int64 // population of the rank-1 city; in [1, 2^53/n]
	// MaxCellPop is the most people in one patch where a cluster has
	// room: a city is spread over ⌈pop/MaxCellPop⌉ contiguous cells and a
	// village holds at most MaxCellPop; in [1, LargestCity].
	MaxCellPop    int64
	CountryPop    int64   // expected total population; the villages' median follows from it; in [1, 2^53]
	VillageSigma  float64 // log-sd of the non-city (village) populations; >= 0
	SpacingKm     float64 // distance between neighbouring patches at a cluster's core, km; > 0
	MCV1South     float64 // coverage trend at LatMin, in [0, 1]
	MCV1North     float64 // coverage trend at LatMax, in [0, 1]
	MCV1Wave      float64 // amplitude of the smooth waves around the trend, in [0, 1]
	WavelengthDeg float64 // wavelength of the waves, degrees; > 0
}

// DefaultClusteredOptions returns Nigeria-like defaults: the box lat 4.3–13.9,
// lon 2.7–14.7 (Nigeria's extent, rounded outwards to 0.1°); Zipf exponent 1
// (Zipf's law for city sizes, Gabaix 1999); the largest city 15 000 000
// (Lagos) spread over cells of at most 50 000 people (the densest 1 km
// cells of Lagos and Kano in WorldPop hold 40 000–60 000; a 15 000 000
// city in one patch makes a gravity migration row sum above 1 at the
// reference k = 0.01); a country of 220 000 000 people (Nigeria, 2023); villages
// log-normal with log-sd 1.5 (a 95 % range of a factor 360 around the median,
// as between the sparse and dense cells of a 1 km population raster);
// 1 km between patches at a cluster's core (a 1 km raster); coverage falling
// from 0.8 in the south to 0.3 in the north (the pattern of Nigeria's DHS
// MCV1 estimates) with waves of amplitude 0.1 and wavelength 3°.
func DefaultClusteredOptions() ClusteredOptions {
	return ClusteredOptions{
		LatMin: 4.3, LatMax: 13.9, LonMin: 2.7, LonMax: 14.7,
		ZipfExponent:  1,
		LargestCity:   15_000_000,
		MaxCellPop:    50_000,
		CountryPop:    220_000_000,
		VillageSigma:  1.5,
		SpacingKm:     1,
		MCV1South:     0.8,
		MCV1North:     0.3,
		MCV1Wave:      0.1,
		WavelengthDeg: 3,
	}
}

// Constants of the Clustered construction.
const (
	// clusteredCoordScale rounds coordinates to 1e-5° (about 1.1 m), so that
	// a CSV holds short numbers; distinct patches stay distinct (redrawn).
	clusteredCoordScale = 1e5
	// clusteredMCV1Scale rounds coverages to 1e-4, far below any survey's
	// precision, for the same reason.
	clusteredMCV1Scale = 1e4
	// clusteredMaxTries bounds the redraws of a position outside the box or
	// on another patch; the last resort is a uniform point of the box.
	clusteredMaxTries = 64
)

// Clustered returns n patches in K = ⌈√n⌉ clusters (about as many as
// Nigeria's 774 local government areas for n = 10⁶), drawn from the stream
// rng.NewSource(seed, "scenario.Clustered", 0). The table depends only on
// (n, seed, o).
//
// Construction, in draw order:
//
//  1. Cluster sizes (no draws): cluster k = 1…K gets a share ∝ k^−s of the
//     n patches (s = ZipfExponent), rounded by largest remainder.
//  2. K centres, lat then lon, each U over the box.
//  3. Two wave phases φ₁, φ₂ ~ U(0, 2π).
//  4. For each cluster in order, its city of C_k = round(LargestCity·k^−s)
//     people fills its first c_k = min(m_k, ⌈C_k/MaxCellPop⌉) patches
//     (no draws): cells of a square grid of side SpacingKm (SpacingKm/111
//     degrees of latitude, that over cos(centre latitude) of longitude)
//     centred on the cluster's centre, nearest the centre first (ties by
//     row, then column, from the south-west), rounded to 1e-5°, skipping a
//     cell outside the box or on an earlier patch; each holds ⌊C_k/c_k⌋
//     people, the first C_k mod c_k one more. A cluster smaller than
//     ⌈C_k/MaxCellPop⌉ spreads its city over all its patches (more than
//     MaxCellPop each: only when n is small, about 10³). Each further
//     patch is a village at the centre plus Norm(0, σ_k) degrees in both
//     directions, σ_k = SpacingKm·√(m_k/2π)/111 (a core density of one
//     patch per SpacingKm²), pushed radially out of the city's disc of
//     radius ρ_k = SpacingKm·√(c_k/π) km (an offset of r km moves to
//     √(r² + ρ_k²) km, which keeps the density outside), then rounded to
//     1e-5°; a position outside the box or equal to an earlier patch's is
//     drawn again (at most 64 times, then U over the box), so every
//     coordinate pair is distinct (gravity refuses d = 0). Its pop is
//     min(round(exp(Norm(ln M, VillageSigma))), MaxCellPop), where the
//     village median M (no draws; villageMedian) makes the expected total
//     of the V = n − Σ c_k villages CountryPop − Σ cities, within [1,
//     MaxCellPop] (cities above CountryPop make M = 1; V·MaxCellPop short
//     of it makes M = MaxCellPop): a patch is a village of thousands when
//     n is small, a 1 km cell of tens when n = 10⁶.
//  5. No draws: mcv1 = clamp(MCV1South + (MCV1North − MCV1South)·
//     (lat − LatMin)/(LatMax − LatMin) + MCV1Wave·sin(2π·lat/λ + φ₁)·
//     cos(2π·lon/λ + φ₂), 0, 1) rounded to 1e-4, λ = WavelengthDeg: smooth
//     in space.
//
// Why cells: a whole city in one patch next to villages of tens makes the
// gravity migration rows of its neighbours sum above 1 at the reference
// k = 0.01 (mixing refuses such a scenario); spread over cells of at most
// MaxCellPop, it is a 1 km raster's city, and cluster totals keep their
// Zipf tail.
//
// Ids are "c<k>:p<i>" (cluster k, patch i within it, both 1-based), unique by
// construction. n ≤ 0, n > [MaxBuilderPatches] and invalid options are
// errors naming the option.
func Clustered(n int, seed uint64, o ClusteredOptions) (*Table, error) {
	const name = "Clustered"
	if err := o.check(n); err != nil {
		return nil, err
	}
	src := rng.NewSource(seed, "scenario."+name, 0)
	sizes := zipfSizes(n, int(math.Ceil(math.Sqrt(float64(n)))), o.ZipfExponent)
	K := len(sizes)
	clat, clon := make([]float64, K), make([]float64, K)
	for k := range K {
		clat[k] = o.roundCoord(rng.UniformRange(src, o.LatMin, o.LatMax))
	}
	for k := range K {
		clon[k] = o.roundCoord(rng.UniformRange(src, o.LonMin, o.LonMax))
	}
	phi1 := rng.UniformRange(src, 0, 2*math.Pi)
	phi2 := rng.UniformRange(src, 0, 2*math.Pi)

	t := newTable(n)
	seen := make(map[[2]float64]struct{}, n)
	cells := o.cityCells(sizes)
	mu := math.Log(o.villageMedian(n, sizes, cells))
	grid := cityGrid(slices.Max(cells))
	row := 0
	for k, m := range sizes {
		sigma := o.SpacingKm * math.Sqrt(float64(m)/(2*math.Pi)) / kmPerDegree
		hole := o.SpacingKm * math.Sqrt(float64(cells[k])/math.Pi) / kmPerDegree
		prefix := "c" + strconv.Itoa(k+1) + ":p"
		city := o.cityPop(k + 1)
		next := 0 // the next grid offset to try
		for i := range m {
			var lat, lon float64
			if i < cells[k] {
				lat, lon, next = o.placeCell(src, seen, clat[k], clon[k], grid, next)
				t.Pop[row] = city / int64(cells[k])
				if int64(i) < city%int64(cells[k]) {
					t.Pop[row]++
				}
			} else {
				lat, lon = o.place(src, seen, clat[k], clon[k], sigma, hole)
				v := math.RoundToEven(math.Exp(mu + o.VillageSigma*rng.Normal(src)))
				t.Pop[row] = int64(min(v, float64(o.MaxCellPop)))
			}
			t.ID[row] = prefix + strconv.Itoa(i+1)
			t.Lat[row], t.Lon[row] = lat, lon
			t.MCV1[row] = math.Round(o.mcv1(lat, lon, phi1, phi2)*clusteredMCV1Scale) / clusteredMCV1Scale
			row++
		}
	}
	return validated(t)
}

// cityPop is the population of the city of the cluster of the given 1-based
// rank.
func (o ClusteredOptions) cityPop(rank int) int64 {
	return int64(math.RoundToEven(float64(o.LargestCity) * math.Pow(float64(rank), -o.ZipfExponent)))
}

// cityCells returns c_k, the patches of each cluster's city: ⌈C_k /
// MaxCellPop⌉, at most the cluster's size (0 for an empty cluster).
func (o ClusteredOptions) cityCells(sizes []int) []int {
	cells := make([]int, len(sizes))
	for k, m := range sizes {
		c := (o.cityPop(k+1) + o.MaxCellPop - 1) / o.MaxCellPop
		cells[k] = int(min(max(c, 1), int64(m)))
	}
	return cells
}

// villageMedian is the median village population M that makes the expected
// total CountryPop, at least 1 and at most MaxCellPop: V villages of
// min(X, MaxCellPop) people, X log-normal with median M and log-sd σ =
// VillageSigma, have the mean e^(μ+σ²/2)·Φ((ln c − μ − σ²)/σ) + c·(1 −
// Φ((ln c − μ)/σ)) (c = MaxCellPop, μ = ln M), increasing in μ; μ is
// found by bisection.
func (o ClusteredOptions) villageMedian(n int, sizes, cells []int) float64 {
	var cities float64
	villages := n
	for k, m := range sizes {
		if m > 0 {
			cities += float64(o.cityPop(k + 1))
			villages -= cells[k]
		}
	}
	if villages == 0 {
		return 1
	}
	want := (float64(o.CountryPop) - cities) / float64(villages)
	c, sg := float64(o.MaxCellPop), o.VillageSigma
	mean := func(mu float64) float64 {
		if sg == 0 {
			return min(math.Exp(mu), c)
		}
		lc := math.Log(c)
		return math.Exp(mu+sg*sg/2)*normalCDF((lc-mu-sg*sg)/sg) + c*(1-normalCDF((lc-mu)/sg))
	}
	lo, hi := 0.0, math.Log(c)
	if mean(lo) >= want {
		return 1
	}
	if mean(hi) <= want {
		return c
	}
	for range 100 {
		mid := (lo + hi) / 2
		if mean(mid) < want {
			lo = mid
		} else {
			hi = mid
		}
	}
	return math.Exp((lo + hi) / 2)
}

// normalCDF is Φ(x), the standard normal distribution function.
func normalCDF(x float64) float64 { return math.Erfc(-x/math.Sqrt2) / 2 }

// cityGrid returns the offsets (column, row) of a square grid nearest the
// origin first (ties by row, then column), enough for a city of c cells
// with room to skip taken or out-of-box cells: the square of side
// 2h+1 ≥ 2√c + 9.
func cityGrid(c int) [][2]int {
	h := int(math.Ceil(math.Sqrt(float64(c)))) + 4
	g := make([][2]int, 0, (2*h+1)*(2*h+1))
	for y := -h; y <= h; y++ {
		for x := -h; x <= h; x++ {
			g = append(g, [2]int{x, y})
		}
	}
	slices.SortStableFunc(g, func(a, b [2]int) int {
		return cmp.Compare(a[0]*a[0]+a[1]*a[1], b[0]*b[0]+b[1]*b[1])
	})
	return g
}

// placeCell returns the first free cell of the city grid around (lat0,
// lon0) from offset next on, records it and returns the offset after it.
// Should the grid run out (a city squeezed against the box's edge), the
// cell is drawn as a village around the centre.
func (o ClusteredOptions) placeCell(src *rng.Source, seen map[[2]float64]struct{}, lat0, lon0 float64, grid [][2]int, next int) (float64, float64, int) {
	dlat := o.SpacingKm / kmPerDegree
	dlon := dlat / math.Cos(lat0*math.Pi/180)
	for ; next < len(grid); next++ {
		lat := o.roundCoord(lat0 + float64(grid[next][1])*dlat)
		lon := o.roundCoord(lon0 + float64(grid[next][0])*dlon)
		if o.claim(seen, lat, lon) {
			return lat, lon, next + 1
		}
	}
	lat, lon := o.place(src, seen, lat0, lon0, dlat, 0)
	return lat, lon, next
}

// claim records (lat, lon) in seen and reports true if it is inside the
// box and not yet taken.
func (o ClusteredOptions) claim(seen map[[2]float64]struct{}, lat, lon float64) bool {
	if lat < o.LatMin || lat > o.LatMax || lon < o.LonMin || lon > o.LonMax {
		return false
	}
	key := [2]float64{lat, lon}
	if _, dup := seen[key]; dup {
		return false
	}
	seen[key] = struct{}{}
	return true
}

// place returns a position for a village around (lat0, lon0) with spread
// sigma degrees, pushed out of the disc of radius hole degrees, that is
// inside the box and not yet in seen, and records it.
func (o ClusteredOptions) place(src *rng.Source, seen map[[2]float64]struct{}, lat0, lon0, sigma, hole float64) (float64, float64) {
	cosLat := math.Cos(lat0 * math.Pi / 180)
	for try := 0; ; try++ {
		var lat, lon float64
		if try >= clusteredMaxTries {
			lat = o.roundCoord(rng.UniformRange(src, o.LatMin, o.LatMax))
			lon = o.roundCoord(rng.UniformRange(src, o.LonMin, o.LonMax))
		} else {
			dy, dx := sigma*rng.Normal(src), sigma*rng.Normal(src)
			if r := math.Hypot(dy, dx*cosLat); hole > 0 && r > 0 {
				f := math.Sqrt(r*r+hole*hole) / r
				dy, dx = dy*f, dx*f
			}
			lat, lon = o.roundCoord(lat0+dy), o.roundCoord(lon0+dx)
		}
		if o.claim(seen, lat, lon) {
			return lat, lon
		}
	}
}

// roundCoord rounds a coordinate to 1/clusteredCoordScale degrees: the
// nearest float64 to a decimal of five places, which CSV writes as such.
func (ClusteredOptions) roundCoord(x float64) float64 {
	return math.Round(x*clusteredCoordScale) / clusteredCoordScale
}

// mcv1 is the smooth coverage field at (lat, lon).
func (o ClusteredOptions) mcv1(lat, lon, phi1, phi2 float64) float64 {
	trend := o.MCV1South + (o.MCV1North-o.MCV1South)*(lat-o.LatMin)/(o.LatMax-o.LatMin)
	w := 2 * math.Pi / o.WavelengthDeg
	v := trend + o.MCV1Wave*math.Sin(w*lat+phi1)*math.Cos(w*lon+phi2)
	return min(max(v, 0), 1)
}

// zipfSizes splits n into k parts ∝ j^−s (j = 1…k) by largest remainder
// (ties to the lower rank); parts are >= 0 and sum to n.
func zipfSizes(n, k int, s float64) []int {
	w := make([]float64, k)
	var total float64
	for j := range k {
		w[j] = math.Pow(float64(j+1), -s)
		total += w[j]
	}
	sizes := make([]int, k)
	rem := make([]float64, k)
	left := n
	for j := range k {
		exact := float64(n) * w[j] / total
		sizes[j] = int(exact)
		rem[j] = exact - float64(sizes[j])
		left -= sizes[j]
	}
	for ; left > 0; left-- {
		best := 0
		for j := range k {
			if rem[j] > rem[best] {
				best = j
			}
		}
		sizes[best]++
		rem[best] = -1
	}
	return sizes
}

// check returns every problem with n and o, joined, each naming the option.
func (o ClusteredOptions) check(n int) error {
	p := &argProblems{builder: "Clustered"}
	if n <= 0 {
		p.addf("n must be > 0, got %d", n)
	}
	p.size(n, "n")
	if !(o.LatMin >= -90 && o.LatMin < o.LatMax && o.LatMax <= 90) {
		p.addf("LatMin %v, LatMax %v must satisfy -90 <= LatMin < LatMax <= 90", o.LatMin, o.LatMax)
	}
	if !(o.LonMin >= -180 && o.LonMin < o.LonMax && o.LonMax <= 180) {
		p.addf("LonMin %v, LonMax %v must satisfy -180 <= LonMin < LonMax <= 180", o.LonMin, o.LonMax)
	}
	positive := []struct {
		name string
		v    float64
	}{{"ZipfExponent", o.ZipfExponent}, {"SpacingKm", o.SpacingKm}, {"WavelengthDeg", o.WavelengthDeg}}
	for _, f := range positive {
		if !(f.v > 0) || math.IsInf(f.v, 0) {
			p.addf("%s must be finite and > 0, got %v", f.name, f.v)
		}
	}
	if !(o.VillageSigma >= 0) || math.IsInf(o.VillageSigma, 0) {
		p.addf("VillageSigma must be finite and >= 0, got %v", o.VillageSigma)
	}
	if o.CountryPop < 1 || o.CountryPop > MaxPop {
		p.addf("CountryPop must be in [1, 2^53], got %d", o.CountryPop)
	}
	if n > 0 && (o.LargestCity < 1 || o.LargestCity > MaxPop/int64(n)) {
		p.addf("LargestCity must be in [1, 2^53/n = %d], got %d", MaxPop/int64(n), o.LargestCity)
	}
	if o.MaxCellPop < 1 || o.MaxCellPop > max(o.LargestCity, 1) {
		p.addf("MaxCellPop must be in [1, LargestCity = %d], got %d", o.LargestCity, o.MaxCellPop)
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"MCV1South", o.MCV1South}, {"MCV1North", o.MCV1North}, {"MCV1Wave", o.MCV1Wave}} {
		if !(f.v >= 0 && f.v <= 1) {
			p.addf("%s must be in [0, 1], got %v", f.name, f.v)
		}
	}
	return p.err()
}
