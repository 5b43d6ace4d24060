package benchkit

import (
	"time"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
)

// QuietParams returns the default params with num_ticks and seed set and
// the progress bar off (also the compartmental model's defaults:
// [params.DefaultCompartmental] has the same fields).
func QuietParams(ticks int, seed uint64) params.BiweeklyParams {
	return paramstest.QuietParams(ticks, seed)
}

// ProcessCPU returns the CPU time (user + system) the process used so far,
// every thread included (0 where the platform does not tell): on a shared
// machine the difference of two readings measures a benchmark's work,
// where wall time also counts waiting for a core.
func ProcessCPU() time.Duration { return testkit.ProcessCPU() }
