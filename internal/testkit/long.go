package testkit

import (
	"os"
	"testing"
)

// LongEnv names the one switch of the long tests: the statistical and scale
// tests that take minutes run only when it is set to 1 (.ci/run sets it;
// docs/testing.md lists the tests and their times). Without it the plain
// `go test ./...` stays within a few minutes on 2 cores.
const LongEnv = "RUBEOLA_LONG"

// LongOn reports whether the long tests run: RUBEOLA_LONG=1 and not
// -short. A test with a smoke size runs it unless LongOn, its full size
// when LongOn.
func LongOn() bool { return os.Getenv(LongEnv) == "1" && !testing.Short() }

// Long skips t unless the long tests are switched on, and under -short
// whether or not they are (CI's race step runs -short with the switch
// set); cost says what the test does and how long it takes (e.g. "3
// profile likelihoods: about 70 s on 2 cores") and is part of the skip
// message, with the variable to set.
func Long(t testing.TB, cost string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("long test (%s): skipped with -short", cost)
	}
	if os.Getenv(LongEnv) != "1" {
		t.Skipf("long test (%s): set %s=1 to run it (see docs/testing.md)", cost, LongEnv)
	}
}
