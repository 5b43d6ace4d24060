package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/cli"
	"github.com/rubeola/rubeola/params"
)

// newRatesCmd builds `mybinary waning-rates`, the binary's own subcommand
// (added with cli.App.AddCommand): it prints the per-tick share of the
// immune that Waning moves back to S at a yearly rate, for the tick length
// of each model type, so a user can check a run file's yearly_rate before
// running it. A rate outside [0, 1] is bad input (exit 2).
func newRatesCmd() *cobra.Command {
	p := DefaultWaningParams()
	cmd := &cobra.Command{
		Use:   "waning-rates",
		Short: "Print the per-tick share of the immune that Waning makes susceptible again, per model type",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := p.Validate(); err != nil {
				return cli.Invalid(fmt.Errorf("--yearly-rate: %w", err))
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintf(tw, "model\tdays per tick\tshare per tick\n")
			for _, mt := range []struct {
				name string
				days int
			}{{"biweekly", params.StepDays}, {"compartmental", params.CompartmentalStepDays}} {
				fmt.Fprintf(tw, "%s\t%d\t%.6g\n", mt.name, mt.days, PerTickShare(p.YearlyRate, mt.days))
			}
			return tw.Flush()
		},
	}
	cmd.Flags().Float64Var(&p.YearlyRate, "yearly-rate", p.YearlyRate, "share of the immune who become susceptible again within a year, in [0, 1]")
	return cmd
}
