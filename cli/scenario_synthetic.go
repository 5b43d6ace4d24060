package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/scenario"
)

// syntheticFlags are the flags of `rubeola scenario synthetic`.
type syntheticFlags struct {
	patches int
	seed    uint64
	out     string
	force   bool
}

func newScenarioSyntheticCmd(stdout io.Writer) *cobra.Command {
	var f syntheticFlags
	cmd := &cobra.Command{
		Use:   "synthetic --patches N [--seed S] --out scenario.csv",
		Short: "Write a synthetic country of clustered patches as a scenario CSV",
		Long: "Draw N patches in ⌈√N⌉ clusters over a Nigeria-sized box (lat 4.3–13.9, lon 2.7–14.7): cluster\n" +
			"sizes and city populations follow Zipf's law (the largest city 15 000 000), each city spread over\n" +
			"contiguous 1 km cells of at most 50 000 people around its centre; the other patches are villages\n" +
			"with log-normal populations (log-sd 1.5, at most 50 000, the median making the expected total\n" +
			"220 000 000),\n" +
			"coordinates are distinct (to 1e-5°)\n" +
			"and MCV1 varies smoothly from 0.8 in the south to 0.3 in the north. The file depends only on\n" +
			"--patches and --seed; it is written whole or not at all, as Parquet when FILE ends in .parquet\n" +
			"(else CSV). For benchmarks and tests at scale.",
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if err := f.check(); err != nil {
				return invalid(err)
			}
			scn, err := scenario.Clustered(f.patches, f.seed, scenario.DefaultClusteredOptions())
			if err != nil {
				return invalid(err)
			}
			if err := scn.Save(f.out); err != nil {
				return outDirError("--out", f.out, err)
			}
			fmt.Fprintf(stdout, "%s: %d patches, total population %d\n", f.out, scn.Len(), scn.TotalPop())
			return nil
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&f.patches, "patches", 0, fmt.Sprintf("number of patches, 1 to %d", scenario.MaxBuilderPatches))
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the draws")
	fl.StringVar(&f.out, "out", "", "scenario file to write: CSV, or Parquet when it ends in .parquet")
	fl.BoolVar(&f.force, "force", false, "replace an existing --out file")
	return cmd
}

// check lists every problem with the flags, naming each.
func (f *syntheticFlags) check() error {
	var errs []error
	if f.patches < 1 || f.patches > scenario.MaxBuilderPatches {
		errs = append(errs, fmt.Errorf("--patches %d: want 1 to %d (the most a synthetic builder makes; larger scenarios come from files)",
			f.patches, scenario.MaxBuilderPatches))
	}
	if err := checkScenarioOut("synthetic", f.out, f.force); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
