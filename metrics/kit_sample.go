package metrics

import (
	"fmt"

	"github.com/rubeola/rubeola/phases"
)

// Sample is one sampled tick of a [Kit]: the per-tick function fills one
// value per group of each state, starting from zero.
type Sample[V Value] struct {
	// Model is the running model.
	Model phases.Model
	// Tick is the tick being recorded.
	Tick int

	kit *Kit[V]
	row []V // state-major, then group
}

// Groups is the number of groups.
func (s *Sample[V]) Groups() int { return len(s.kit.groupIDs) }

// Members returns group g's patch indices (a view: do not modify).
func (s *Sample[V]) Members(g int) []int { return s.kit.members[g] }

// Values returns state k's per-group values to fill (k indexes the spec's
// States; a view into storage, zero at the start of the tick).
func (s *Sample[V]) Values(k int) []V {
	g := len(s.kit.groupIDs)
	return s.row[k*g : (k+1)*g : (k+1)*g]
}

// Set sets state k's value of group g.
func (s *Sample[V]) Set(k, g int, v V) { s.Values(k)[g] = v }

// Sum returns Σ col[j] over group g's patches: col is a per-patch column
// (a state's column view from the world, or any per-patch int64 slice).
func (s *Sample[V]) Sum(g int, col []int64) int64 {
	if s.kit.all {
		var sum int64
		for _, v := range col {
			sum += v
		}
		return sum
	}
	var sum int64
	for _, j := range s.kit.members[g] {
		sum += col[j]
	}
	return sum
}

// SumState returns Σ of the world's state (e.g. "S", or a declared
// compartment) over group g's patches; an unknown state is an error.
func (s *Sample[V]) SumState(g int, state string) (int64, error) {
	col, err := s.Model.World().State(state)
	if err != nil {
		return 0, fmt.Errorf("state %q: %w", state, err)
	}
	return s.Sum(g, col), nil
}

// Population returns group g's population: Σ over its patches of every
// compartment (S, E, I, R and any declared one), what PopulationTracker
// records; the denominator of a share. It allocates nothing.
func (s *Sample[V]) Population(g int) int64 {
	var n int64
	for _, col := range s.kit.states {
		n += s.Sum(g, col)
	}
	return n
}

// SumInto sets state k's value of every group to Σ col over its patches.
func (s *Sample[V]) SumInto(k int, col []int64) {
	vals := s.Values(k)
	for g := range vals {
		vals[g] = V(s.Sum(g, col))
	}
}
