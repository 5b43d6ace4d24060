package cli

import (
	"fmt"
	"os"
)

// checkScenarioOut checks the --out file of a `rubeola scenario` command
// before any work: required (cmd names the command in the message), not a
// directory, not an existing file unless force, and creatable where it is.
func checkScenarioOut(cmd, out string, force bool) error {
	switch info, err := os.Stat(out); {
	case out == "":
		return fmt.Errorf("scenario %s: --out FILE is required", cmd)
	case err == nil && info.IsDir():
		return fmt.Errorf("--out %s: is a directory (give the path of the scenario CSV to write)", out)
	case err == nil && !force:
		return fmt.Errorf("output file %q exists (use --force to replace it)", out)
	default:
		return checkCanCreate("--out", out)
	}
}
