package scenario

import (
	"fmt"
	"math"
	"strconv"

	"github.com/rubeola/rubeola/rng"
)

// Synthetic scenario builders (SPEC §3.3). Each returns a validated table or
// an error; random builders draw from the stream (seed, "scenario.<Builder>",
// block 0) of package rng, in the order documented on each.

// SinglePatch returns one patch: id "patch_1", pop, lat 40.0, lon 4.0, mcv1
// (parity with the reference's single_patch_scenario). pop < 0 or mcv1
// outside [0, 1] is an error.
func SinglePatch(pop int64, mcv1 float64) (*Table, error) {
	if err := checkBuilderArgs("SinglePatch", pop, mcv1); err != nil {
		return nil, err
	}
	return FromColumns([]string{"patch_1"}, []int64{pop}, []float64{40.0}, []float64{4.0}, []float64{mcv1})
}

// TwoPatch returns two patches: ids "patch_1", "patch_2"; pops pop and pop/2
// (floor); lat 40.0, 34.0; lon 4.0, 10.0; mcv1 in both (parity with the
// reference's two_patch_scenario, whose defaults are pop 100000, mcv1 0).
// pop < 0 or mcv1 outside [0, 1] is an error.
func TwoPatch(pop int64, mcv1 float64) (*Table, error) {
	if err := checkBuilderArgs("TwoPatch", pop, mcv1); err != nil {
		return nil, err
	}
	return FromColumns(
		[]string{"patch_1", "patch_2"},
		[]int64{pop, pop / 2},
		[]float64{40.0, 34.0},
		[]float64{4.0, 10.0},
		[]float64{mcv1, mcv1},
	)
}

// GridOptions places and vaccinates the patches of [Grid]. The zero value is
// not the default; start from [DefaultGridOptions].
// Its json tags are the keys of a run file's [scenario] table.
type GridOptions struct {
	Lat0    float64 `json:"lat0"`    // latitude of row 0, degrees
	Lon0    float64 `json:"lon0"`    // longitude of column 0, degrees
	Spacing float64 `json:"spacing"` // distance between neighbouring rows and columns, degrees; > 0
	MCV1    float64 `json:"mcv1"`    // coverage of every patch, in [0, 1]
}

// DefaultGridOptions returns {Lat0 40.0, Lon0 4.0, Spacing 0.1, MCV1 0}.
func DefaultGridOptions() GridOptions {
	return GridOptions{Lat0: 40.0, Lon0: 4.0, Spacing: 0.1, MCV1: 0}
}

// Grid returns rows·cols patches on a regular grid: patch k = r·cols + c has
// id "{r}:{c}", lat Lat0 + r·Spacing, lon Lon0 + c·Spacing, population pop
// and coverage o.MCV1 (every pop equal: rubeola choice). rows or cols ≤ 0,
// pop < 0, Spacing ≤ 0, MCV1 outside [0, 1] and a grid that leaves the
// latitude or longitude range are errors.
func Grid(rows, cols int, pop int64, o GridOptions) (*Table, error) {
	if err := o.check(rows, cols, pop); err != nil {
		return nil, err
	}
	n := rows * cols
	t := newTable(n)
	for r := range rows {
		for c := range cols {
			k := r*cols + c
			t.ID[k] = strconv.Itoa(r) + ":" + strconv.Itoa(c)
			t.Pop[k] = pop
			t.Lat[k] = o.Lat0 + float64(r)*o.Spacing
			t.Lon[k] = o.Lon0 + float64(c)*o.Spacing
			t.MCV1[k] = o.MCV1
		}
	}
	return validated(t)
}

// check returns every problem with the arguments of Grid, joined.
func (o GridOptions) check(rows, cols int, pop int64) error {
	p := &argProblems{builder: "Grid"}
	switch {
	case rows <= 0 || cols <= 0:
		p.addf("rows and cols must be > 0, got %d×%d", rows, cols)
	case rows > math.MaxInt/cols:
		p.addf("%d×%d patches overflow int", rows, cols)
	default:
		p.size(rows*cols, fmt.Sprintf("%d×%d", rows, cols))
	}
	sized := len(p.errs) == 0 // the extent below is only meaningful for a grid of a valid size
	p.popMCV1(pop, o.MCV1)
	if !(o.Spacing > 0) || math.IsInf(o.Spacing, 0) {
		p.addf("Spacing must be finite and > 0, got %v", o.Spacing)
	} else if sized {
		latHi := o.Lat0 + float64(rows-1)*o.Spacing
		lonHi := o.Lon0 + float64(cols-1)*o.Spacing
		if !(o.Lat0 >= -90 && latHi <= 90) {
			p.addf("latitudes %v … %v leave [-90, 90] (Lat0 %v, %d rows, Spacing %v)", o.Lat0, latHi, o.Lat0, rows, o.Spacing)
		}
		if !(o.Lon0 >= -180 && lonHi <= 180) {
			p.addf("longitudes %v … %v leave [-180, 180] (Lon0 %v, %d cols, Spacing %v)", o.Lon0, lonHi, o.Lon0, cols, o.Spacing)
		}
	}
	return p.err()
}

// Parameters of RandomN (SPEC §3.3; the benchmark baseline's synthetic
// scenario): log-normal populations with median 30000 and log-sd 1.2, clamped
// to [1000, 5000000], on a 4°×4° box over Great Britain.
const (
	randomNPopMedian = 30000
	randomNPopLogSD  = 1.2
	randomNPopMin    = 1000
	randomNPopMax    = 5000000
	randomNLatLo     = 50.5
	randomNLatHi     = 54.5
	randomNLonLo     = -3.5
	randomNLonHi     = 0.5
)

// RandomN returns n patches with ids "patch_0" … "patch_{n−1}" drawn from the
// stream rng.NewSource(seed, "scenario.RandomN", 0) in this order: n
// populations pop = clamp(roundHalfEven(exp(Norm(ln 30000, 1.2))), 1000,
// 5000000) (one [rng.Normal] each), then n latitudes U(50.5, 54.5), then n
// longitudes U(−3.5, 0.5); every mcv1 is mcv1. The table depends only on
// (n, seed, mcv1). n ≤ 0 or mcv1 outside [0, 1] is an error.
func RandomN(n int, seed uint64, mcv1 float64) (*Table, error) {
	const name = "RandomN"
	p := &argProblems{builder: name}
	if n <= 0 {
		p.addf("n must be > 0, got %d", n)
	}
	p.size(n, "n")
	p.popMCV1(0, mcv1)
	if err := p.err(); err != nil {
		return nil, err
	}
	src := rng.NewSource(seed, "scenario."+name, 0)
	t := newTable(n)
	mu := math.Log(randomNPopMedian)
	for i := range n {
		p := math.RoundToEven(math.Exp(mu + randomNPopLogSD*rng.Normal(src)))
		t.Pop[i] = int64(min(max(p, randomNPopMin), randomNPopMax))
	}
	for i := range n {
		t.Lat[i] = rng.UniformRange(src, randomNLatLo, randomNLatHi)
	}
	for i := range n {
		t.Lon[i] = rng.UniformRange(src, randomNLonLo, randomNLonHi)
	}
	for i := range n {
		t.ID[i] = "patch_" + strconv.Itoa(i)
		t.MCV1[i] = mcv1
	}
	return validated(t)
}

// newTable returns a table with n rows of zero values.
func newTable(n int) *Table {
	return &Table{
		ID:   make([]string, n),
		Pop:  make([]int64, n),
		Lat:  make([]float64, n),
		Lon:  make([]float64, n),
		MCV1: make([]float64, n),
	}
}

// validated returns t if it is valid, else the validation error.
func validated(t *Table) (*Table, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}
