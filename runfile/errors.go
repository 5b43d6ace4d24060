package runfile

import (
	"github.com/rubeola/rubeola/internal/csvin"
	"github.com/rubeola/rubeola/internal/lineerr"
)

// prefixLines joins errs, every line of every message prefixed with name.
// The first [csvin.MaxProblems] are kept, then "… and K more problems": a
// run file of a million unknown tables printed a million lines.
func prefixLines(name string, errs []error) error {
	var probs csvin.Problems
	for _, e := range errs {
		probs.Add(lineerr.Prefix(name+": ", e))
	}
	return probs.Err()
}
