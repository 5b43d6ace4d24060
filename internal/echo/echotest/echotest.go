package echotest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/echo"
)

// RequireShortEcho fails t unless err's message says how long a cut value
// was ("… (N bytes)") and none of its lines repeats more than echo.Max
// bytes of any filler (the byte a test's long value is made of: "x" for
// 10 000 × "x").
func RequireShortEcho(t testing.TB, err error, fillers ...string) {
	t.Helper()
	require.Error(t, err)
	msg := err.Error()
	require.Contains(t, msg, " bytes)", "the message says how long the value was")
	for _, line := range strings.Split(msg, "\n") {
		for _, c := range fillers {
			require.False(t, strings.Contains(line, strings.Repeat(c, echo.Max+1)), "a line of %d bytes: %.200s…", len(line), line)
		}
	}
}
