package cli

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"

	"github.com/rubeola/rubeola/plot"
)

// plotsDir is the folder pictures go into inside a run's output directory.
const plotsDir = "plots"

// plotFlags are the picture options of `rubeola plot` and `run --plot`.
type plotFlags struct {
	svg           bool
	width, height float64 // inches
	dpi           int
	scenario      string   // the maps' scenario file ("" from summary.json)
	dates         []string // map.png's dates, YYYY-MM-DD
}

// addPlotFlags registers the picture options.
func addPlotFlags(cmd *cobra.Command, f *plotFlags) {
	fl := cmd.Flags()
	fl.BoolVar(&f.svg, "svg", false, "write SVG pictures instead of PNG")
	fl.Float64Var(&f.width, "width", float64(plot.DefaultWidth/vg.Inch), "picture width in inches")
	fl.Float64Var(&f.height, "height", float64(plot.DefaultHeight/vg.Inch), "picture height in inches")
	fl.IntVar(&f.dpi, "dpi", plot.DefaultDPI, "PNG resolution in dots per inch")
}

// addMapFlags registers the maps' options of `rubeola plot`.
func addMapFlags(cmd *cobra.Command, f *plotFlags) {
	fl := cmd.Flags()
	fl.StringVar(&f.scenario, "scenario", "", "scenario file with the patches' coordinates for the maps (default: the one summary.json names)")
	fl.StringSliceVar(&f.dates, "dates", nil, "dates of map.png's panels, YYYY-MM-DD, comma-separated (default: six dates where incidence peaks)")
}

// options converts the flags; a date that is not YYYY-MM-DD is an error.
func (f plotFlags) options() (plot.Options, error) {
	o := plot.Options{SVG: f.svg, Width: vg.Length(f.width) * vg.Inch, Height: vg.Length(f.height) * vg.Inch, DPI: f.dpi, Scenario: f.scenario}
	for _, s := range f.dates {
		t, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
		if err != nil {
			return o, fmt.Errorf("--dates: %q is not a date YYYY-MM-DD", s)
		}
		o.MapDates = append(o.MapDates, t)
	}
	return o, nil
}

func newPlotCmd(stdout io.Writer) *cobra.Command {
	var (
		f   plotFlags
		out string
	)
	cmd := &cobra.Command{
		Use:   "plot DIR",
		Short: "Draw pictures of a run's outputs into DIR/plots",
		Long: "Read the outputs a run wrote into DIR (CSV or Parquet tables, timing.csv, ensemble/) and draw\n" +
			"PNG pictures (SVG with --svg) into DIR/plots (or --out): S, I, R (S, E, I, R) over time, an\n" +
			"incidence heat-map (prevalence in the daily models, compartmental and agent-based), reported\n" +
			"cases of the largest groups, the fade-out curve, per-phase time per tick and ensemble bands,\n" +
			"each worded in the run's tick length (per biweek, per day); with per-patch outputs, maps of\n" +
			"incidence (map.png, map.gif) and the phase lag of epidemics against distance from the largest\n" +
			"patch (waves.png, waves.csv); and\n" +
			"each user tracker's table as a time series by group (table-NAME), and the\n" +
			"pictures a binary registered (plot.RegisterPicture). Pictures whose inputs are missing are\n" +
			"skipped with a note; a table cut while it was written is refused (docs/plots.md).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if out == "" {
				out = filepath.Join(dir, plotsDir)
			}
			return renderPlots(stdout, dir, out, f)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "plots directory (default DIR/plots)")
	addPlotFlags(cmd, &f)
	addMapFlags(cmd, &f)
	return cmd
}

// renderPlots draws the pictures and lists what was written and skipped.
// Bad options, bad input files and a directory with nothing to plot are
// validation errors (exit 2).
func renderPlots(stdout io.Writer, dir, out string, f plotFlags) error {
	opts, err := f.options()
	if err != nil {
		return invalid(err)
	}
	if err := opts.Check(); err != nil {
		return invalid(err)
	}
	if err := checkCanCreateDir("--out", out); err != nil {
		return invalid(err)
	}
	res, err := plot.Render(dir, out, opts)
	for _, s := range res.Skipped {
		fmt.Fprintf(stdout, "note: %s\n", s)
	}
	if err != nil {
		var ie *plot.InputError
		if errors.As(err, &ie) || errors.Is(err, plot.ErrNothingToPlot) {
			return invalid(err)
		}
		return err
	}
	fmt.Fprintf(stdout, "Plots written to %s:\n", out)
	for _, file := range res.Files {
		fmt.Fprintf(stdout, "  %s\n", filepath.Base(file))
	}
	return nil
}

// addRunPlotFlag registers --plot on run and resume.
func addRunPlotFlag(cmd *cobra.Command, on *bool) {
	cmd.Flags().BoolVar(on, "plot", false, "draw PNG pictures of the outputs into DIR/plots after the run (like rubeola plot DIR)")
}

// plotAfterRun draws DIR/plots with the default options when --plot was
// given; the run's outputs are committed already, so a failure here leaves
// them in place and says so.
func plotAfterRun(stdout io.Writer, f outputFlags) error {
	if !f.plot {
		return nil
	}
	defaults := plotFlags{width: float64(plot.DefaultWidth / vg.Inch), height: float64(plot.DefaultHeight / vg.Inch), dpi: plot.DefaultDPI}
	if err := renderPlots(stdout, f.out, filepath.Join(f.out, plotsDir), defaults); err != nil {
		return fmt.Errorf("outputs written to %s, but plotting failed: %w", f.out, err)
	}
	return nil
}
