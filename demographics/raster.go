package demographics

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/scenario"
)

// RasterPatchParams names the inputs of a [RasterPatchGenerator] (SPEC
// §10.4): a shapefile whose polygons carry a DOTNAME field, and GeoTIFF
// rasters in lon/lat.
type RasterPatchParams struct {
	// ID names the result in the cache (keys "{id}:population" and
	// "{id}:mcv1"); required, without ':'.
	ID string `json:"id"`
	// Region is the ISO 3166-1 alpha-3 code (or a GADM-only code) of the
	// country; required, upper-cased by the generator, otherwise unused
	// (parity).
	Region string `json:"region"`
	// Shapefile is the path of the .shp; required.
	Shapefile string `json:"shapefile"`
	// PopulationRaster is the population count raster (e.g. WorldPop);
	// needed by Population, MCV1 (for its weights) and Scenario.
	PopulationRaster string `json:"population_raster,omitempty"`
	// MCV1Raster is the routine first-dose coverage raster; without it
	// every patch gets the WithDefaultMCV1 value.
	MCV1Raster string `json:"mcv1_raster,omitempty"`
	// MCV2Raster is the routine second-dose coverage raster; when given,
	// [RasterPatchGenerator.Scenario] adds the extra column "mcv2",
	// population-weighted as MCV1 is (the same units setting).
	MCV2Raster string `json:"mcv2_raster,omitempty"`
}

// Validate checks p against SPEC §10.4 and reports every problem at once
// (errors.Join): id required and without ':'; region a valid country code
// ([NormalizeCountryCode]); the shapefile required and existing (`Shapefile
// does not exist: <path>`, parity); each raster given existing. Errors for
// missing files wrap fs.ErrNotExist.
func (p RasterPatchParams) Validate() error {
	var errs []error
	switch {
	case p.ID == "":
		errs = append(errs, errors.New("raster patch params: id is required"))
	case strings.Contains(p.ID, ":"):
		errs = append(errs, fmt.Errorf("raster patch params: id %q must not contain ':' (it prefixes cache keys)", p.ID))
	}
	if p.Region == "" {
		errs = append(errs, errors.New("raster patch params: region is required (an ISO 3166-1 alpha-3 code)"))
	} else if _, err := NormalizeCountryCode(p.Region); err != nil {
		errs = append(errs, fmt.Errorf("raster patch params: region: %w", err))
	}
	if p.Shapefile == "" {
		errs = append(errs, errors.New("raster patch params: shapefile is required"))
	} else if err := checkFile("Shapefile", p.Shapefile); err != nil {
		errs = append(errs, err)
	}
	for _, f := range []struct{ name, path string }{
		{"population_raster", p.PopulationRaster}, {"mcv1_raster", p.MCV1Raster}, {"mcv2_raster", p.MCV2Raster},
	} {
		if f.path != "" {
			if err := checkFile(f.name, f.path); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// checkFile requires path to be an existing regular file; a missing one
// gives "<what> does not exist: <path>" wrapping fs.ErrNotExist.
func checkFile(what, path string) error {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return messageError{fmt.Sprintf("%s does not exist: %s", what, path), fs.ErrNotExist}
	case err != nil:
		return fmt.Errorf("%s: %w", what, err)
	case !info.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file: %s", what, path)
	}
	return nil
}

// messageError is an error with a fixed message that wraps a sentinel
// without repeating the sentinel's text.
type messageError struct {
	msg string
	err error
}

func (e messageError) Error() string { return e.msg }
func (e messageError) Unwrap() error { return e.err }

// GenOption configures a [RasterPatchGenerator]: [WithCache],
// [WithoutCache], [WithMCV1Units], [WithDefaultMCV1], [WithWorkers] and
// [WithLogger].
type GenOption interface {
	applyGen(*genConfig)
}

// genOptionFunc adapts a function to [GenOption].
type genOptionFunc func(*genConfig)

func (f genOptionFunc) applyGen(c *genConfig) { f(c) }

// genConfig is the generator's configuration.
type genConfig struct {
	cache       *Cache
	noCache     bool
	cacheNil    bool
	units       string
	defaultMCV1 float64
	workers     int
	logger      *slog.Logger
}

// WithCache uses c for the results (default: LoadCache("")).
func WithCache(c *Cache) GenOption {
	return genOptionFunc(func(g *genConfig) { g.cache, g.noCache, g.cacheNil = c, false, c == nil })
}

// WithoutCache computes every result and stores nothing.
func WithoutCache() GenOption {
	return genOptionFunc(func(g *genConfig) { g.cache, g.noCache, g.cacheNil = nil, true, false })
}

// WithMCV1Units says how MCV1 raster values are read: [MCV1UnitsFraction],
// [MCV1UnitsPercent] or [MCV1UnitsAuto] (the default: percent if any valid
// MCV1 pixel read exceeds 1.0).
func WithMCV1Units(units string) GenOption {
	return genOptionFunc(func(g *genConfig) { g.units = units })
}

// WithDefaultMCV1 is the MCV1 of every patch when there is no MCV1 raster
// (default 0); it must be in [0, 1].
func WithDefaultMCV1(x float64) GenOption {
	return genOptionFunc(func(g *genConfig) { g.defaultMCV1 = x })
}

// WithWorkers processes n features in parallel (default, and n ≤ 0:
// GOMAXPROCS). Results do not depend on n.
func WithWorkers(n int) GenOption { return genOptionFunc(func(g *genConfig) { g.workers = n }) }

// check validates the option values.
func (c *genConfig) check() error {
	switch {
	case c.cacheNil:
		return errors.New("raster patch generator: WithCache(nil): use WithoutCache() to disable the cache")
	case c.units != MCV1UnitsAuto && c.units != MCV1UnitsFraction && c.units != MCV1UnitsPercent:
		return fmt.Errorf("raster patch generator: WithMCV1Units(%q): want %q, %q or %q",
			c.units, MCV1UnitsAuto, MCV1UnitsFraction, MCV1UnitsPercent)
	case !(c.defaultMCV1 >= 0 && c.defaultMCV1 <= 1):
		return fmt.Errorf("raster patch generator: WithDefaultMCV1(%g): want a value in [0, 1]", c.defaultMCV1)
	}
	if c.workers <= 0 {
		c.workers = runtime.GOMAXPROCS(0)
	}
	return nil
}

// PatchPop is one patch's population and planar area centroid.
type PatchPop struct {
	Dotname string  `json:"dotname"`
	Lat     float64 `json:"lat"`
	Lon     float64 `json:"lon"`
	Pop     int64   `json:"pop"`
}

// PatchValue is one patch's value, e.g. its MCV1 coverage as a fraction.
type PatchValue struct {
	Dotname string  `json:"dotname"`
	Value   float64 `json:"value"`
}

// RasterPatchGenerator turns a shapefile and rasters into patches (SPEC
// §10.4): zonal population sums, planar area centroids and
// population-weighted MCV1, cached per [RasterPatchParams.ID]. The
// shapefile is read once, by [NewRasterPatchGenerator]; that moment is the
// start of every computation, so an input modified after it invalidates the
// cached results. Input files are never modified. A generator is safe for
// concurrent use.
type RasterPatchGenerator struct {
	params   RasterPatchParams
	cfg      genConfig
	started  time.Time
	features []shapefile.Feature

	computations atomic.Int64 // raster passes run, for tests
}

// NewRasterPatchGenerator validates p and the options, reads the shapefile
// and checks the rasters' headers. Errors: invalid params (see
// [RasterPatchParams.Validate]); no DOTNAME field (`shapefile has no DOTNAME
// field; add one first (rubeola shapefile dotname, or AddDotname in Go)`);
// duplicate DOTNAMEs
// ([ErrDuplicateDotname]); a .prj declaring a projected CRS or a projected
// raster ([ErrNotGeographic]); an unreadable raster ([ErrUnsupportedTIFF]
// and the other errors of [geotiff.OpenFile]).
func NewRasterPatchGenerator(p RasterPatchParams, opts ...GenOption) (*RasterPatchGenerator, error) {
	cfg := genConfig{units: MCV1UnitsAuto, logger: discardLogger}
	for _, o := range opts {
		o.applyGen(&cfg)
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	p.Region, _ = NormalizeCountryCode(p.Region)
	if err := checkPRJ(p.Shapefile); err != nil {
		return nil, err
	}
	for _, path := range []string{p.PopulationRaster, p.MCV1Raster, p.MCV2Raster} {
		if path == "" {
			continue
		}
		f, err := geotiff.OpenFile(path)
		if err != nil {
			return nil, err
		}
		_ = f.Close() // read-only: nothing to flush
	}
	g := &RasterPatchGenerator{params: p, cfg: cfg, started: time.Now()}
	var err error
	if g.features, err = readFeatures(p.Shapefile); err != nil {
		return nil, err
	}
	if !cfg.noCache && cfg.cache == nil {
		if g.cfg.cache, err = LoadCache(""); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Params returns the generator's parameters, region upper-cased.
func (g *RasterPatchGenerator) Params() RasterPatchParams { return g.params }

// sibling returns the existing file stem+ext next to a .shp, trying the
// extension in the .shp's case, then lower and upper case; "" if none.
func sibling(shp, ext string) string {
	stem := strings.TrimSuffix(shp, filepath.Ext(shp))
	cands := []string{strings.ToLower(ext), strings.ToUpper(ext)}
	if filepath.Ext(shp) == strings.ToUpper(filepath.Ext(shp)) {
		cands[0], cands[1] = cands[1], cands[0]
	}
	for _, e := range cands {
		if info, err := os.Stat(stem + e); err == nil && info.Mode().IsRegular() {
			return stem + e
		}
	}
	return ""
}

// checkPRJ rejects a shapefile whose .prj declares a projected CRS.
func checkPRJ(shp string) error {
	prj := sibling(shp, ".prj")
	if prj == "" {
		return nil // no .prj: assumed lon/lat, like GADM
	}
	text, err := os.ReadFile(prj)
	if err != nil {
		return err
	}
	if strings.Contains(string(text), "PROJCS") {
		return fmt.Errorf("%s: %w: the .prj declares a projected CRS (PROJCS); reproject the shapefile to WGS84 lon/lat",
			prj, geotiff.ErrNotGeographic)
	}
	return nil
}

// readFeatures reads the shapefile and requires unique DOTNAMEs.
func readFeatures(path string) ([]shapefile.Feature, error) {
	tbl, err := shapefile.ReadShapefile(path)
	if err != nil {
		return nil, err
	}
	if !tbl.HasDotname {
		return nil, fmt.Errorf("%s: shapefile has no DOTNAME field; add one first (rubeola shapefile dotname, or AddDotname in Go)", path)
	}
	if len(tbl.Features) == 0 {
		return nil, fmt.Errorf("%s: shapefile has no features", path)
	}
	seen := make(map[string]int, len(tbl.Features))
	for i, f := range tbl.Features {
		if j, ok := seen[f.Dotname]; ok {
			return nil, messageError{fmt.Sprintf("dotnames are not unique in %s: %q (records %d and %d)",
				path, f.Dotname, j+1, i+1), shapefile.ErrDuplicateDotname}
		}
		seen[f.Dotname] = i
	}
	return tbl.Features, nil
}

// featureError names a feature (record numbered from 1) in err.
func (g *RasterPatchGenerator) featureError(i int, err error) error {
	return fmt.Errorf("%s: record %d (DOTNAME %q): %w", g.params.Shapefile, i+1, g.features[i].Dotname, err)
}

// logf logs a message on the generator's logger (see [WithLogger]).
func (g *RasterPatchGenerator) logf(level slog.Level, format string, args ...any) {
	g.cfg.logger.Log(context.Background(), level, "demographics: "+fmt.Sprintf(format, args...))
}

// Population returns every feature's population and planar area centroid,
// in shapefile order (SPEC §10.4), from the cache when the entry is fresh.
// It needs the population raster; a raster overlapping no feature's box is
// [ErrNoOverlap].
func (g *RasterPatchGenerator) Population(ctx context.Context) ([]PatchPop, error) {
	if pops, ok := loadCached(g, keyPopulation, "", func(p PatchPop) string { return p.Dotname }); ok {
		return pops, nil
	}
	r, err := g.compute(ctx, nil)
	if err != nil {
		return nil, err
	}
	return r.pops, nil
}

// MCV1 returns every feature's MCV1 coverage as a fraction in [0, 1], in
// shapefile order: the population-weighted MCV1 of SPEC §10.4 (which needs
// the population raster), or the WithDefaultMCV1 value for every feature
// when there is no MCV1 raster.
func (g *RasterPatchGenerator) MCV1(ctx context.Context) ([]PatchValue, error) {
	if g.params.MCV1Raster == "" {
		vals := make([]PatchValue, len(g.features))
		for i, f := range g.features {
			vals[i] = PatchValue{Dotname: f.Dotname, Value: g.cfg.defaultMCV1}
		}
		return vals, nil
	}
	return g.coverage(ctx, g.mcv1Layer())
}

// MCV2 returns every feature's MCV2 coverage as a fraction in [0, 1], in
// shapefile order, population-weighted from the MCV2 raster exactly as
// [RasterPatchGenerator.MCV1] (the same units setting), cached under
// "{id}:mcv2". Without an MCV2 raster it is an error.
func (g *RasterPatchGenerator) MCV2(ctx context.Context) ([]PatchValue, error) {
	if g.params.MCV2Raster == "" {
		return nil, fmt.Errorf("raster patch generator %q: MCV2 needs mcv2_raster", g.params.ID)
	}
	return g.coverage(ctx, g.mcv2Layer())
}

// coverage returns the population-weighted coverage of layer, from the
// cache when fresh.
func (g *RasterPatchGenerator) coverage(ctx context.Context, layer *coverageLayer) ([]PatchValue, error) {
	if vals, ok := loadCached(g, layer.key, g.cfg.units, func(v PatchValue) string { return v.Dotname }); ok {
		return vals, nil
	}
	r, err := g.compute(ctx, layer)
	if err != nil {
		return nil, err
	}
	return r.vals, nil
}

// coverageLayer is a coverage raster of the polygon path: its name in
// messages, its path and its cache kind.
type coverageLayer struct {
	name, path, key string
}

// mcv1Layer and mcv2Layer are the generator's coverage rasters.
func (g *RasterPatchGenerator) mcv1Layer() *coverageLayer {
	return &coverageLayer{name: "MCV1", path: g.params.MCV1Raster, key: keyMCV1}
}

func (g *RasterPatchGenerator) mcv2Layer() *coverageLayer {
	return &coverageLayer{name: "MCV2", path: g.params.MCV2Raster, key: keyMCV2}
}

// Scenario returns the validated scenario (SPEC §3) of the features, in
// shapefile order: id = DOTNAME, pop, lat, lon (planar area centroid) and
// mcv1, plus the extra column mcv2 ([RasterPatchGenerator.MCV2], values
// written in the shortest form that round-trips) when there is an MCV2
// raster. When neither population nor MCV1 is cached, one pass over the
// rasters computes both.
func (g *RasterPatchGenerator) Scenario(ctx context.Context) (*scenario.Table, error) {
	pops, vals, err := g.patches(ctx)
	if err != nil {
		return nil, err
	}
	n := len(pops)
	id, pop := make([]string, n), make([]int64, n)
	lat, lon, mcv1 := make([]float64, n), make([]float64, n), make([]float64, n)
	for i, p := range pops {
		id[i], pop[i], lat[i], lon[i], mcv1[i] = p.Dotname, p.Pop, p.Lat, p.Lon, vals[i].Value
	}
	t, err := scenario.FromColumns(id, pop, lat, lon, mcv1)
	if err != nil {
		return nil, fmt.Errorf("scenario from %s: %w", g.params.Shapefile, err)
	}
	if g.params.MCV2Raster != "" {
		vals, err := g.MCV2(ctx)
		if err != nil {
			return nil, err
		}
		mcv2 := make([]string, n)
		for i, v := range vals {
			mcv2[i] = strconv.FormatFloat(v.Value, 'g', -1, 64)
		}
		if err := t.SetExtra(scenario.ColMCV2, mcv2); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// patches returns the population and the MCV1 of every feature, with one
// pass over the rasters when the MCV1 must be computed (the pass yields
// both).
func (g *RasterPatchGenerator) patches(ctx context.Context) ([]PatchPop, []PatchValue, error) {
	var vals []PatchValue
	if g.params.MCV1Raster != "" {
		var ok bool
		if vals, ok = loadCached(g, keyMCV1, g.cfg.units, func(v PatchValue) string { return v.Dotname }); !ok {
			r, err := g.compute(ctx, g.mcv1Layer())
			if err != nil {
				return nil, nil, err
			}
			return r.pops, r.vals, nil
		}
	}
	pops, err := g.Population(ctx)
	if err != nil {
		return nil, nil, err
	}
	if vals == nil {
		if vals, err = g.MCV1(ctx); err != nil {
			return nil, nil, err
		}
	}
	return pops, vals, nil
}

// computed holds the results of one pass over the rasters.
type computed struct {
	pops []PatchPop
	vals []PatchValue // nil unless a coverage was computed
}

// compute runs the zonal pass over the population raster (and, with a
// coverage layer, samples its raster), then stores the results in the
// cache.
func (g *RasterPatchGenerator) compute(ctx context.Context, layer *coverageLayer) (*computed, error) {
	g.computations.Add(1)
	withCoverage := layer != nil
	if g.params.PopulationRaster == "" {
		what := "Population"
		if withCoverage {
			what = "the population-weighted " + layer.name
		}
		return nil, fmt.Errorf("raster patch generator %q: %s needs population_raster", g.params.ID, what)
	}
	n := len(g.features)
	res := &computed{pops: make([]PatchPop, n)}
	zones := make([]*zone, n)
	for i, f := range g.features {
		z, err := newZone(f.Shape)
		if err == nil {
			res.pops[i].Lon, res.pops[i].Lat, err = z.centroid()
		}
		if err != nil {
			return nil, g.featureError(i, err)
		}
		zones[i], res.pops[i].Dotname = z, f.Dotname
	}
	popF, err := geotiff.OpenFile(g.params.PopulationRaster)
	if err != nil {
		return nil, err
	}
	defer popF.Close()
	pg := gridOf(popF.Image)
	if err := g.checkOverlap(pg, zones); err != nil {
		return nil, err
	}
	var mcv1F *geotiff.File
	if withCoverage {
		if mcv1F, err = geotiff.OpenFile(layer.path); err != nil {
			return nil, err
		}
		defer mcv1F.Close()
	}
	sums, raws := make([]float64, n), make([]float64, n)
	var mu sync.Mutex
	maxValid := 0.0
	err = runFeatures(ctx, n, g.cfg.workers, func() (func(i int) error, func()) {
		sc := &zonalScratch{}
		var s *mcv1Sampler
		if withCoverage {
			s = &mcv1Sampler{rd: mcv1F, g: gridOf(mcv1F.Image)}
		}
		work := func(i int) (err error) {
			if withCoverage {
				sums[i], raws[i], err = featureMCV1(ctx, popF, pg, zones[i], g.features[i].Shape, s, sc)
			} else {
				sums[i], err = zonalSum(ctx, popF, pg, zones[i], sc, nil)
			}
			if err != nil && ctx.Err() == nil {
				err = g.featureError(i, err)
			}
			return err
		}
		done := func() {
			if s != nil {
				mu.Lock()
				maxValid = max(maxValid, s.maxValid)
				mu.Unlock()
			}
		}
		return work, done
	})
	if err != nil {
		return nil, err
	}
	for i, sum := range sums {
		if !(sum < math.MaxInt64) {
			return nil, g.featureError(i, fmt.Errorf("population sum %g does not fit in int64", sum))
		}
		res.pops[i].Pop = int64(math.RoundToEven(sum))
	}
	if withCoverage {
		if res.vals, err = g.scaleCoverage(layer, raws, maxValid); err != nil {
			return nil, err
		}
	}
	store(g, keyPopulation, "", res.pops)
	if withCoverage {
		store(g, layer.key, g.cfg.units, res.vals)
	}
	return res, nil
}

// scaleCoverage converts a layer's raw coverage values to fractions per
// the units setting and checks the range.
func (g *RasterPatchGenerator) scaleCoverage(layer *coverageLayer, raws []float64, maxValid float64) ([]PatchValue, error) {
	div := mcv1Divisor(g.cfg.units, maxValid)
	vals := make([]PatchValue, len(raws))
	for i, raw := range raws {
		v := raw / div
		if !(v >= 0 && v <= 1) {
			return nil, g.featureError(i, fmt.Errorf("%s %g is outside [0, 1] (%s: units %q, largest valid pixel read %g)",
				layer.name, v, layer.path, g.cfg.units, maxValid))
		}
		vals[i] = PatchValue{Dotname: g.features[i].Dotname, Value: v}
	}
	return vals, nil
}

// checkOverlap returns ErrNoOverlap when the raster's extent overlaps no
// feature's bounding box, and logs the features
// outside a partially overlapping raster (they get pop 0).
func (g *RasterPatchGenerator) checkOverlap(pg grid, zones []*zone) error {
	ext := pg.extent()
	var outside []string
	for i, z := range zones {
		if !z.bbox.overlaps(ext) {
			outside = append(outside, fmt.Sprintf("%q", g.features[i].Dotname))
		}
	}
	where := fmt.Sprintf("lon [%g, %g], lat [%g, %g]", ext.xmin, ext.xmax, ext.ymin, ext.ymax)
	if len(outside) == len(zones) {
		return fmt.Errorf("%s (%s) and %s: %w", g.params.PopulationRaster, where, g.params.Shapefile, ErrNoOverlap)
	}
	if len(outside) > 0 {
		const most = 10 // names listed before "…"
		names := strings.Join(outside[:min(len(outside), most)], ", ")
		if len(outside) > most {
			names += ", …"
		}
		g.logf(slog.LevelWarn, "%d of %d features lie outside the population raster %s (%s) and get pop 0: %s",
			len(outside), len(zones), g.params.PopulationRaster, where, names)
	}
	return nil
}

// runFeatures calls work(i) for i = 0…n−1 on up to workers goroutines, each
// with its own state from newWorker (done is called when the goroutine
// stops). After an error no new feature starts; the error returned is that
// of the lowest failing index, which does not depend on scheduling.
func runFeatures(ctx context.Context, n, workers int, newWorker func() (work func(i int) error, done func())) error {
	errs := make([]error, n)
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range max(1, min(workers, n)) {
		work, done := newWorker()
		wg.Go(func() {
			defer done()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := ctx.Err(); err != nil {
					errs[i] = err
				} else {
					errs[i] = work(i)
				}
				if errs[i] != nil {
					failed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Cache entry kinds: the key is "{id}:{kind}".
const (
	keyPopulation = "population"
	keyMCV1       = "mcv1"
	keyMCV2       = "mcv2"
)

// cachePayload is the data of a generator's cache entry. Sources records
// which file played which role (so swapping two rasters is a miss even
// though the set of input paths is the same) and Units the MCV1 unit
// setting.
type cachePayload[T any] struct {
	Sources map[string]string `json:"sources"`
	Units   string            `json:"mcv1_units,omitempty"`
	Patches []T               `json:"patches"`
}

// inputs are the files whose change invalidates the generator's entries:
// the shapefile's .shp and .dbf and every raster given.
func (g *RasterPatchGenerator) inputs() []string {
	in := []string{g.params.Shapefile}
	if dbf := sibling(g.params.Shapefile, ".dbf"); dbf != "" {
		in = append(in, dbf)
	}
	for _, r := range []string{g.params.PopulationRaster, g.params.MCV1Raster, g.params.MCV2Raster} {
		if r != "" {
			in = append(in, r)
		}
	}
	return in
}

// sources maps each input role to its absolute path.
func (g *RasterPatchGenerator) sources() map[string]string {
	src := map[string]string{}
	for role, p := range map[string]string{
		"shapefile": g.params.Shapefile, "population_raster": g.params.PopulationRaster,
		"mcv1_raster": g.params.MCV1Raster, "mcv2_raster": g.params.MCV2Raster,
	} {
		if p != "" {
			abs, err := filepath.Abs(p)
			if err != nil {
				abs = p
			}
			src[role] = abs
		}
	}
	return src
}

// fresh reports whether e was computed from the current inputs: the same
// absolute paths with the same sizes, none modified after e.Timestamp
// (SPEC §10.5).
func (g *RasterPatchGenerator) fresh(e Entry) bool {
	recorded := map[string]int64{}
	for _, in := range e.Inputs {
		recorded[in.Path] = in.Size
	}
	current := map[string]bool{}
	for _, p := range g.inputs() {
		abs, err := filepath.Abs(p)
		if err != nil {
			return false
		}
		info, err := os.Stat(abs)
		if err != nil {
			return false
		}
		size, ok := recorded[abs]
		if !ok || size != info.Size() || info.ModTime().After(e.Timestamp) {
			return false
		}
		current[abs] = true
	}
	return len(current) == len(recorded)
}

// loadCached returns the cached patches of kind when the entry is fresh,
// made from the same sources and units, and lists the features in order.
func loadCached[T any](g *RasterPatchGenerator, kind, units string, dotname func(T) string) ([]T, bool) {
	if g.cfg.cache == nil {
		return nil, false
	}
	key := g.params.ID + ":" + kind
	e, ok, err := g.cfg.cache.Get(key)
	if err != nil || !ok || !g.fresh(e) {
		return nil, false
	}
	var p cachePayload[T]
	if err := json.Unmarshal(e.Data, &p); err != nil || p.Units != units || len(p.Patches) != len(g.features) {
		return nil, false
	}
	if !maps.Equal(p.Sources, g.sources()) {
		return nil, false
	}
	for i, f := range g.features {
		if dotname(p.Patches[i]) != f.Dotname {
			return nil, false
		}
	}
	g.logf(slog.LevelInfo, "%s from the cache in %s", key, g.cfg.cache.Dir())
	return p.Patches, true
}

// store writes patches to the cache under kind, stamped with the start of
// the computation. A failed write loses only the cache entry: it is
// logged and otherwise ignored.
func store[T any](g *RasterPatchGenerator, kind, units string, patches []T) {
	if g.cfg.cache == nil {
		return
	}
	key := g.params.ID + ":" + kind
	data := cachePayload[T]{Sources: g.sources(), Units: units, Patches: patches}
	if err := g.cfg.cache.SetAt(key, g.started, g.inputs(), data); err != nil {
		g.logf(slog.LevelWarn, "not cached: %v", err)
	}
}
