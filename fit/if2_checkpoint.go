package fit

import (
	"fmt"
	"slices"
)

// IF2Checkpoint is [IF2]'s state after an iteration: what a search killed
// mid-way needs to go on from there exactly as if it had not stopped
// (issue 37 item 8). Iteration m + 1 depends only on the particles'
// parameters after iteration m and on seeds derived from m, so the trace
// so far and those parameters are the whole state.
type IF2Checkpoint struct {
	// Trace holds the iterations done, from 1.
	Trace []IF2Iteration
	// Theta holds every particle's estimates on the estimation scale,
	// [estimate][patch] (patch p·J + i: town p's particle i; IF2: one
	// town), after the last iteration of Trace.
	Theta [][]float64
}

// check reports whether c fits a search of est estimates, particles
// patches (particles × towns) and iterations iterations.
func (c *IF2Checkpoint) check(est []Estimate, particles, iterations int) error {
	switch {
	case len(c.Theta) != len(est):
		return fmt.Errorf("fit: IF2 checkpoint of %d estimates, the search has %d", len(c.Theta), len(est))
	case len(c.Trace) == 0 || len(c.Trace) > iterations:
		return fmt.Errorf("fit: IF2 checkpoint after %d iterations, the search has %d", len(c.Trace), iterations)
	}
	for e, th := range c.Theta {
		if len(th) != particles {
			return fmt.Errorf("fit: IF2 checkpoint of %d particles for %q, the search has %d", len(th), est[e].Name, particles)
		}
	}
	return nil
}

// restore puts the checkpoint's parameters into the walker and returns
// a copy of its trace.
func (w *walker) restore(c *IF2Checkpoint) []IF2Iteration {
	for e := range w.theta {
		copy(w.theta[e], c.Theta[e])
	}
	return slices.Clone(c.Trace)
}

// checkpoint returns the walker's state after the iterations of trace
// (copies: the walker goes on).
func (w *walker) checkpoint(trace []IF2Iteration) *IF2Checkpoint {
	c := &IF2Checkpoint{Trace: slices.Clone(trace)}
	for _, th := range w.theta {
		c.Theta = append(c.Theta, slices.Clone(th))
	}
	return c
}
