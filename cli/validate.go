package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// validateFlags are the flags of `rubeola validate`.
type validateFlags struct {
	inputFlags
	maxMemory string // --max-memory SIZE|off, as run takes it
}

func newValidateCmd(stdout io.Writer) *cobra.Command {
	var f validateFlags
	cmd := &cobra.Command{
		Use:   "validate [--scenario FILE] [--params FILE] [--config FILE]",
		Short: "Check a scenario, params and run file and list every problem",
		Long: "Check a scenario, params and run file and list every problem, without running a tick: the\n" +
			"inputs are read as run reads them, then the model is built and initialised as run does it before\n" +
			"its first tick (every component built and initialised against the scenario, the mixing matrix\n" +
			"built, the trackers' storage checked against the memory available or --max-memory; an ensemble\n" +
			"run file's first replicate stands for the others), so that what run would refuse before its first\n" +
			"tick is refused here. --scenario FILE or --config FILE is required.\n" +
			"Exit codes: 0 ok, 2 a problem with the inputs (listed on stderr, one per line).",
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if f.scenarioFile == "" && f.configFile == "" {
				return invalid(errors.New("validate: --scenario FILE or --config FILE is required"))
			}
			in, err := f.load()
			if err != nil {
				return invalid(err)
			}
			if err := f.check(in); err != nil {
				return invalid(err)
			}
			fmt.Fprintf(stdout, "%s: %d patches, total population %d: ok\n", in.scenarioName, in.scenario.Len(), in.scenario.TotalPop())
			if f.paramsFile != "" {
				fmt.Fprintf(stdout, "%s: ok\n", f.paramsFile)
			}
			if f.configFile != "" {
				fmt.Fprintf(stdout, "%s: ok\n", f.configFile)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&f.scenarioFile, "scenario", "", "scenario file (id,pop,lat,lon,mcv1): CSV, or Parquet when it ends in .parquet")
	cmd.Flags().StringVar(&f.paramsFile, "params", "", "params file (.json or .toml)")
	cmd.Flags().StringVar(&f.configFile, "config", "", "run file (.toml): scenario, [params] and [[phases]]")
	addModelFlag(cmd, &f.inputFlags)
	addMemoryFlag(cmd, &f.maxMemory)
	return cmd
}

// check does what run does with loaded inputs before its first tick
// ([checkRun]): the run file's ensemble, the model built and initialised.
func (f validateFlags) check(in *inputs) error {
	R, _, err := in.runFileEnsemble()
	if err != nil {
		return err
	}
	opts, err := memoryOption(f.maxMemory)
	if err != nil {
		return err
	}
	return checkRun(in, R, opts...)
}
