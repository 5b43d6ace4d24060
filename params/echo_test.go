package params

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/echo/echotest"
)

// TestLongValuesAreNotEchoed checks that params errors about a 10 KB key or
// value (issue 26) repeat at most echo.Max bytes of it and say how long it
// was, in JSON and in TOML.
func TestLongValuesAreNotEchoed(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	digits := "1" + strings.Repeat("0", 10_000)
	tests := []struct {
		name, doc   string
		toml, float bool // DecodeTOML, DecodeStrict of a float (else DecodeJSON)
		want        string
	}{
		{"JSON key", `{"` + long + `": 1}`, false, false, "unknown key"},
		{"JSON start_time", `{"start_time": "` + long + `"}`, false, false, "start_time"},
		{"JSON integer out of range", `{"seed": ` + digits + `}`, false, false, "seed"},
		{"JSON integer with a fraction", `{"seed": ` + digits + `.5}`, false, false, "seed"},
		{"JSON float out of range", `{"beta": ` + digits + `}`, false, true, "beta"},
		{"TOML key", long + " = 1\n", true, false, "unknown key"},
		{"TOML float out of range", "seed = " + digits + ".5\n", true, false, "not a valid TOML file"},
		{"TOML last key", `"` + long + `" = ` + digits + ".5\n", true, false, "not a valid TOML file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			switch {
			case tc.float:
				var dst struct {
					Beta float64 `json:"beta"`
				}
				err = DecodeStrict([]byte(tc.doc), &dst, KeyRules{Component: "InfectionProcess"})
			case tc.toml:
				_, err = DecodeTOML(strings.NewReader(tc.doc))
			default:
				_, err = DecodeJSON(strings.NewReader(tc.doc))
			}
			require.Error(t, err)
			if tc.toml && tc.want == "not a valid TOML file" {
				require.ErrorAs(t, err, new(toml.ParseError), "the parse error (its position) stays reachable")
			}
			require.Contains(t, err.Error(), tc.want)
			echotest.RequireShortEcho(t, err, "x", "0")
		})
	}
}
