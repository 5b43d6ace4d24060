package output

import "fmt"

// SetupError is an error before a run's first tick that comes from what
// the user gave: a component's initialisation (params, scenario,
// components) failed. The command line reports it as refused input.
type SetupError struct{ Err error }

// Error returns the underlying error's message.
func (e *SetupError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *SetupError) Unwrap() error { return e.Err }

// DirError is the error of an output directory that cannot be written: the
// temporary directory beside Dir could not be created.
type DirError struct {
	// Dir is the output directory.
	Dir string
	// Err is the error creating the temporary directory.
	Err error
}

// Error names the directory.
func (e *DirError) Error() string {
	return fmt.Sprintf("output directory %s: cannot write there: %v", e.Dir, e.Err)
}

// Unwrap returns the underlying error.
func (e *DirError) Unwrap() error { return e.Err }
