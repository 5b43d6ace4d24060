package systems

import "github.com/rubeola/rubeola/phases"

// ForcePressure runs Infection's force of tick and returns the pressure
// β_tick·s(t)·(Σ_i I_i·M[i,j])^α of patches [lo, hi), the numerator of λ_j
// its draws use (tests of the force without the draws).
func (c *Infection) ForcePressure(m phases.Model, tick, lo, hi int) []float64 {
	c.force(m, tick)
	return c.pressure(lo, hi)
}

// ForceOnly runs Infection's force of tick alone (allocation tests).
func (c *Infection) ForceOnly(m phases.Model, tick int) { c.force(m, tick) }

// Force returns the SEIR transmission's force of infection.
func (c *SEIRInfection) Force() *Infection { return &c.force }
