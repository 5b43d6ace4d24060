package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

func newValidateCmd(stdout io.Writer) *cobra.Command {
	var f inputFlags
	cmd := &cobra.Command{
		Use:   "validate [--scenario FILE] [--params FILE] [--config FILE]",
		Short: "Check a scenario, params and run file and list every problem",
		Long: "Check a scenario, params and run file (its components built against the scenario) and list every\n" +
			"problem, without running anything. --scenario FILE or --config FILE is required.",
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if f.scenarioFile == "" && f.configFile == "" {
				return invalid(errors.New("validate: --scenario FILE or --config FILE is required"))
			}
			in, err := f.load()
			if err != nil {
				return invalid(err)
			}
			fmt.Fprintf(stdout, "%s: %d patches, total population %d: ok\n", in.scenarioName, in.scenario.Len(), in.scenario.TotalPop())
			if f.paramsFile != "" {
				fmt.Fprintf(stdout, "%s: ok\n", f.paramsFile)
			}
			if f.configFile != "" {
				if err := checkComponents(in); err != nil {
					return invalid(err)
				}
				fmt.Fprintf(stdout, "%s: ok\n", f.configFile)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&f.scenarioFile, "scenario", "", "scenario CSV (id,pop,lat,lon,mcv1)")
	cmd.Flags().StringVar(&f.paramsFile, "params", "", "params file (.json or .toml)")
	cmd.Flags().StringVar(&f.configFile, "config", "", "run file (.toml): scenario, [params] and [[phases]]")
	addModelFlag(cmd, &f)
	return cmd
}
