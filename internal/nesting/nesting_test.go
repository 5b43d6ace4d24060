package nesting

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nested returns n opening brackets, v and n closing brackets.
func nested(n int, v string) string {
	return strings.Repeat("[", n) + v + strings.Repeat("]", n)
}

// msg is the message of an *Error at key and line.
func msg(key string, line int) string {
	return (&Error{Key: key, Line: line}).Error()
}

func TestErrorMessage(t *testing.T) {
	assert.Equal(t, "phases[1].beta (line 4): nested deeper than 64 levels of arrays and tables (rubeola reads at most 64; see docs/limits.md)",
		msg("phases[1].beta", 4))
	assert.Equal(t, "value: nested deeper than 64 levels of arrays and tables (rubeola reads at most 64; see docs/limits.md)",
		msg("", 0))
}

func TestScanTOML(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // "" for no error
	}{
		{"at the bound", "beta = " + nested(MaxDepth, "1") + "\n", ""},
		{"past the bound", "beta = " + nested(MaxDepth+1, "1") + "\n", msg("beta", 1)},
		{"issue 26: 32 000 deep in a phase", "scenario = \"s.csv\"\n[[phases]]\ntype = \"Infection\"\nbeta = " + nested(32000, "1") + "\n",
			msg("phases[1].beta", 4)},
		{"second array table", "[[phases]]\na = 1\n[[phases]]\nb = " + nested(100, "1"), msg("phases[2].b", 4)},
		{"table header", "[params.inner]\nx = " + nested(65, "1"), msg("params.inner.x", 2)},
		{"inline tables count", "x = " + strings.Repeat("{a = ", 65) + "1" + strings.Repeat("}", 65), msg("x", 1)},
		{"multi-line array", "x = [\n" + nested(64, "1") + "\n]\n", msg("x", 2)},
		{"brackets in strings", "x = \"" + strings.Repeat("[", 100) + "\"\ny = '" + strings.Repeat("{", 100) + "'\n", ""},
		{"escaped quote in a string", `x = "a\"[[[[" ` + "\n" + "y = " + nested(3, "1"), ""},
		{"brackets in multi-line strings", "x = \"\"\"\n" + strings.Repeat("[", 100) + "\n\"\"\"\ny = '''" + strings.Repeat("[", 100) + "'''\n", ""},
		{"brackets in comments", "# " + strings.Repeat("[", 100) + "\nx = 1 # " + strings.Repeat("{", 100) + "\n", ""},
		{"table headers do not add up", strings.Repeat("[[a]]\n", 100), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := ScanTOML([]byte(tc.in))
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.want)
		})
	}
}

func TestDecodeTOML(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"holidays of a season (the deepest example, 5 levels)",
			"[[phases]]\nseason = { holidays = [[\"12-22\", \"01-07\"]] }\n", ""},
		// 62 brackets inside phases → table: 64 levels, then 65.
		{"array of tables adds two levels, at the bound", "[[phases]]\nbeta = " + nested(62, "1") + "\n", ""},
		{"array of tables adds two levels, past it", "[[phases]]\nbeta = " + nested(63, "1") + "\n", "phases[1].beta: " + msg("", 0)[len("value: "):]},
		{"dotted keys", strings.Repeat("a.", 70) + "a = 1\n", "a.a.a.a.a.a.a.a…: " + msg("", 0)[len("value: "):]},
		{"scanned before parsing", "x = " + nested(3_000_000, "1"), msg("x", 1)},
		{"parse error is the parser's", "x = [1,\n", "not a valid TOML file: toml: "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, _, err := DecodeTOML([]byte(tc.in))
			if tc.want == "" {
				require.NoError(t, err)
				assert.NotNil(t, doc)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestScanJSON(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"at the bound", `{"beta": ` + nested(MaxDepth, "1") + "}", ""},
		{"past the bound", "{\"seed\": 1,\n\"beta\": " + nested(MaxDepth+1, "1") + "}", msg("beta", 2)},
		{"not an object", nested(MaxDepth+2, "1"), msg("", 1)},
		{"brackets and escaped quotes in strings", `{"a\"[": "[[[[\"{{{{"}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := ScanJSON([]byte(tc.in))
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.want)
		})
	}
}
