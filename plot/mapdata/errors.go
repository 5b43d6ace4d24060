package mapdata

import "fmt"

// InputError is a problem with one of the run's files: its path, the data
// row (1-based, counting from the first row after a CSV header; 0 when the
// problem is the file as a whole) and column ("" when none). The plot
// package's InputError is this type.
type InputError struct {
	File   string
	Row    int
	Column string
	Err    error
}

func (e *InputError) Error() string {
	switch {
	case e.Row > 0 && e.Column != "":
		return fmt.Sprintf("%s: row %d, column %q: %v", e.File, e.Row, e.Column, e.Err)
	case e.Row > 0:
		return fmt.Sprintf("%s: row %d: %v", e.File, e.Row, e.Err)
	case e.Column != "":
		return fmt.Sprintf("%s: column %q: %v", e.File, e.Column, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *InputError) Unwrap() error { return e.Err }
