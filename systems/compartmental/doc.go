// Package compartmental holds the compartmental model's own processes (run
// files' model = "compartmental": SEIR counts per patch on a one-day tick),
// one file per process:
//
//	compartmental.NewInfection(&p)          // phase: SEIR transmission and progression (InfectionProcess)
//	compartmental.NewEulerSEIR(&p)          // phase: He et al. (2010)'s Euler-multinomial SEIR with gamma noise
//	compartmental.NewPopulationData(&p)     // phase: census population and lagged births (smoothing spline)
//	compartmental.NewInitialFractions(&p)   // initialiser: S, E, I, R shares of each patch
//
// Their force of infection, seasons and mixing are package systems' (the
// processes every patch model shares: [systems.ForceOfInfection],
// [systems.SeasonSpec], the mixers of package mixing); the compartmental
// model also runs systems' equilibrium, seeding, importation, vital
// dynamics, constant population and SIA calendar in its SEIR world. The
// numbers of EulerSEIR, InitialFractions and PopulationData may be
// per-patch scenario columns ([systems.PatchValue]), which package fit
// perturbs per particle. Census tables are read with [LoadCensusTable].
// EulerSEIR couples towns as spatPomp's he10 ([He10Operator]) or with a
// mixer's matrix ([MixerOperator]): one matrix product per day over every
// replicate of a replicated scenario (a particle filter's), before its
// kernel.
//
// Params, decoding, snapshots and registration follow package systems'
// conventions (see its doc): each …Params has json tags, a Default…Params,
// Validate and a strict Decode…Params, and package model registers every
// process under its run-file name.
package compartmental
