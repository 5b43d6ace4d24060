package runfile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/echo/echotest"
)

// TestRunFileLongValuesAreNotEchoed checks that run-file errors about a
// 10 KB key or value (issue 26) repeat at most echo.Max bytes of it, say
// how long it was, and still name where it is.
func TestRunFileLongValuesAreNotEchoed(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	tests := []struct {
		name, toml, want string
	}{
		{"top-level key", long + " = 1\n", "unknown key"},
		{"component type", "[[phases]]\ntype = \"" + long + "\"\n", "phases[1].type: unknown component type"},
		{"component key", "[[phases]]\ntype = \"Infection\"\n" + long + " = 1\n", "phases[1].xxx"},
		{"mixer key", "[[phases]]\ntype = \"Infection\"\nmixer = { type = \"gravity\", " + long + " = 1 }\n", "phases[1].mixer.xxx"},
		{"builder", "[scenario]\nbuilder = \"" + long + "\"\n", "scenario.builder: unknown builder"},
		{"compartment", "compartments = [\"" + long + "\", \"" + long + "\"]\n", "is declared twice"},
		{"output key", "[output]\n" + long + " = \"x\"\n", "output.xxx"},
		{"ensemble key", "[ensemble]\n" + long + " = 1\n", "ensemble.xxx"},
		{"params key", "[params]\n" + long + " = 1\n", "params"},
		{"start_time", "[params]\nstart_time = \"" + long + "\"\n", "start_time"},
		{"integer literal", "[params]\nseed = 1" + strings.Repeat("0", 10_000) + ".5\n", "seed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tc.toml), "run.toml", t.TempDir())
			require.ErrorContains(t, err, tc.want)
			echotest.RequireShortEcho(t, err, "x", "0")
		})
	}
}
