package paramstest

import "github.com/rubeola/rubeola/params"

// QuietParams returns the default params with num_ticks and seed set and
// the progress bar off.
func QuietParams(ticks int, seed uint64) params.BiweeklyParams {
	p := params.Default()
	p.NumTicks = ticks
	p.Seed = seed
	p.ShowProgress = false
	return p
}
