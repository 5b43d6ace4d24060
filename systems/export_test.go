package systems

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// ForcePressure runs Infection's force of tick and returns the pressure
// β_tick·s(t)·(Σ_i I_i·M[i,j])^α of patches [lo, hi), the numerator of λ_j
// its draws use (tests of the force without the draws).
func (c *Infection) ForcePressure(m phases.Model, tick, lo, hi int) []float64 {
	c.force(m, tick)
	return c.pressure(lo, hi)
}

// ForceOnly runs Infection's force of tick alone (allocation tests).
func (c *Infection) ForceOnly(m phases.Model, tick int) { c.force(m, tick) }

// ConstantPopRoles is ConstantPopBlock with the roles of declared
// compartments (rc's columns start at the block's first patch).
func ConstantPopRoles(src *rng.Source, mu float64, s, e, i, r []int64, rc *ecs.RoleColumns) (int64, *CountError) {
	return constantPopBlock(src, mu, s, e, i, r, rc, 0)
}

// InfectRoles is InfectBlock with the roles of declared compartments.
func InfectRoles(src *rng.Source, s, i, r []int64, acc []float64, rc *ecs.RoleColumns) *CountError {
	return infectBlock(src, s, i, r, acc, rc, 0)
}

// ImportRoles is ImportationPressure's draw (hazards) with the roles of
// declared compartments, writing each patch's imports into out.
func ImportRoles(src *rng.Source, s, e, i, r []int64, hazard []float64, rc *ecs.RoleColumns, out []int64) {
	importBlock(src, s, e, i, r, hazard, true, rc, 0, out)
}
