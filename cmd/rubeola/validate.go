package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

func newValidateCmd(stdout io.Writer) *cobra.Command {
	var f inputFlags
	cmd := &cobra.Command{
		Use:   "validate --scenario FILE [--params FILE]",
		Short: "Check a scenario (and params) and list every problem",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if f.scenarioFile == "" {
				return invalid(errors.New("validate: --scenario FILE is required"))
			}
			in, err := f.load()
			if err != nil {
				return invalid(err)
			}
			fmt.Fprintf(stdout, "%s: %d patches, total population %d: ok\n", in.scenarioName, in.scenario.Len(), in.scenario.TotalPop())
			if f.paramsFile != "" {
				fmt.Fprintf(stdout, "%s: ok\n", f.paramsFile)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&f.scenarioFile, "scenario", "", "scenario CSV (id,pop,lat,lon,mcv1)")
	cmd.Flags().StringVar(&f.paramsFile, "params", "", "params file (.json or .toml)")
	return cmd
}
