package nesting

import (
	"errors"
	"fmt"

	"github.com/BurntSushi/toml"

	"github.com/rubeola/rubeola/internal/echo"
)

// syntaxError is the TOML decoder's error err as messages show it: a
// toml.ParseError whose last key or message is longer than echo.Max bytes
// (the decoder repeats an offending literal whole, 10 KB of digits as
// 10 KB) is worded as the decoder words it with both cut by package echo,
// and still unwraps to the ParseError (its position); any other error is
// returned as it is.
func syntaxError(err error) error {
	var pe toml.ParseError
	if !errors.As(err, &pe) || (len(pe.LastKey) <= echo.Max && len(pe.Message) <= echo.Max) {
		return err
	}
	msg := fmt.Sprintf("toml: line %d: %s", pe.Position.Line, echo.Clip(pe.Message))
	if pe.LastKey != "" {
		msg = fmt.Sprintf("toml: line %d (last key %s): %s", pe.Position.Line, echo.Quote(pe.LastKey), echo.Clip(pe.Message))
	}
	return &shortenedError{msg: msg, err: err}
}

// shortenedError is an error reworded with a shorter message.
type shortenedError struct {
	msg string
	err error
}

func (e *shortenedError) Error() string { return e.msg }
func (e *shortenedError) Unwrap() error { return e.err }
