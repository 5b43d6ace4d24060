package main

import (
	"testing"

	"github.com/rubeola/rubeola/benchkit"
)

// BenchmarkCatchupTick measures a tick of run.toml's model as it runs —
// the agent-based type, its schedule with CatchupDose, its four towns —
// with benchkit.FromRunFile; each model runs the file's year before a
// fresh one is built. Run it with
//
//	go test -run '^$' -bench CatchupTick -benchmem ./examples/abmcatchup
func BenchmarkCatchupTick(b *testing.B) {
	c := benchkit.FromRunFile(b, "run.toml")
	c.RunTicks = 365
	benchkit.Ticks(b, c)
}
