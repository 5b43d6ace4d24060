package model

import (
	"strings"

	"github.com/rubeola/rubeola/internal/csvin"
)

// lineError prefixes every line of its error's message (a joined error
// prints one problem per line), so that each line the CLI prints names the
// run file; it unwraps to the error.
type lineError struct {
	prefix string
	err    error
}

func (e *lineError) Error() string {
	lines := strings.Split(e.err.Error(), "\n")
	for k, l := range lines {
		lines[k] = e.prefix + l
	}
	return strings.Join(lines, "\n")
}

func (e *lineError) Unwrap() error { return e.err }

// prefixLines joins errs, every line of every message prefixed with name.
// The first [csvin.MaxProblems] are kept, then "… and K more problems": a
// run file of a million unknown tables printed a million lines.
func prefixLines(name string, errs []error) error {
	var probs csvin.Problems
	for _, e := range errs {
		probs.Add(&lineError{prefix: name + ": ", err: e})
	}
	return probs.Err()
}
