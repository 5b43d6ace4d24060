package systems

import (
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/phases"
)

// ForceOfInfection is [Infection]'s force of infection without its draws:
// the mixing, kernels, storages, seasons and block layout of the biweekly
// transmission, for the transmissions of the other model families that draw
// their own transitions from it (package compartmental's Infection, package
// abm's). Per tick, [ForceOfInfection.Compute] loads the start-of-tick
// counts, and each block reads its patches' pressure
// β_tick·s(t)·(Σ_i I_i·M[i,j])^α ([ForceOfInfection.Pressure]).
type ForceOfInfection struct {
	c Infection
}

// NewForceOfInfection returns the force of infection of params p (built by
// Initialize) in model m.
func NewForceOfInfection(p InfectionParams, m phases.Model) *ForceOfInfection {
	return &ForceOfInfection{c: Infection{p: p, m: m}}
}

// Initialize builds the mixing from the scenario, checks the season and
// sizes buffers; the blocks draw from the streams of owner (the component
// whose force this is).
func (f *ForceOfInfection) Initialize(m phases.Model, owner phases.Component) error {
	return f.c.initialize(m, owner)
}

// Compute computes the force of tick from the start-of-tick counts.
func (f *ForceOfInfection) Compute(m phases.Model, tick int) { f.c.force(m, tick) }

// Pressure returns the pressure of patches [lo, hi) computed by Compute:
// the numerator of λ_j, which the caller's draws may overwrite with λ_j.
func (f *ForceOfInfection) Pressure(lo, hi int) []float64 { return f.c.pressure(lo, hi) }

// Blocks returns the block layout and streams the draws run over.
func (f *ForceOfInfection) Blocks() *phases.Blocks { return &f.c.blocks }

// S returns the world's S column (read at Initialize).
func (f *ForceOfInfection) S() []int64 { return f.c.s }

// I returns the world's I column (read at Initialize).
func (f *ForceOfInfection) I() []int64 { return f.c.i }

// R returns the world's R column (read at Initialize).
func (f *ForceOfInfection) R() []int64 { return f.c.r }

// Roles returns the world's declared compartments by role (nil: none).
func (f *ForceOfInfection) Roles() *ecs.RoleColumns { return f.c.roles }

// Record records block b's kernel error (nil: none), its patch relative to
// the block's first patch lo, for [ForceOfInfection.Err].
func (f *ForceOfInfection) Record(b, lo int, err *CountError) { f.c.faults.record(b, lo, err, f.c.ids) }

// Err returns the first recorded kernel error of the tick, by block, with
// its patch's index and id; nil when there was none.
func (f *ForceOfInfection) Err() error { return f.c.faults.first() }

// Coefficient returns β_tick·s(tick), as [Infection.Coefficient].
func (f *ForceOfInfection) Coefficient(tick int) float64 { return f.c.Coefficient(tick) }

// Factored returns the factored mixing, as [Infection.Factored].
func (f *ForceOfInfection) Factored() *mixing.Factored { return f.c.Factored() }

// MixingMatrix returns the mixing matrix, as [Infection.MixingMatrix].
func (f *ForceOfInfection) MixingMatrix() *mixing.Matrix { return f.c.MixingMatrix() }

// SetupStorage returns the mixing's setup storage, as
// [Infection.SetupStorage].
func (f *ForceOfInfection) SetupStorage(m phases.Model) phases.Storage { return f.c.SetupStorage(m) }

// LambdaError returns the approximate operator's measured error, as
// [Infection.LambdaError].
func (f *ForceOfInfection) LambdaError() (mixing.ErrorReport, bool) { return f.c.LambdaError() }

// MigrationRowsCapped returns the share of migration rows capped, as
// [Infection.MigrationRowsCapped].
func (f *ForceOfInfection) MigrationRowsCapped() (float64, bool) { return f.c.MigrationRowsCapped() }
