package rng

import (
	"errors"
	"fmt"
	"math"
)

// Alias is a Walker alias table (Walker 1977, ACM TOMS 3:253–256; built by
// Vose's stable method, IEEE TSE 17:972–975, 1991): it draws an index i with
// probability w_i/Σw in O(1), one uniform per draw. It is read-only after
// [NewAlias] and safe for concurrent draws from different sources.
type Alias struct {
	prob  []float64 // P(keep column i | column i chosen)
	alias []int32   // the other index of column i
}

// ErrBadWeights: the weights of [NewAlias] are empty, longer than 2³¹ − 1,
// or hold a negative, NaN or infinite value, or sum to 0.
var ErrBadWeights = errors.New("bad alias table weights")

// NewAlias builds the table of weights (non-negative, finite, not all 0;
// they need not sum to 1). Errors wrap [ErrBadWeights] and name the index.
func NewAlias(weights []float64) (*Alias, error) {
	n := len(weights)
	if n == 0 || n > math.MaxInt32 {
		return nil, fmt.Errorf("rng: %w: %d weights, expected 1 to %d", ErrBadWeights, n, math.MaxInt32)
	}
	var sum float64
	for i, w := range weights {
		if !(w >= 0) || math.IsInf(w, 1) {
			return nil, fmt.Errorf("rng: %w: weight %d is %g, expected a finite value ≥ 0", ErrBadWeights, i, w)
		}
		sum += w
	}
	if !(sum > 0) || math.IsInf(sum, 1) {
		return nil, fmt.Errorf("rng: %w: the weights sum to %g, expected a finite value > 0", ErrBadWeights, sum)
	}
	a := &Alias{prob: make([]float64, n), alias: make([]int32, n)}
	scaled := make([]float64, n)
	small, large := make([]int32, 0, n), make([]int32, 0, n)
	for i, w := range weights {
		scaled[i] = w / sum * float64(n)
		if scaled[i] < 1 {
			small = append(small, int32(i))
		} else {
			large = append(large, int32(i))
		}
	}
	for len(small) > 0 && len(large) > 0 {
		l, g := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		a.prob[l], a.alias[l] = scaled[l], g
		scaled[g] -= 1 - scaled[l]
		if scaled[g] < 1 {
			large, small = large[:len(large)-1], append(small, g)
		}
	}
	// What is left has scaled weight 1 up to rounding (Vose): keep it always.
	for _, i := range append(small, large...) {
		a.prob[i], a.alias[i] = 1, i
	}
	return a, nil
}

// Len returns the number of indices.
func (a *Alias) Len() int { return len(a.prob) }

// Draw returns an index in [0, Len) drawn from src: with x = U·n (U =
// [Uniform]), column i = ⌊x⌋ is kept when the fraction x − i is below its
// keep probability, else its alias is returned. The fraction keeps 53 − log₂n
// bits, ample for the tables of rubeola (n ≤ 10⁶ leaves 33 bits).
func (a *Alias) Draw(src *Source) int {
	n := len(a.prob)
	x := Uniform(src) * float64(n)
	i := min(int(x), n-1) // U·n may round up to n when n is not a power of two
	if x-float64(i) < a.prob[i] {
		return i
	}
	return int(a.alias[i])
}
