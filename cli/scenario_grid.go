package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/demographics"
)

// runGrid is `rubeola scenario raster --grid`: one patch per grid cell of
// the population raster (demographics.GridScenario).
func (f *rasterFlags) runGrid(cmd *cobra.Command, stdout, stderr io.Writer) error {
	o, err := f.gridOptions(cmd)
	if err != nil {
		return invalid(err)
	}
	scn, rep, err := demographics.GridScenario(cmd.Context(), f.params.PopulationRaster, o)
	if err != nil {
		return classifyGrid(err)
	}
	if f.verbose {
		fmt.Fprintf(stderr, "grid: %d×%d cells of %d×%d pixels, read %d pixel rows at a time; %d people in cells below --min-pop %d dropped\n",
			rep.Cols, rep.Rows, rep.PixelsX, rep.PixelsY, rep.BandRows, int64(rep.PopDropped+0.5), f.minPop)
	}
	if err := scn.SaveCSV(f.out); err != nil {
		return outDirError("--out", f.out, err)
	}
	fmt.Fprintf(stdout, "%s: %d patches, total population %d\n", f.out, scn.Len(), scn.TotalPop())
	return nil
}

// gridOptions checks the flags of grid mode, naming each, and returns the
// options. Flags of polygon mode are refused rather than ignored.
func (f *rasterFlags) gridOptions(cmd *cobra.Command) (demographics.GridOptions, error) {
	var errs []error
	o := demographics.DefaultGridOptions()
	cell, err := demographics.ParseGridCell(f.grid)
	if err != nil {
		errs = append(errs, fmt.Errorf("--grid %w", err))
	}
	o.Cell = cell
	for _, name := range []string{"shapefile", "id", "region", "cache-dir", "no-cache", "workers"} {
		if cmd.Flags().Changed(name) {
			errs = append(errs, fmt.Errorf("--%s does not apply with --grid (no polygons, no cache, one pass)", name))
		}
	}
	if f.params.PopulationRaster == "" {
		errs = append(errs, errors.New("scenario raster: --population-raster is required"))
	}
	if f.minPop < 1 {
		errs = append(errs, fmt.Errorf("--min-pop %d: want at least 1 (a cell of 0 people is no patch)", f.minPop))
	}
	o.MinPop = f.minPop
	errs = append(errs, f.coverageErrors()...)
	o.MCV1Units, o.DefaultMCV1 = f.mcv1Units, f.defMCV1
	o.MCV1Raster, o.MCV2Raster = f.params.MCV1Raster, f.params.MCV2Raster
	if err := checkScenarioOut("raster", f.out, f.force); err != nil {
		errs = append(errs, err)
	}
	return o, errors.Join(errs...)
}

// classifyGrid maps GridScenario's errors to exit codes: a grid too fine or
// not fitting the raster is bad input (2); classify decides for the rest,
// as for polygons.
func classifyGrid(err error) error {
	if errors.Is(err, demographics.ErrGridTooFine) || errors.Is(err, demographics.ErrGridMismatch) {
		return invalid(err)
	}
	return classify(err)
}
