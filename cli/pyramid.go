package cli

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/demographics"
)

// pyramidFlags are the flags of `rubeola pyramid`.
type pyramidFlags struct {
	url        string
	cacheDir   string
	timeout    time.Duration
	noProgress bool
	verbose    bool
}

func newPyramidCmd(stdout, stderr io.Writer) *cobra.Command {
	var f pyramidFlags
	cmd := &cobra.Command{
		Use:   "pyramid ISO3 YEAR",
		Short: "Print a country's age pyramid from UN World Population Prospects",
		Long: "Print the population by five-year age group for ISO3 in YEAR (1950–2100; between the\n" +
			"five-year WPP knots the not-a-knot cubic spline interpolates). The WPP bulk file is\n" +
			"downloaded on first use and cached per country; later calls make no request.",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			year, err := strconv.ParseFloat(args[1], 64)
			if err != nil {
				return invalid(fmt.Errorf("pyramid: YEAR %q is not a number", args[1]))
			}
			if err := demographics.CheckWPPYear(year); err != nil {
				return invalid(fmt.Errorf("pyramid: YEAR: %w", err))
			}
			opts := []demographics.PPOption{
				demographics.WithTimeout(f.timeout),
				demographics.WithContext(cmd.Context()),
				demographics.WithProgress(progressTo(stderr, f.noProgress)),
				demographics.WithLogger(logger(stderr, f.verbose)),
			}
			if f.url != "" {
				opts = append(opts, demographics.WithURL(f.url))
			}
			if f.cacheDir != "" {
				opts = append(opts, demographics.WithCacheDir(f.cacheDir))
			}
			pp, err := demographics.NewPopProspects(args[0], opts...)
			if err != nil {
				return classify(err)
			}
			pyr, err := pp.PopulationPyramid(year)
			if err != nil {
				return classify(err)
			}
			return writePyramid(stdout, pp.CountryCode, year, pyr)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.url, "url", "", "WPP bulk file URL (default: $RUBEOLA_WPP_URL or the WPP 2022 file)")
	fl.StringVar(&f.cacheDir, "cache-dir", "", "cache directory (default: the user cache directory + /rubeola)")
	fl.DurationVar(&f.timeout, "timeout", demographics.DefaultTimeout, "longest silence allowed while downloading")
	fl.BoolVar(&f.noProgress, "no-progress", false, "do not draw the download progress bar")
	fl.BoolVar(&f.verbose, "verbose", false, "log the download or cache hit on stderr")
	return cmd
}

// writePyramid prints one row per age group: label, persons, share.
func writePyramid(w io.Writer, code string, year float64, pyr []float64) error {
	var total float64
	for _, v := range pyr {
		total += v
	}
	fmt.Fprintf(w, "%s %s (UN WPP, medium variant)\n", code, strconv.FormatFloat(year, 'f', -1, 64))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "age\tpersons\tshare %\t")
	for a, v := range pyr {
		share := 0.0
		if total > 0 {
			share = 100 * v / total
		}
		fmt.Fprintf(tw, "%s\t%.0f\t%.2f\t\n", ageLabel(a), v, share)
	}
	fmt.Fprintf(tw, "total\t%.0f\t100.00\t\n", total)
	return tw.Flush()
}

// ageLabel names WPP age group a: "0-4", …, "95-99", "100+".
func ageLabel(a int) string {
	if a >= 20 {
		return "100+"
	}
	return fmt.Sprintf("%d-%d", 5*a, 5*a+4)
}
