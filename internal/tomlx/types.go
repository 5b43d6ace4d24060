package tomlx

import (
	"fmt"
	"time"
)

// Type names a decoded TOML value's type for messages: "a string", "an
// integer", "a float", "a boolean", "a table", "an array", "a datetime"
// (the Go type for anything else).
func Type(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case map[string]any:
		return "a table"
	case []map[string]any, []any:
		return "an array"
	case time.Time:
		return "a datetime"
	}
	return fmt.Sprintf("%T", v)
}

// Describe names a decoded TOML value for messages with its value when it
// is a scalar: `the string "x"`, "the integer 3", "the number 0.5", "the
// boolean true"; [Type] otherwise.
func Describe(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", x)
	case int64:
		return fmt.Sprintf("the integer %d", x)
	case float64:
		return fmt.Sprintf("the number %v", x)
	case bool:
		return fmt.Sprintf("the boolean %v", x)
	}
	return Type(v)
}
