package tty

import (
	"io"

	"golang.org/x/term"
)

// fder is a stream backed by a file descriptor (an *os.File).
type fder interface {
	Fd() uintptr
}

// Check reports whether a stream is a terminal. The model and the
// demographics downloads take one so tests can inject the answer.
type Check func(w io.Writer) bool

// IsTerminal reports whether w is a file descriptor attached to a terminal
// (golang.org/x/term.IsTerminal). Buffers, pipes, regular files and
// io.Discard are not.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(fder)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Always is a Check that answers yes: it draws a bar into any stream (tests,
// or a caller who wants the bar in a log regardless).
func Always(io.Writer) bool { return true }
