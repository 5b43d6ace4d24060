package cli

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/demographics"
)

func newScenarioCmd(stdout, stderr io.Writer) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "scenario",
		Short: "Build scenario tables from public data",
	}
	cmd.AddCommand(newScenarioRasterCmd(stdout, stderr), newScenarioSyntheticCmd(stdout))
	return cmd
}

// rasterFlags are the flags of `rubeola scenario raster`.
type rasterFlags struct {
	params    demographics.RasterPatchParams
	mcv1Units string
	defMCV1   float64
	cacheDir  string
	noCache   bool
	workers   int
	out       string
	force     bool
	verbose   bool
	grid      string // --grid: one patch per cell instead of per polygon (scenario_grid.go)
	minPop    int64
}

func newScenarioRasterCmd(stdout, stderr io.Writer) *cobra.Command {
	var f rasterFlags
	cmd := &cobra.Command{
		Use: "raster --id ID --region ISO3 --shapefile FILE --population-raster FILE [--mcv1-raster FILE] [--mcv2-raster FILE] --out scenario.csv\n" +
			"  rubeola scenario raster --grid 1km|5km|Xdeg --population-raster FILE [--mcv1-raster FILE] [--mcv2-raster FILE] [--min-pop N] --out scenario.csv",
		Short: "Sum a population raster over shapefile polygons or grid cells into a scenario CSV",
		Long: "For every polygon of a DOTNAME-labelled shapefile, sum the population raster's pixels\n" +
			"whose centres fall inside it, take the polygon's area centroid as lat/lon and the\n" +
			"population-weighted MCV1 coverage (bilinear; percent rasters detected; likewise MCV2,\n" +
			"an extra column, with --mcv2-raster), and write a validated scenario CSV (id = DOTNAME).\n" +
			"Results are cached per --id until an input\n" +
			"changes.\n\n" +
			"With --grid instead of --shapefile: one patch per grid cell (1km = 30 arc-seconds, 5km = 2.5\n" +
			"arc-minutes, or Xdeg; a whole number of raster pixels) with at least --min-pop people, at the\n" +
			"cell's centre, id r<row>c<col> (from the north-west), MCV1 (and MCV2, an extra column)\n" +
			"population-weighted as for polygons. The raster is read in bands of strips or tiles, so\n" +
			"memory follows the raster's width, not its area; a grid of more than " + strconv.Itoa(demographics.MaxGridCells) + " cells is\n" +
			"refused before any pixel is read.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("grid") {
				return f.runGrid(cmd, stdout, stderr)
			}
			if err := f.check(cmd); err != nil {
				return invalid(err)
			}
			opts := []demographics.GenOption{
				demographics.WithMCV1Units(f.mcv1Units),
				demographics.WithDefaultMCV1(f.defMCV1),
				demographics.WithWorkers(f.workers),
			}
			opts = append(opts, demographics.WithLogger(logger(stderr, f.verbose)))
			switch {
			case f.noCache:
				opts = append(opts, demographics.WithoutCache())
			case f.cacheDir != "":
				c, err := demographics.LoadCache(f.cacheDir)
				if err != nil {
					return invalid(fmt.Errorf("--cache-dir %s: %w", f.cacheDir, err))
				}
				opts = append(opts, demographics.WithCache(c))
			}
			gen, err := demographics.NewRasterPatchGenerator(f.params, opts...)
			if err != nil {
				// It validates the flags' values and reads the shapefile
				// and the rasters' headers: every error is the inputs'.
				return invalid(err)
			}
			scn, err := gen.Scenario(cmd.Context())
			if err != nil {
				return classify(err)
			}
			if err := scn.SaveCSV(f.out); err != nil {
				return outDirError("--out", f.out, err)
			}
			fmt.Fprintf(stdout, "%s: %d patches, total population %d\n", f.out, scn.Len(), scn.TotalPop())
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.params.ID, "id", "", "scenario id, prefix of the cache keys (no ':')")
	fl.StringVar(&f.params.Region, "region", "", "ISO 3166-1 alpha-3 country code")
	fl.StringVar(&f.params.Shapefile, "shapefile", "", "polygon shapefile with a DOTNAME field")
	fl.StringVar(&f.params.PopulationRaster, "population-raster", "", "population GeoTIFF (persons per pixel, lon/lat)")
	fl.StringVar(&f.params.MCV1Raster, "mcv1-raster", "", "MCV1 coverage GeoTIFF (fraction or percent)")
	fl.StringVar(&f.params.MCV2Raster, "mcv2-raster", "", "MCV2 coverage GeoTIFF: the extra column mcv2, population-weighted as mcv1 (with --grid or --shapefile)")
	fl.StringVar(&f.grid, "grid", "", "one patch per grid cell: 1km (30″), 5km (2.5′), <X>km or <X>deg; replaces --shapefile")
	fl.Int64Var(&f.minPop, "min-pop", demographics.DefaultMinPop, "with --grid: keep cells with at least this many people")
	fl.StringVar(&f.mcv1Units, "mcv1-units", "auto", `MCV1 raster units: "auto", "fraction" or "percent"`)
	fl.Float64Var(&f.defMCV1, "default-mcv1", 0, "MCV1 used when no MCV1 raster is given")
	fl.StringVar(&f.cacheDir, "cache-dir", "", "cache directory (default: the user cache directory + /rubeola)")
	fl.BoolVar(&f.noCache, "no-cache", false, "neither read nor write the cache")
	fl.IntVar(&f.workers, "workers", 0, "features processed in parallel (0 = GOMAXPROCS; never changes results)")
	fl.StringVar(&f.out, "out", "", "scenario CSV to write")
	fl.BoolVar(&f.force, "force", false, "replace an existing --out file")
	fl.BoolVar(&f.verbose, "verbose", false, "log features outside the raster and cache hits on stderr")
	return cmd
}

// check refuses, naming the flags, what the generator would refuse (its
// messages name its Go options) and an --out that exists (without --force)
// or cannot be written (before hours of raster sums). Every problem is
// listed.
func (f *rasterFlags) check(cmd *cobra.Command) error {
	var errs []error
	if cmd.Flags().Changed("min-pop") {
		errs = append(errs, errors.New("--min-pop applies only with --grid"))
	}
	for _, req := range []struct{ flag, value string }{
		{"--id", f.params.ID}, {"--region", f.params.Region}, {"--shapefile", f.params.Shapefile},
		{"--population-raster", f.params.PopulationRaster},
	} {
		if req.value == "" {
			errs = append(errs, fmt.Errorf("scenario raster: %s is required", req.flag))
		}
	}
	if strings.Contains(f.params.ID, ":") {
		errs = append(errs, fmt.Errorf("--id %q: must not contain ':' (the id prefixes the cache keys, which ':' separates)", f.params.ID))
	}
	errs = append(errs, f.coverageErrors()...)
	if f.workers < 0 {
		errs = append(errs, fmt.Errorf("--workers must be >= 0 (0: one per CPU), got %d", f.workers))
	}
	if err := checkScenarioOut("raster", f.out, f.force); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// coverageErrors checks the MCV1 flags both modes share, --mcv1-units and
// --default-mcv1, naming each.
func (f *rasterFlags) coverageErrors() []error {
	var errs []error
	if units := []string{demographics.MCV1UnitsAuto, demographics.MCV1UnitsFraction, demographics.MCV1UnitsPercent}; !slices.Contains(units, f.mcv1Units) {
		errs = append(errs, fmt.Errorf("--mcv1-units %q: want %q", f.mcv1Units, units))
	}
	if !(f.defMCV1 >= 0 && f.defMCV1 <= 1) { // NaN fails both
		errs = append(errs, fmt.Errorf("--default-mcv1 %g: want a coverage in [0, 1]", f.defMCV1))
	}
	return errs
}
