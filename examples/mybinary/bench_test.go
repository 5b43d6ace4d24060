package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/benchkit"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
)

// runFileComponents returns run.toml's component list: the standard
// schedule plus the user's Waning (registered by TestMain, as main does).
func runFileComponents(tb testing.TB) func() []phases.Factory {
	return func() []phases.Factory {
		rf, err := runfile.Load("run.toml")
		require.NoError(tb, err)
		return rf.Components
	}
}

// BenchmarkWaningTick measures what Waning adds to a tick: full ticks of
// run.toml's list against the standard schedule alone, on N = 1 000
// RandomN patches (benchkit's scenario). Run it with
//
//	go test -run '^$' -bench WaningTick -benchmem ./examples/mybinary
func BenchmarkWaningTick(b *testing.B) {
	const n = 1000
	for name, fs := range map[string]func() []phases.Factory{
		"standard": nil, // benchkit's default: the standard schedule
		"waning":   runFileComponents(b),
	} {
		b.Run(fmt.Sprintf("%s/N=%d", name, n), func(b *testing.B) {
			benchkit.Ticks(b, benchkit.Config{N: n, Components: fs})
		})
	}
}

// TestWaningAllocatesNothing: a tick with Waning keeps the project's
// zero-allocation rule (DESIGN §4 rule 1), averaged over 100 ticks on 200
// patches (more than one block of the worker pool).
func TestWaningAllocatesNothing(t *testing.T) {
	c := benchkit.Config{N: 200, Components: runFileComponents(t)}
	assert.Zero(t, c.AllocsPerTick(t, 100))
}
