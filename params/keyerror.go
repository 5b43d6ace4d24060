package params

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/internal/echo"
)

// KeyErrorKind classifies a [KeyError].
type KeyErrorKind int

// The kinds of problem [DecodeStrict] reports per key.
const (
	// UnknownKey: the key is neither a field, an alias nor a rejected key.
	UnknownKey KeyErrorKind = iota + 1
	// RejectedKey: the key is listed in [KeyRules.Rejected].
	RejectedKey
	// ConflictingKeys: several given keys (aliases and/or the canonical key)
	// set the same field.
	ConflictingKeys
	// WrongType: the JSON value has the wrong type or is out of range for the
	// field (e.g. a string for a number, 5.5 or -1 for an unsigned integer).
	WrongType
	// BadValue: the field's own decoder (a json.Unmarshaler) refused the value,
	// or the key was given twice in one JSON object.
	BadValue
)

// String returns a short lower-case name of the kind.
func (k KeyErrorKind) String() string {
	switch k {
	case UnknownKey:
		return "unknown key"
	case RejectedKey:
		return "rejected key"
	case ConflictingKeys:
		return "conflicting keys"
	case WrongType:
		return "wrong type"
	case BadValue:
		return "bad value"
	}
	return fmt.Sprintf("KeyErrorKind(%d)", int(k))
}

// KeyError is one problem with one key found by [DecodeStrict]. Its Error
// text is the message documented on DecodeStrict; the fields let callers (for
// example a command line reporting TOML paths) format it their own way.
type KeyError struct {
	Component string       // KeyRules.Component
	Kind      KeyErrorKind // what is wrong
	// Key is the key as given in the input. For a problem inside a nested
	// value it is a path: "mixer.k", "season_table[3]".
	Key string
	// Others holds, for ConflictingKeys, the other keys that set the same
	// field; Key and Others together are sorted.
	Others []string
	// Suggestion is, for UnknownKey, the closest known key ("" when none is
	// close; see [Suggest]).
	Suggestion string
	// Known lists, for UnknownKey, the keys accepted at that place.
	Known []string
	// Detail is the hint of a RejectedKey (may be empty), the "expected X, got
	// Y" text of a WrongType, or the message of a BadValue.
	Detail string
	// Err is the underlying error of a BadValue, if any.
	Err error
}

// Error formats the problem, prefixed with the component name, e.g.
//
//	InfectionProcess: unknown key "betta" (did you mean "beta"?)
//	VitalDynamicsProcess: key "cbr" is not accepted: did you mean "crude_birth_rate"?
//	InfectionProcess: keys "seasonal_amplitude" and "seasonality" both set the same parameter
//	InfectionProcess: key "beta": expected number, got string
func (e *KeyError) Error() string {
	return e.Component + ": " + e.Message()
}

// Message is Error without the component prefix.
func (e *KeyError) Message() string {
	switch e.Kind {
	case UnknownKey:
		return "unknown key " + echo.Quote(e.Key) + e.hint()
	case RejectedKey:
		return "key " + echo.Quote(e.Key) + " is not accepted" + e.reason()
	case ConflictingKeys:
		return e.conflict()
	default:
		return "key " + echo.Quote(e.Key) + ": " + e.Detail
	}
}

// Problem is Message without the key, for callers that name the key
// themselves (a run file names its TOML path): "unknown key (did you mean
// "beta"?)", "not accepted: configure the mixer", "expected number, got
// string". Conflicts name all their keys: `keys "a" and "b" both set the
// same parameter`.
func (e *KeyError) Problem() string {
	switch e.Kind {
	case UnknownKey:
		return "unknown key" + e.hint()
	case RejectedKey:
		return "not accepted" + e.reason()
	case ConflictingKeys:
		return e.conflict()
	default:
		return e.Detail
	}
}

// hint is the did-you-mean or known-keys part of an UnknownKey message.
func (e *KeyError) hint() string {
	switch {
	case e.Suggestion != "":
		return fmt.Sprintf(" (did you mean %q?)", e.Suggestion)
	case len(e.Known) > 0:
		return " (known keys: " + strings.Join(e.Known, ", ") + ")"
	}
	return ""
}

// reason is the ": hint" part of a RejectedKey message.
func (e *KeyError) reason() string {
	if e.Detail == "" {
		return ""
	}
	return ": " + e.Detail
}

// conflict is the message of a ConflictingKeys problem.
func (e *KeyError) conflict() string {
	all := append([]string{e.Key}, e.Others...)
	quoted := make([]string, len(all))
	for i, k := range all {
		quoted[i] = fmt.Sprintf("%q", k)
	}
	if len(quoted) == 2 {
		return fmt.Sprintf("keys %s and %s both set the same parameter", quoted[0], quoted[1])
	}
	return fmt.Sprintf("keys %s and %s all set the same parameter",
		strings.Join(quoted[:len(quoted)-1], ", "), quoted[len(quoted)-1])
}

// Unwrap returns the underlying error of a BadValue, or nil.
func (e *KeyError) Unwrap() error { return e.Err }

// KeyErrors returns every *KeyError in err's tree (errors.Join and %w
// wrapping are followed), in order. It returns nil when there is none.
func KeyErrors(err error) []*KeyError {
	var out []*KeyError
	var walk func(error)
	walk = func(err error) {
		if err == nil {
			return
		}
		if ke, ok := err.(*KeyError); ok {
			out = append(out, ke)
			return
		}
		switch u := err.(type) {
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				walk(e)
			}
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		}
	}
	walk(err)
	return out
}

// PrefixErrors prefixes every error joined in err (errors.Join, nested
// too) with prefix + ": ", so that each line of a message reporting several
// problems names its source. A single error is wrapped with %w; joined
// errors are re-joined after wrapping each one; nil stays nil.
func PrefixErrors(prefix string, err error) error {
	if err == nil {
		return nil
	}
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		list := u.Unwrap()
		wrapped := make([]error, len(list))
		for i, e := range list {
			wrapped[i] = PrefixErrors(prefix, e)
		}
		return errors.Join(wrapped...)
	}
	return fmt.Errorf("%s: %w", prefix, err)
}
