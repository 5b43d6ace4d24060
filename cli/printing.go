package cli

import (
	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/model"
)

// printing returns the printing settings the command line gives
// explicitly, each nil when its flag was not given: verbose from
// --verbose[=false] and show_progress from --no-progress[=false]. A given
// flag overrides the params file's or the snapshot's stored value in
// either direction (`resume --verbose=false` of a verbose run is quiet);
// an absent one leaves the stored value.
func (f *outputFlags) printing(cmd *cobra.Command) (verbose, showProgress *bool) {
	fl := cmd.Flags()
	if fl.Changed("verbose") {
		verbose = &f.verbose
	}
	if fl.Changed("no-progress") {
		show := !f.noProgress
		showProgress = &show
	}
	return verbose, showProgress
}

// printingOptions returns [outputFlags.printing] as model options, for a
// model whose params come from a snapshot.
func (f *outputFlags) printingOptions(cmd *cobra.Command) []model.Option {
	var opts []model.Option
	verbose, show := f.printing(cmd)
	if verbose != nil {
		opts = append(opts, model.WithVerbose(*verbose))
	}
	if show != nil {
		opts = append(opts, model.WithShowProgress(*show))
	}
	return opts
}
