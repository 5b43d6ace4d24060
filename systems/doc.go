// Package systems holds the biweekly model's processes, one file per process.
//
// Each process is a component (package phases) built by a factory from its
// params; nil params mean the defaults:
//
//	systems.NewInitializeEquilibriumStates(nil)  // initialiser: S/R split at R0
//	systems.NewInfectionSeeding(nil)             // initialiser: seed the largest patch
//	systems.NewImportationPressure(nil)          // phase: imported infections
//	systems.NewInfection(&p)                     // phase: transmission with spatial mixing
//	systems.NewVitalDynamics(nil)                // phase: births (MCV1 at birth) and deaths
//
// Every …Params struct has json tags equal to the reference's snake_case keys,
// a Default…Params constructor, Validate, and a strict Decode…Params that
// starts from the defaults, rejects unknown keys (naming component and key)
// and accepts the documented aliases.
//
// Systems fetch their column views, random streams and buffers once in
// Initialize and do no lookups or allocations per tick. The numerical work is
// in plain kernel functions over slices (for example [Force] and the per-block
// step functions), which the tests and benchmarks target directly. Random draws
// come from per-(component, block) streams (package rng), so results are
// identical for any number of workers and for either UseNumba value.
package systems
