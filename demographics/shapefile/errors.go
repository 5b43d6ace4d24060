package shapefile

import (
	"errors"
	"fmt"
)

// ErrMissingField reports that a DOTNAME source field is not in the DBF.
// The error's message lists the missing and the available fields.
var ErrMissingField = errors.New("missing DBF field")

// ErrDuplicateDotname reports two records with the same DOTNAME, either as
// computed or after cutting names longer than 254 bytes.
var ErrDuplicateDotname = errors.New("duplicate dotnames")

// duplicateError is the ErrDuplicateDotname error of one file. Its message
// follows SPEC §10.2: dotnames are not unique in <path>: "a:b" (records 3
// and 7); records are numbered from 1.
type duplicateError struct {
	path          string
	name          string
	first, second int // 1-based record numbers
	cut           bool
}

func (e *duplicateError) Error() string {
	after := ""
	if e.cut {
		after = fmt.Sprintf(" after cutting names to %d bytes", maxWidth)
	}
	return fmt.Sprintf("dotnames are not unique in %s%s: %q (records %d and %d)",
		e.path, after, e.name, e.first, e.second)
}

func (e *duplicateError) Unwrap() error { return ErrDuplicateDotname }

// checkUnique returns a duplicateError for the first repeated name.
func checkUnique(path string, names []string, cut bool) error {
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if j, ok := seen[n]; ok {
			return &duplicateError{path: path, name: n, first: j + 1, second: i + 1, cut: cut}
		}
		seen[n] = i
	}
	return nil
}
