package sweep

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/echo/echotest"
)

// TestLongValuesAreNotEchoed checks that an error about a 10 KB key or
// value (issue 26: "a sweep error echoes a 10 KB value on one line")
// repeats at most echo.Max bytes of it, and still names where it is.
func TestLongValuesAreNotEchoed(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	tests := []struct {
		name, table, want string
	}{
		{"mode", `mode = "` + long + `"`, "[sweep] mode"},
		{"replicates", `replicates = "` + long + `"`, "[sweep] replicates"},
		{"axis path", `"` + long + `" = [1]`, "(10000 bytes)"},
		{"params key", `"params.` + long + `" = [1]`, "(10000 bytes)"},
		{"component type", `"phases.` + long + `.beta" = [1]`, "unknown component type"},
		{"phase key", `"phases.Infection.` + long + `" = [1]`, "(10000 bytes)"},
		{"range key", `"params.seed" = { from = 1, to = 2, ` + long + ` = 3 }`, "range: unknown key"},
		{"entry number", `"phases[` + long + `].beta" = [1]`, "an entry number"},
		{"string value", `"params.start_time" = ["` + long + `"]`, "start_time"},
		{"value of the wrong type", `"phases.Infection.beta" = ["` + long + `"]`, "beta"},
		{"table value", `"phases.Infection.mixer" = [{ type = "gravity", k = "` + long + `" }]`, "mixer"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := decodeSweep(t, tc.table)
			if err == nil {
				err = f.Validate(nil, 1, Shard{})
			}
			require.ErrorContains(t, err, tc.want)
			echotest.RequireShortEcho(t, err, "x")
		})
	}
}
