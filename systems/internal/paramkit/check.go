package paramkit

import (
	"fmt"
	"math"
	"slices"
)

// Choice returns the error "<what>: "v" is not one of [allowed]" unless v
// is one of allowed.
func Choice(what, v string, allowed ...string) error {
	if slices.Contains(allowed, v) {
		return nil
	}
	return fmt.Errorf("%s: %q is not one of %q", what, v, allowed)
}

// NonNegative returns the error "<what> must be a finite number >= 0, got
// v" unless v is finite and ≥ 0 (NaN and +Inf fail).
func NonNegative(what string, v float64) error {
	if !(v >= 0) || math.IsInf(v, 1) {
		return fmt.Errorf("%s must be a finite number >= 0, got %v", what, v)
	}
	return nil
}
