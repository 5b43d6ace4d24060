package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/model"
)

func newComponentsCmd(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "components",
		Short: "Print every component, mixer and compartment a run file may name, with its keys (docs/components.md)",
		Long: "Print, as Markdown, every component type a run file may name with its run-file keys, their types,\n" +
			"defaults, aliases and meanings, then the mixer types and the registered compartments: the built-ins (docs/components.md is\n" +
			"this output of the stock binary) and any this binary registers (model.Register, mixing.Register,\n" +
			"model.RegisterCompartment).",
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return model.WriteComponentDocs(stdout)
		},
	}
}
