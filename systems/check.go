package systems

import (
	"fmt"
	"math"
)

// checkNonNegative returns the error "<what> must be a finite number >= 0,
// got v" unless v is finite and ≥ 0 (NaN and +Inf fail).
func checkNonNegative(what string, v float64) error {
	if !(v >= 0) || math.IsInf(v, 1) {
		return fmt.Errorf("%s must be a finite number >= 0, got %v", what, v)
	}
	return nil
}
