package fuzzwatch

import (
	"testing"
	"time"
)

// Deadline is how long one fuzz input may take before Within fails it:
// far above what any input of the module's fuzz targets needs (milliseconds),
// far below the fuzzing time of a run.
const Deadline = 10 * time.Second

// Within runs fn and fails t when it has not returned after d: a fuzz input
// that hangs is then reported and saved under testdata/fuzz like a crash,
// instead of silently stalling the fuzzer until -fuzztime ends. fn runs on
// another goroutine, which a failure leaves behind (the fuzz worker restarts).
func Within(t testing.TB, d time.Duration, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("input still running after %v (a hang)", d)
	}
}
