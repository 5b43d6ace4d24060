package ecs

import (
	"fmt"
	"math"
)

// Roles are what the built-in processes do with a declared compartment
// (one after the built-in S, I, R or S, E, I, R). The zero Roles is a
// compartment the built-in processes do not see: not in any population N,
// no deaths, not susceptible (a compartment's behaviour before roles
// existed, which keeps such runs byte-identical).
//
//	type Maternal int64
//	m := ecs.NewCompartment[Maternal]("M").WithRoles(ecs.Roles{InPopulation: true, Dies: true})
type Roles struct {
	// InPopulation counts the compartment in every population N a built-in
	// process divides or multiplies by: the force of infection's N_j
	// (Infection, the daily InfectionProcess, EulerSEIR), importation's N,
	// the crude births' N and the deaths-from-data hazard's N
	// (VitalDynamics).
	InPopulation bool `json:"in_population,omitempty"`
	// Dies makes VitalDynamics and ConstantPop draw the compartment's
	// deaths with the other compartments' (the same per-person hazard).
	Dies bool `json:"dies,omitempty"`
	// Susceptibility σ ≥ 0 is the compartment's susceptibility relative to
	// S: each tick its people are infected with hazard σ·λ_j (λ_j the
	// force on S) and move into E (an SEIR world) or I, counted as
	// infections like S's. 0 is not susceptible.
	Susceptibility float64 `json:"susceptibility,omitempty"`
}

// Check refuses a susceptibility that is negative or not finite.
func (r Roles) Check() error {
	if !(r.Susceptibility >= 0) || math.IsInf(r.Susceptibility, 0) {
		return fmt.Errorf("susceptibility must be a finite number ≥ 0, got %v", r.Susceptibility)
	}
	return nil
}

// IsZero reports whether r is the zero Roles (the compartment is invisible
// to the built-in processes).
func (r Roles) IsZero() bool { return r == Roles{} }

// WithRoles returns c with roles r (replacing c's). The roles are checked
// with the compartment's name and type ([CheckCompartments], [NewWorld]).
func (c Compartment) WithRoles(r Roles) Compartment {
	c.roles = r
	return c
}

// Roles returns the compartment's roles; zero for the built-in
// compartments, whose parts in every process are fixed.
func (c Compartment) Roles() Roles { return c.roles }

// RoleColumns are a world's extra compartments grouped by role: the
// columns (over all patches, aliasing the storage) of those counted in N,
// those that die, and those susceptible with their susceptibilities. A
// compartment with several roles is in several groups. The zero value has
// no compartment in any group.
type RoleColumns struct {
	Counted     [][]int64 // InPopulation
	Dying       [][]int64 // Dies
	Susceptible [][]int64 // Susceptibility > 0
	Sigma       []float64 // Susceptible's σ, in the same order
	// CountedNames, DyingNames and SusceptibleNames are the groups'
	// compartment names, in state order.
	CountedNames, DyingNames, SusceptibleNames []string
}

// RoleColumns groups the world's extra compartments by role, in state
// order. It allocates: call it once (at Initialize), not per tick.
func (w *World) RoleColumns() RoleColumns {
	var rc RoleColumns
	for k, c := range w.compartments[w.base:] {
		col := w.states[w.base+k]
		if c.roles.InPopulation {
			rc.Counted = append(rc.Counted, col)
			rc.CountedNames = append(rc.CountedNames, c.name)
		}
		if c.roles.Dies {
			rc.Dying = append(rc.Dying, col)
			rc.DyingNames = append(rc.DyingNames, c.name)
		}
		if c.roles.Susceptibility > 0 {
			rc.Susceptible = append(rc.Susceptible, col)
			rc.Sigma = append(rc.Sigma, c.roles.Susceptibility)
			rc.SusceptibleNames = append(rc.SusceptibleNames, c.name)
		}
	}
	return rc
}

// Roles returns the world's [RoleColumns], or nil when no extra
// compartment has a role: the built-in kernels then take the path of a
// world without declared compartments. It allocates: call it once (at
// Initialize).
func (w *World) Roles() *RoleColumns {
	rc := w.RoleColumns()
	if len(rc.Counted)+len(rc.Dying)+len(rc.Susceptible) == 0 {
		return nil
	}
	return &rc
}

// CountedAt returns Σ of the counted compartments at patch j (0 when none
// is counted, or rc is nil): what a process adds to S + (E +) I + R for
// N_j.
func (rc *RoleColumns) CountedAt(j int) int64 {
	if rc == nil {
		return 0
	}
	var n int64
	for _, col := range rc.Counted {
		n += col[j]
	}
	return n
}
