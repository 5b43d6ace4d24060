package compartmental

import (
	"encoding/json"
	"fmt"
	"github.com/rubeola/rubeola/ecs"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rubeola/rubeola/internal/spline"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/snapstate"
)

// PopulationData gives each patch its population and births from census
// data (name "PopulationDataProcess"), as He, Ionides & King (2010): the
// yearly population and births of the place a patch stands for
// (scenario.Table.SourceID: a particle filter's copies share their
// place's data) joined by a smoothing spline, births entering S after a
// delay, a share of them as a school-entry cohort on one day of the year,
// and R = P(t) − S − E − I. It is a [PopulationSource]: [EulerSEIR] with
// population = "data" divides its force by P(t).
//
// Per day t (τ the decimal year of the day, [DecimalYear]; dt = 1/365.25):
// b = births(τ − delay) per year; on the cohort day (|day − cohort_day·
// 365.25/365| < ½) entries ~ Poisson(cohort·b + (1 − cohort)·b·dt), on
// other days Poisson((1 − cohort)·b·dt); S += entries; then, with
// residual_r, R = max(round(P(τ)) − S − E − I − M, 0) (M: the declared
// compartments counted in the population, [ecs.Roles]). Place it after the
// transmission, so the transitions see the day's starting S (pomp's order).
type PopulationData struct {
	p       PopulationDataParams
	blocks  phases.Blocks
	curves  []censusCurves // per place
	means   []float64      // per place: the mean census population
	place   []int32        // patch → place
	runs    []placeRun     // place's patches in a row, in patch order
	cohort  []float64      // per patch
	placeP  []float64      // per place: P(τ) of popTick
	placeB  []float64      // per place: births per year at popTick
	placeN  []int64        // per place: round(P(τ)) at popTick (residual R's total)
	pop     []float64      // per patch: P(τ) of popTick
	popTick int
	cohortD bool // the day being stepped is the cohort day
	births  birthTables
	s, e    []int64
	i, r    []int64
	roles   *ecs.RoleColumns
	digest  string // the census table's SHA-256 (saved in snapshots)
}

var (
	_ phases.Snapshotter     = (*PopulationData)(nil)
	_ CensusMeanSource       = (*PopulationData)(nil)
	_ phases.PatchParameters = (*PopulationData)(nil)
	_ phases.Resampler       = (*PopulationData)(nil)
)

// censusCurves are one place's population and (lagged) births sampled on
// a monthly grid from the first census year to one year past the last.
type censusCurves struct {
	t0          float64 // first grid time (the first census year)
	pop, births []float64
}

// gridStep is the covariate grid's spacing in years (pomp's code: monthly).
const gridStep = 1.0 / 12

// at interpolates v linearly at decimal year t (constant-slope extension
// past the grid's ends).
func (c *censusCurves) at(v []float64, t float64) float64 {
	x := (t - c.t0) / gridStep
	k := int(math.Floor(x))
	k = max(0, min(k, len(v)-2))
	f := x - float64(k)
	return v[k] + f*(v[k+1]-v[k])
}

// NewPopulationData returns a factory for PopulationData. The table is
// read, every patch's place must be in it, and the run's days (from its
// start to num_ticks) must fall within the table's years (up to one year
// past the last, extended linearly), births lagged by delay too.
func NewPopulationData(p *PopulationDataParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultPopulationDataParams())
		if err != nil {
			return nil, err
		}
		if m.World().E() == nil || m.TimeStepDays() != 1 {
			return nil, fmt.Errorf("%s: needs the compartmental model with an E compartment (model = \"compartmental\")", PopulationDataName)
		}
		tables, digest, err := LoadCensusTableFile(q.Table, q.IDColumn)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", PopulationDataName, err)
		}
		c := &PopulationData{p: q, popTick: -1, digest: digest}
		scn := m.Scenario()
		if c.cohort, err = q.Cohort.Resolve(PopulationDataName+": cohort", scn, systems.UnitInterval, "in [0, 1]"); err != nil {
			return nil, err
		}
		first := DecimalYear(m.StartDate())
		last := DecimalYear(m.TickDate(m.Params().NumTicks))
		index := map[string]int32{}
		c.place = make([]int32, scn.Len())
		var ids []string
		for j := range scn.Len() {
			id := scn.SourceID(j)
			k, ok := index[id]
			if !ok {
				series, found := tables[id]
				if !found {
					return nil, fmt.Errorf("%s: %s: no rows for %q (scenario row %d)", PopulationDataName, q.Table, id, j+1)
				}
				k = int32(len(ids))
				index[id] = k
				ids = append(ids, id)
				c.means = append(c.means, mean(series.Pop))
			}
			c.place[j] = k
		}
		if c.curves, err = fitCensusCurves(tables, ids, q, first, last); err != nil {
			return nil, err
		}
		return c, nil
	}
}

// fitCensusCurves fits the curves of the places ids (in that order), on
// as many goroutines as GOMAXPROCS: each place's smoothing splines are
// independent and the GCV searches are the model's largest set-up cost
// with hundreds of places (954 towns: two searches each). The error is the
// first place's in ids order, as a sequential fit would report it.
func fitCensusCurves(tables map[string]*CensusSeries, ids []string, q PopulationDataParams, first, last float64) ([]censusCurves, error) {
	curves := make([]censusCurves, len(ids))
	errs := make([]error, len(ids))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(ids)) {
		wg.Go(func() {
			for k := int(next.Add(1) - 1); k < len(ids); k = int(next.Add(1) - 1) {
				curves[k], errs[k] = newCensusCurves(tables[ids[k]], q, first, last)
			}
		})
	}
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %q: %w", PopulationDataName, q.Table, ids[k], err)
		}
	}
	return curves, nil
}

// newCensusCurves fits the place's curves and checks that the run's
// decimal years [first, last] are covered.
func newCensusCurves(s *CensusSeries, q PopulationDataParams, first, last float64) (censusCurves, error) {
	y0, y1 := float64(s.Years[0]), float64(s.Years[len(s.Years)-1])
	if first < y0 || last > y1+1 {
		return censusCurves{}, fmt.Errorf("the run spans %.2f–%.2f but the population covers %d–%d (+1 year)", first, last, s.Years[0], s.Years[len(s.Years)-1])
	}
	if first-q.Delay < y0 || last-q.Delay > y1+1 {
		return censusCurves{}, fmt.Errorf("births lagged by %v years are needed for %.2f–%.2f but the table covers %d–%d (+1 year)", q.Delay, first-q.Delay, last-q.Delay, s.Years[0], s.Years[len(s.Years)-1])
	}
	xs := make([]float64, len(s.Years))
	xb := make([]float64, len(s.Years))
	for k, y := range s.Years {
		xs[k], xb[k] = float64(y), float64(y)+0.5
	}
	popF, err := interpolator(q.Interpolation, xs, s.Pop)
	if err != nil {
		return censusCurves{}, fmt.Errorf("population: %w", err)
	}
	birthF, err := interpolator(q.Interpolation, xb, s.Births)
	if err != nil {
		return censusCurves{}, fmt.Errorf("births: %w", err)
	}
	n := int(math.Round((y1+1-y0)/gridStep)) + 1
	c := censusCurves{t0: y0, pop: make([]float64, n), births: make([]float64, n)}
	for k := range n {
		t := y0 + float64(k)*gridStep
		c.pop[k] = popF(t)
		c.births[k] = max(birthF(t-q.Delay), 0)
	}
	return c, nil
}

// interpolator returns the curve through (x, y): R's smooth.spline with a
// GCV penalty, or straight lines (extended with the end slopes).
func interpolator(kind string, x, y []float64) (func(float64) float64, error) {
	if kind == InterpolationLinear {
		return func(t float64) float64 {
			k := 0
			for k < len(x)-2 && t > x[k+1] {
				k++
			}
			return y[k] + (t-x[k])*(y[k+1]-y[k])/(x[k+1]-x[k])
		}, nil
	}
	fitter := spline.FitGCV
	if kind == InterpolationNatural {
		fitter = spline.Interpolating
	}
	sp, err := fitter(x, y)
	if err != nil {
		return nil, err
	}
	return sp.At, nil
}

// CensusMeans returns every patch's mean census population: the mean of
// its place's rows of the table, every year it holds (EulerSEIR's he10
// coupling weighs towns by it, as spatPomp's he10).
func (c *PopulationData) CensusMeans() []float64 {
	out := make([]float64, len(c.place))
	for j, k := range c.place {
		out[j] = c.means[k]
	}
	return out
}

// mean returns the mean of v.
func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// Name returns "PopulationDataProcess".
func (c *PopulationData) Name() string { return PopulationDataName }

// Params returns the instance's params.
func (c *PopulationData) Params() PopulationDataParams { return c.p }

// PatchParameter returns the live per-patch cohort shares for "cohort".
func (c *PopulationData) PatchParameter(key string) []float64 {
	if key == "cohort" {
		return c.cohort
	}
	return nil
}

// PatchParameterKeys returns ["cohort"].
func (c *PopulationData) PatchParameterKeys() []string { return []string{"cohort"} }

// Resample permutes the per-patch cohort shares.
func (c *PopulationData) Resample(ancestors []int32) {
	systems.PermuteFloat64(c.cohort, c.pop, ancestors)
	c.popTick = -1 // pop was the scratch
}

// Initialize fetches the columns and streams and sizes the buffers.
func (c *PopulationData) Initialize(m phases.Model) error {
	w := m.World()
	c.s, c.e, c.i, c.r = w.S(), w.E(), w.I(), w.R()
	c.roles = w.Roles()
	c.pop = make([]float64, w.Len())
	c.placeP = make([]float64, len(c.curves))
	c.placeB = make([]float64, len(c.curves))
	c.placeN = make([]int64, len(c.curves))
	c.runs = placeRuns(c.place)
	c.births.init(c.place, len(c.curves))
	c.popTick = -1
	return c.blocks.Init(m, c)
}

// Population returns every patch's P(τ) at the start of tick t (the live
// buffer).
func (c *PopulationData) Population(m phases.Model, t int) []float64 {
	if t == c.popTick {
		return c.pop
	}
	tau := DecimalYear(m.TickDate(t))
	for k := range c.curves {
		c.placeP[k] = c.curves[k].at(c.curves[k].pop, tau)
		c.placeB[k] = c.curves[k].at(c.curves[k].births, tau)
		c.placeN[k] = int64(math.Round(c.placeP[k]))
	}
	fillByPlace(c.pop, c.runs, c.placeP)
	c.popTick = t
	return c.pop
}

// Step draws the day's entries into S and sets R.
func (c *PopulationData) Step(m phases.Model, tick int) error {
	c.Population(m, tick)
	c.cohortD = math.Abs(DecimalDayOfYear(m.TickDate(tick))-c.p.CohortDay*YearDays/365) < 0.5
	c.births.set(c.placeB, c.cohort, c.cohortD)
	c.blocks.Run(m, c)
	return nil
}

// Block draws the entries of block b's patches from its stream. When every
// patch has its place's first patch's cohort share (a particle filter's
// particles), from the places' tables of the day ([rng.PoissonsTabled]:
// one uniform per patch); otherwise batched ([rng.Poissons]: every
// patch's births in one call).
func (c *PopulationData) Block(b int) {
	lo, hi := c.blocks.Range(b)
	var births [rng.BlockSize]int64
	if place := c.place[lo:hi]; c.births.covers(place, c.cohort[lo:hi]) {
		rng.PoissonsTabled(c.blocks.Stream(b), c.births.tables, place, births[:hi-lo])
	} else {
		var mean [rng.BlockSize]float64
		for j := lo; j < hi; j++ {
			mean[j-lo] = birthMean(c.cohort[j], c.placeB[c.place[j]], c.cohortD)
		}
		rng.Poissons(c.blocks.Stream(b), mean[:hi-lo], births[:hi-lo])
	}
	s := c.s[lo:hi]
	for j, n := range births[:hi-lo] {
		s[j] += n
	}
	if c.p.ResidualR {
		residualR(s, c.e[lo:hi], c.i[lo:hi], c.r[lo:hi], c.place[lo:hi], c.placeN, c.roles, lo)
	}
}

// residualR sets r[j] = max(N − s[j] − e[j] − i[j] − M, 0) for a run of
// patches from patch off on: N = total[place[j]] (the place's rounded
// population, computed once per place and tick) and M the declared
// compartments counted in the population ([ecs.RoleColumns.CountedAt] of
// patch off + j). Without counted compartments M = 0 is not summed per
// patch.
func residualR(s, e, i, r []int64, place []int32, total []int64, rc *ecs.RoleColumns, off int) {
	e, i, r, place = e[:len(s)], i[:len(s)], r[:len(s)], place[:len(s)]
	if rc == nil || len(rc.Counted) == 0 {
		for j := range s {
			r[j] = max(total[place[j]]-s[j]-e[j]-i[j], 0)
		}
		return
	}
	for j := range s {
		r[j] = max(total[place[j]]-s[j]-e[j]-i[j]-rc.CountedAt(off+j), 0)
	}
}

// populationState is PopulationData's saved state: the digest of the census
// table the run read.
type populationState struct {
	Table string `json:"table"`
}

// SnapshotState saves the census table's digest.
func (c *PopulationData) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(populationState{Table: c.digest})
}

// RestoreState initialises the component and refuses a census table whose
// content differs from the one the snapshot's run read (the resumed run
// would not continue it).
func (c *PopulationData) RestoreState(m phases.Model, state json.RawMessage) error {
	var st populationState
	if err := snapstate.Decode(PopulationDataName, state, &st); err != nil {
		return err
	}
	if st.Table != c.digest {
		return fmt.Errorf("%s: table = %q: the table differs from the one the snapshot's run read (%s then, %s now): the resumed run would not continue it",
			PopulationDataName, c.p.Table, snapstate.OrNone(st.Table), c.digest)
	}
	return c.Initialize(m)
}

// placeRun is a row of patches [lo, hi) of one place k: a particle
// filter's copies of a town are contiguous, so a run is J patches long.
type placeRun struct {
	k      int32
	lo, hi int
}

// placeRuns splits the patch → place map into its runs, in patch order.
func placeRuns(place []int32) []placeRun {
	var runs []placeRun
	for j, k := range place {
		if n := len(runs); n > 0 && runs[n-1].k == k {
			runs[n-1].hi = j + 1
			continue
		}
		runs = append(runs, placeRun{k: k, lo: j, hi: j + 1})
	}
	return runs
}

// fillByPlace sets every patch's value to its place's (byPlace) run by
// run: the day's populations are copied to every patch on the caller
// between the parallel phases, so the copy is kept to a plain fill.
func fillByPlace(out []float64, runs []placeRun, byPlace []float64) {
	for _, r := range runs {
		v := byPlace[r.k]
		row := out[r.lo:r.hi]
		for i := range row {
			row[i] = v
		}
	}
}
