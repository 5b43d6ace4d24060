package tomlx

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestTypeAndDescribe: the names of BurntSushi/toml's decoded types, with
// the value for scalars in Describe.
func TestTypeAndDescribe(t *testing.T) {
	date := time.Date(2001, 2, 3, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		v              any
		typ, described string
	}{
		{"s", "a string", `the string "s"`},
		{int64(1), "an integer", "the integer 1"},
		{1.5, "a float", "the number 1.5"},
		{true, "a boolean", "the boolean true"},
		{map[string]any{}, "a table", "a table"},
		{[]any{}, "an array", "an array"},
		{[]map[string]any{}, "an array", "an array"},
		{date, "a datetime", "a datetime"},
		{int32(1), "int32", "int32"},
	} {
		assert.Equal(t, tc.typ, Type(tc.v), "%#v", tc.v)
		assert.Equal(t, tc.described, Describe(tc.v), "%#v", tc.v)
	}
}

// TestToJSON: a bare date becomes YYYY-MM-DD and a datetime RFC 3339, in
// nested tables and arrays too.
func TestToJSON(t *testing.T) {
	date := time.Date(2001, 2, 3, 0, 0, 0, 0, time.UTC)
	noon := time.Date(2001, 2, 3, 12, 0, 0, 0, time.UTC)
	got := ToJSON(map[string]any{"d": date, "l": []any{date}, "t": []map[string]any{{"n": noon}}})
	assert.Equal(t, map[string]any{"d": "2001-02-03", "l": []any{"2001-02-03"},
		"t": []any{map[string]any{"n": "2001-02-03T12:00:00Z"}}}, got)
}

// TestUnknownKey: the closest known key as a hint, else the known keys.
func TestUnknownKey(t *testing.T) {
	assert.Equal(t, `unknown key (did you mean "beta"?)`, UnknownKey("betta", []string{"beta", "gamma"}))
	assert.Equal(t, "unknown key (known keys: beta, gamma)", UnknownKey("zzzzzz", []string{"beta", "gamma"}))
	assert.Equal(t, []string{"a", "b"}, SortedKeys(map[string]any{"b": 1, "a": 2}))
}
