package fit

import (
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/rng"
)

// Parameter transforms to the estimation scale ([Estimate.Transform]).
const (
	// TransformNone estimates x itself.
	TransformNone = "none"
	// TransformLog estimates log(x), for x > 0.
	TransformLog = "log"
	// TransformLogit estimates log((x − lo)/(hi − x)) for x in (lo, hi):
	// the logit of x ∈ (0, 1) when the bounds are 0 and 1.
	TransformLogit = "logit"
)

// Estimate is one parameter that iterated filtering ([IF2]) estimates: its
// bounds, the transform to the scale its random walk runs on, the walk's
// standard deviation on that scale and whether it is an initial-value
// parameter.
type Estimate struct {
	// Name is the parameter's name as [Spec] parameters are named ("r0",
	// "rho", "S_0", "EulerSEIRProcess.r0", …).
	Name string
	// Lower and Upper bound the parameter (natural scale; Lower < Upper,
	// an infinite bound where the transform allows it). Perturbed values
	// are reflected at the bounds on the estimation scale, so they never
	// leave [Lower, Upper].
	Lower, Upper float64
	// Transform is [TransformLog] (needs Lower ≥ 0), [TransformLogit]
	// (needs finite bounds: the logit of (x − Lower)/(Upper − Lower)) or
	// [TransformNone].
	Transform string
	// RWSD is the random walk's standard deviation on the estimation
	// scale before cooling (pomp's rw.sd); 0 holds the parameter at its
	// start.
	RWSD float64
	// IVP marks an initial-value parameter (S_0, E_0, …: pomp's ivp()):
	// perturbed once, before the model is initialised, instead of before
	// every report.
	IVP bool
	// PerTown marks a unit-specific parameter ([IBPF]): every town has its
	// own value, estimated by its own swarm mean. A shared parameter
	// (false) has one value for every town.
	PerTown bool
}

// Validate checks the bounds, the transform and the random walk's sd.
func (e Estimate) Validate() error {
	name := e.Name
	if name == "" {
		return errors.New("fit: an estimate has no parameter name")
	}
	if math.IsNaN(e.Lower) || math.IsNaN(e.Upper) || !(e.Lower < e.Upper) {
		return fmt.Errorf("fit: estimate %q: bounds are required with lower < upper, got lower = %v, upper = %v", name, e.Lower, e.Upper)
	}
	switch e.Transform {
	case TransformNone:
	case TransformLog:
		if e.Lower < 0 {
			return fmt.Errorf("fit: estimate %q: transform \"log\" needs lower >= 0 (log is for x > 0), got lower = %v", name, e.Lower)
		}
	case TransformLogit:
		if math.IsInf(e.Lower, 0) || math.IsInf(e.Upper, 0) {
			return fmt.Errorf("fit: estimate %q: transform \"logit\" needs finite bounds, got [%v, %v]", name, e.Lower, e.Upper)
		}
	default:
		return fmt.Errorf("fit: estimate %q: transform %q is not one of %q, %q, %q", name, e.Transform, TransformLog, TransformLogit, TransformNone)
	}
	if !(e.RWSD >= 0) || math.IsInf(e.RWSD, 1) {
		return fmt.Errorf("fit: estimate %q: rw_sd must be a finite number >= 0, got %v", name, e.RWSD)
	}
	return nil
}

// ValidateEstimates validates every estimate and checks that no name
// appears twice.
func ValidateEstimates(es []Estimate) error {
	seen := map[string]bool{}
	var errs []error
	for _, e := range es {
		if err := e.Validate(); err != nil {
			errs = append(errs, err)
			continue
		}
		if seen[e.Name] {
			errs = append(errs, fmt.Errorf("fit: parameter %q is estimated twice", e.Name))
		}
		seen[e.Name] = true
	}
	return errors.Join(errs...)
}

// ToEstimation returns x on the estimation scale (log x, the bounded logit
// or x itself).
func (e Estimate) ToEstimation(x float64) float64 {
	switch e.Transform {
	case TransformLog:
		return math.Log(x)
	case TransformLogit:
		return math.Log((x - e.Lower) / (e.Upper - x))
	}
	return x
}

// FromEstimation returns the natural-scale value of y, within [Lower,
// Upper] (the inverse of [Estimate.ToEstimation], clamped against
// rounding; its exponential is rng.Exp, within 3 ulp of math.Exp).
func (e Estimate) FromEstimation(y float64) float64 {
	return fromEstimation(e.kind(), e.Lower, e.Upper, y)
}

// transformKind is a transform as a small integer, for the hot loops.
type transformKind uint8

// The transform kinds.
const (
	kindNone transformKind = iota
	kindLog
	kindLogit
)

// kind returns the estimate's transform kind.
func (e Estimate) kind() transformKind {
	switch e.Transform {
	case TransformLog:
		return kindLog
	case TransformLogit:
		return kindLogit
	}
	return kindNone
}

// fromEstimation is [Estimate.FromEstimation] for kind k and bounds lo,
// hi.
func fromEstimation(k transformKind, lo, hi, y float64) float64 {
	var x float64
	switch k {
	case kindLog:
		x = rng.Exp(y)
	case kindLogit:
		// lo + (hi − lo)·σ(y), σ(y) = 1/(1 + e^(−y)) = e^y/(1 + e^y): the
		// form whose exponential cannot overflow.
		if y >= 0 {
			x = lo + (hi-lo)/(1+rng.Exp(-y))
		} else {
			t := rng.Exp(y)
			x = lo + (hi-lo)*t/(1+t)
		}
	default:
		x = y
	}
	return min(max(x, lo), hi)
}

// CheckValue reports whether x may start a random walk: within [Lower,
// Upper] and finite on the estimation scale (so x > 0 for log and Lower <
// x < Upper for logit).
func (e Estimate) CheckValue(x float64) error {
	y := e.ToEstimation(x)
	if !(x >= e.Lower && x <= e.Upper) || math.IsNaN(y) || math.IsInf(y, 0) {
		return fmt.Errorf("fit: estimate %q: start %v is outside its bounds [%v, %v] (transform %q)", e.Name, x, e.Lower, e.Upper, e.Transform)
	}
	return nil
}

// estBounds returns the bounds on the estimation scale (±Inf where the
// transform maps a bound there).
func (e Estimate) estBounds() (lo, hi float64) {
	switch e.Transform {
	case TransformLog:
		return math.Log(e.Lower), math.Log(e.Upper)
	case TransformLogit:
		return math.Inf(-1), math.Inf(1)
	}
	return e.Lower, e.Upper
}

// reflect folds y into [lo, hi] by reflecting at the bounds (an infinite
// bound never reflects).
func reflect(y, lo, hi float64) float64 {
	if y >= lo && y <= hi {
		return y
	}
	if math.IsInf(lo, -1) {
		return 2*hi - y
	}
	if math.IsInf(hi, 1) {
		return 2*lo - y
	}
	w := hi - lo
	t := math.Mod(y-lo, 2*w)
	if t < 0 {
		t += 2 * w
	}
	if t > w {
		t = 2*w - t
	}
	return lo + t
}
