package nesting

import "fmt"

// MaxDepth is the deepest nesting of arrays and tables (JSON objects) read:
// 64 levels, a value inside at most 64 of them (the document itself not
// counted). The deepest legitimate input of rubeola, a run file's
// holidays of a season inside a phase (phases → table → season → holidays
// → pair), is 5 levels; 64 leaves a wide margin while the recursion and the
// key paths stay small.
const MaxDepth = 64

// Error is an input nested deeper than [MaxDepth]. Its message names the key
// and, when known, the line:
//
//	phases[1].beta (line 4): nested deeper than 64 levels of arrays and tables (rubeola reads at most 64; see docs/limits.md)
type Error struct {
	Key  string // dotted key path, arrays of tables numbered from 1; "" for a top-level value
	Line int    // 1-based line where the deep value is; 0 when unknown
}

// Error implements error.
func (e *Error) Error() string {
	where := e.Key
	if where == "" {
		where = "value"
	}
	if e.Line > 0 {
		where += fmt.Sprintf(" (line %d)", e.Line)
	}
	return fmt.Sprintf("%s: nested deeper than %d levels of arrays and tables (rubeola reads at most %d; see docs/limits.md)",
		where, MaxDepth, MaxDepth)
}
