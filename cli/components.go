package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/model"
)

func newComponentsCmd(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "components",
		Short: "Print every component (the built-ins, docs/components.md, and any this binary registers) and its run-file keys",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return model.WriteComponentDocs(stdout)
		},
	}
}
