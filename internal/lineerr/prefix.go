package lineerr

import "strings"

// Prefix returns err with prefix before every line of its message; it
// unwraps to err. err must not be nil.
func Prefix(prefix string, err error) error { return &lineError{prefix: prefix, err: err} }

// lineError prefixes every line of its error's message.
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
