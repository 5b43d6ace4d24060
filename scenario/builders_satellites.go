package scenario

import (
	"fmt"
	"math"
	"strconv"

	"github.com/rubeola/rubeola/rng"
)

// SatellitesOptions configures [Satellites]. The zero value is not the
// default; start from [DefaultSatellitesOptions]. Its json tags are the keys
// of a run file's [scenario] table.
type SatellitesOptions struct {
	CorePop       int64   `json:"core_pop"`        // population of the core city "0"; >= 0
	SatellitePop  int64   `json:"satellite_pop"`   // base population of each town; >= 0
	NTowns        int     `json:"n_towns"`         // rows including the core; >= 1
	MaxDistanceKm float64 `json:"max_distance_km"` // towns lie within this distance of the core, km; finite, >= 0
	MCV1          float64 `json:"mcv1"`            // coverage of the core and start of the towns' walk, in [0, 1]
	Seed          uint64  `json:"seed"`            // seed of the stream (Seed, "scenario.Satellites", 0)
}

// DefaultSatellitesOptions returns the reference's defaults (SPEC §3.3):
// {CorePop 500000, SatellitePop 100000, NTowns 30, MaxDistanceKm 200, MCV1
// 0.50, Seed 52}.
func DefaultSatellitesOptions() SatellitesOptions {
	return SatellitesOptions{
		CorePop:       500000,
		SatellitePop:  100000,
		NTowns:        30,
		MaxDistanceKm: 200,
		MCV1:          0.50,
		Seed:          52,
	}
}

// Constants of the Satellites construction (SPEC §3.3, parity with the
// reference's satellites_scenario).
const (
	satellitesMCV1StepStd = 0.05 // mcv1_i = clip(Norm(mcv1_{i−1}, 0.05), 0, 0.95)
	satellitesMCV1Max     = 0.95
	satellitesPopSpread   = 10 // pop = SatellitePop + Uint[0, CorePop/10)
)

// Satellites returns a core city and o.NTowns−1 towns around it, drawn from
// the stream rng.NewSource(o.Seed, "scenario.Satellites", 0).
//
// Row 0 is the core: id "0", lat 0, lon 0, pop CorePop, mcv1 MCV1. Towns
// i = 1 … NTowns−1 have ids "1", "2", … and draw, town by town in this order
// (SPEC §3.3): dist = min(√U(0, max²), max) km (uniform over the disc),
// θ = U(0, 2π), pop = SatellitePop + Uint[0, CorePop/10), and
// mcv1_i = clip(Norm(mcv1_{i−1}, 0.05), 0, 0.95) with mcv1_0 = MCV1 — a
// random walk across towns (parity: the reference overwrites its variable);
// lat = dist·cosθ/111, lon = dist·sinθ/111. When CorePop/10 = 0 the pop draw
// is still made and adds 0.
//
// Negative CorePop or SatellitePop, NTowns < 1, MaxDistanceKm < 0 or not
// finite, MCV1 outside [0, 1] and town populations that could pass 2^53
// (SPEC §3.2) are errors naming the option. Towns farther than 90° (MaxDistanceKm above
// about 9990 km) fail validation with the offending rows listed.
func Satellites(o SatellitesOptions) (*Table, error) {
	const name = "Satellites"
	if err := o.validate(); err != nil {
		return nil, err
	}
	src := rng.NewSource(o.Seed, "scenario."+name, 0)
	t := newTable(o.NTowns)
	t.ID[0] = "0"
	t.Pop[0] = o.CorePop
	t.MCV1[0] = o.MCV1
	max2 := o.MaxDistanceKm * o.MaxDistanceKm
	spread := o.CorePop / satellitesPopSpread
	walk := o.MCV1
	for i := 1; i < o.NTowns; i++ {
		dist := min(math.Sqrt(rng.UniformRange(src, 0, max2)), o.MaxDistanceKm)
		theta := rng.UniformRange(src, 0, 2*math.Pi)
		pop := o.SatellitePop + uintRange(src, 0, spread)
		walk = min(max(walk+satellitesMCV1StepStd*rng.Normal(src), 0), satellitesMCV1Max)
		t.ID[i] = strconv.Itoa(i)
		t.Lat[i] = dist * math.Cos(theta) / kmPerDegree
		t.Lon[i] = dist * math.Sin(theta) / kmPerDegree
		t.Pop[i] = pop
		t.MCV1[i] = walk
	}
	if err := t.Validate(); err != nil {
		return nil, fmt.Errorf("scenario: %s: generated towns are invalid (MaxDistanceKm %v too large?): %w",
			name, o.MaxDistanceKm, err)
	}
	return t, nil
}

// validate returns every problem with o's options, joined, each naming the
// option.
func (o SatellitesOptions) validate() error {
	p := &argProblems{builder: "Satellites"}
	if o.CorePop < 0 {
		p.addf("CorePop must be >= 0, got %d", o.CorePop)
	}
	if o.SatellitePop < 0 {
		p.addf("SatellitePop must be >= 0, got %d", o.SatellitePop)
	}
	if o.CorePop > MaxPop {
		p.addf("CorePop must be <= %d (2^53), got %d", int64(MaxPop), o.CorePop)
	} else if o.SatellitePop > MaxPop-o.CorePop/satellitesPopSpread {
		p.addf("SatellitePop %d + CorePop/10 %d is above %d (2^53)", o.SatellitePop, o.CorePop/satellitesPopSpread, int64(MaxPop))
	}
	if o.NTowns < 1 {
		p.addf("NTowns must be >= 1 (the core counts), got %d", o.NTowns)
	}
	if o.NTowns > MaxBuilderPatches {
		p.addf("NTowns %d is more than the %d patches a synthetic builder makes (load a scenario CSV for larger ones)", o.NTowns, MaxBuilderPatches)
	}
	if !(o.MaxDistanceKm >= 0) || math.IsInf(o.MaxDistanceKm, 0) {
		p.addf("MaxDistanceKm must be finite and >= 0, got %v", o.MaxDistanceKm)
	}
	if !(o.MCV1 >= 0 && o.MCV1 <= 1) {
		p.addf("MCV1 must be in [0, 1], got %v", o.MCV1)
	}
	return p.err()
}
