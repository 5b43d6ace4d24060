package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"time"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/plot/mapdata"
	"github.com/rubeola/rubeola/view"
)

func newViewCmd(stdout io.Writer) *cobra.Command {
	var opts view.Options
	cmd := &cobra.Command{
		Use:   "view DIR",
		Short: "Write DIR/view/index.html: an offline page with a map and time series of a run",
		Long: "Read the run, ensemble or fit in DIR and write DIR/view/index.html: one self-contained page\n" +
			"(data, script and styles inline; it opens from disk and makes no network request) with a map\n" +
			"of the patches over time (circle area by population, colour by incidence, prevalence,\n" +
			"susceptible share or cumulative attack rate; a time slider; a card on hover) and linked\n" +
			"time series: the totals or a clicked patch, an ensemble's median and bands, a fit's data\n" +
			"against its simulated bands and the IF2 trace. The map needs per-patch outputs in CSV\n" +
			"(run --per-patch); above 5 000 patches it sums them into grid cells, and it merges periods\n" +
			"when the page would hold more than 6 million values (docs/viewer.md).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runView(stdout, args[0], opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Scenario, "scenario", "", "scenario file with the patches' coordinates (default: the one summary.json names)")
	fl.StringVar(&opts.Shapefile, "shapefile", "", "shapefile of admin boundaries to draw under the patches (lon/lat polygons)")
	return cmd
}

// runView builds the page and says what it wrote. Bad input (a missing
// directory, no outputs to show, a bad table or shapefile) is a validation
// error (exit 2).
func runView(stdout io.Writer, dir string, opts view.Options) error {
	start := time.Now()
	res, err := view.Build(dir, opts)
	if err != nil {
		var ie *view.InputError
		if errors.As(err, &ie) || errors.Is(err, fs.ErrNotExist) ||
			errors.Is(err, mapdata.ErrNoPerPatch) || errors.Is(err, mapdata.ErrNoScenario) {
			return invalid(err)
		}
		return err
	}
	for _, n := range res.Notes {
		fmt.Fprintf(stdout, "note: %s\n", n)
	}
	what := "no map"
	if res.Places > 0 {
		what = fmt.Sprintf("%d places on the map (%d patches), %d periods", res.Places, res.Patches, res.Periods)
	}
	fmt.Fprintf(stdout, "View written to %s (%.1f MB, %s; %s) in %.2f s: open it in a browser.\n",
		res.Path, float64(res.Bytes)/1e6, res.Kind, what, time.Since(start).Seconds())
	return nil
}
