package mixing

import (
	"fmt"
	"math"
)

// param is one named mixer parameter, for validation messages.
type param struct {
	key string
	v   float64
}

// checkFinite returns an error naming the first parameter that is NaN or
// infinite, e.g. "mixing: gravity: c = +Inf is not finite"; mixer is the
// mixer's JSON type.
func checkFinite(mixer string, ps ...param) error {
	for _, p := range ps {
		if math.IsNaN(p.v) || math.IsInf(p.v, 0) {
			return fmt.Errorf("mixing: %s: %s = %v is not finite", mixer, p.key, p.v)
		}
	}
	return nil
}

// checkAtLeast returns an error if p.v < lo, e.g. "mixing: gravity: a = 0.5
// must be >= 1".
func checkAtLeast(mixer string, p param, lo float64) error {
	if p.v < lo {
		return fmt.Errorf("mixing: %s: %s = %v must be >= %v", mixer, p.key, p.v, lo)
	}
	return nil
}

// checkScale returns an error unless the migration scale k lies in [0, 1],
// e.g. "mixing: radiation: k = 1.5 must be in [0, 1]".
func checkScale(mixer string, k float64) error {
	if k < 0 || k > 1 {
		return fmt.Errorf("mixing: %s: k = %v must be in [0, 1]", mixer, k)
	}
	return nil
}

// firstError returns the first non-nil error of errs.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
