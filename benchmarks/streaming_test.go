package benchmarks

import (
	"fmt"
	"testing"

	"github.com/rubeola/rubeola/benchkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// streamingSizes are the patch counts of BenchmarkTickStreaming (issue 27:
// the exact streaming kernel's per-tick cost at 5 000, 20 000 and 100 000).
var streamingSizes = []int{5000, 20000, 100000}

// streamingComponents returns the standard schedule with the Infection's
// storage "streaming" (D computed every tick, nothing of size N² kept).
func streamingComponents() []phases.Factory {
	fs := model.DefaultComponents()
	infection := systems.DefaultInfectionParams()
	infection.Seasonality = model.StandardSeasonality
	infection.Storage = systems.StorageStreaming
	fs[2] = systems.NewInfection(&infection)
	return fs
}

// BenchmarkTickStreaming measures whole ticks of the standard schedule
// (importation, infection, vital dynamics, state tracker; default gravity)
// with the exact streaming kernel at N = 5 000, 20 000 and 100 000
// RandomN patches (importation makes every patch infectious, so every tick
// computes all N(N−1)/2 distance pairs). The build (two applications of
// the operator) runs outside the timer. For the whole process's peak
// memory run one size under /usr/bin/time -v (docs/transmission.md).
func BenchmarkTickStreaming(b *testing.B) {
	for _, n := range streamingSizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			skipLargeShort(b, n > streamingSizes[0])
			benchkit.Ticks(b, benchkit.Config{N: n, Components: streamingComponents, RunTicks: 4})
		})
	}
}
