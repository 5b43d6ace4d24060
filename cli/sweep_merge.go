package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/sweep"
)

// newSweepMergeCmd is `rubeola sweep merge --out DIR SHARD_DIR…`.
func newSweepMergeCmd(stdout, stderr io.Writer) *cobra.Command {
	var out string
	var partial bool
	cmd := &cobra.Command{
		Use:   "merge --out DIR SHARD_DIR...",
		Short: "Merge the directories of a sweep's shards into one sweep directory",
		Long: "Copy (hard-link when possible) every complete point of the shard directories into DIR/points and\n" +
			"rebuild DIR/sweep.csv in point order. Idempotent: merging again, or into a DIR that already has some\n" +
			"points, gives the same DIR. Directories of different sweeps (other sweep file, inputs, format or\n" +
			"rubeola version) are refused, and so is a merge that leaves points missing unless --partial.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := sweep.Merge(out, args, partial)
			for _, s := range rep.Ignored {
				fmt.Fprintf(stderr, "%s: warning: %s (ignored)\n", cmd.Root().Name(), s)
			}
			var mismatch *sweep.MismatchError
			var incomplete *sweep.IncompleteError
			switch {
			case errors.As(err, &incomplete):
				return invalid(fmt.Errorf("%w (run the shards again, run `rubeola sweep FILE --out %s` after a partial merge, or merge with --partial)", err, out))
			case errors.As(err, &mismatch), errors.Is(err, sweep.ErrNotSweepDir):
				return invalid(err)
			case err != nil:
				return err
			}
			if len(rep.Missing) > 0 {
				fmt.Fprintf(stderr, "%s: warning: %d of %d points are missing (partial merge)\n", cmd.Root().Name(), len(rep.Missing), rep.Points)
			}
			fmt.Fprintf(stdout, "rubeola sweep merge: %d points; %d copied, %d already in %s, %d missing\n",
				rep.Points, rep.Copied, rep.Present, out, len(rep.Missing))
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "merged sweep directory (created, or completed when it holds the same sweep)")
	cmd.Flags().BoolVar(&partial, "partial", false, "merge even when some points are complete in no directory (warning, partial table)")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}
