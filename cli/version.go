package cli

import (
	"fmt"
	"io"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/metrics"
)

// newVersionCmd returns `version`: "rubeola 0.1.0 (go1.26, linux/amd64)"
// for rubeola's own binary, "mybinary (rubeola 0.1.0, go1.26,
// linux/amd64)" for a binary of one's own named name.
func newVersionCmd(name string, stdout io.Writer) *cobra.Command {
	short := "Print " + name + "'s version"
	if name != metrics.ProgramName {
		short += " (and rubeola's it was built on)"
	}
	return &cobra.Command{
		Use:   "version",
		Short: short,
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			build := fmt.Sprintf("%s, %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH)
			if name == metrics.ProgramName {
				fmt.Fprintf(stdout, "%s (%s)\n", metrics.Generator(name), build)
			} else {
				fmt.Fprintf(stdout, "%s (%s %s, %s)\n", name, metrics.ProgramName, metrics.Version, build)
			}
			return nil
		},
	}
}
