package compartmental

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// Force returns the transmission's force of infection.
func (c *Infection) Force() *systems.ForceOfInfection { return c.force }

// InfectionRoles is InfectionBlock with the roles of declared compartments,
// writing each patch's new E into newE.
func InfectionRoles(src *rng.Source, s, e, i, r []int64, acc []float64, sigma, gamma float64, inc, newE []int64, rc *ecs.RoleColumns) (int64, *systems.CountError) {
	return infectionBlock(src, s, e, i, r, acc, sigma, gamma, inc, newE, rc, 0)
}
