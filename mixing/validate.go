package mixing

import (
	"errors"
	"fmt"
	"math"
)

// param is one named mixer parameter and the closed range it must lie in
// (an infinite bound is no bound), for validation messages.
type param struct {
	key    string
	v      float64
	lo, hi float64
}

// finite is a parameter that only has to be finite.
func finite(key string, v float64) param { return param{key, v, math.Inf(-1), math.Inf(1)} }

// atLeast is a parameter that must be finite and >= lo.
func atLeast(key string, v, lo float64) param { return param{key, v, lo, math.Inf(1)} }

// scale is a migration scale: finite and in [0, 1].
func scale(key string, v float64) param { return param{key, v, 0, 1} }

// checkParams returns every problem with ps, joined, at most one per
// parameter, each naming the mixer (its JSON type) and the key:
// "mixing: gravity: c = +Inf is not finite", "mixing: gravity: a = 0.5 must
// be >= 1", "mixing: radiation: k = 1.5 must be in [0, 1]".
func checkParams(mixer string, ps ...param) error {
	var errs []error
	for _, p := range ps {
		switch {
		case math.IsNaN(p.v) || math.IsInf(p.v, 0):
			errs = append(errs, fmt.Errorf("mixing: %s: %s = %v is not finite", mixer, p.key, p.v))
		case !math.IsInf(p.hi, 1) && (p.v < p.lo || p.v > p.hi):
			errs = append(errs, fmt.Errorf("mixing: %s: %s = %v must be in [%v, %v]", mixer, p.key, p.v, p.lo, p.hi))
		case p.v < p.lo:
			errs = append(errs, fmt.Errorf("mixing: %s: %s = %v must be >= %v", mixer, p.key, p.v, p.lo))
		}
	}
	return errors.Join(errs...)
}
