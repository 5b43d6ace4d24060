// Package abm holds the agent-based model's processes (run files' model =
// "abm": one agent per person in package agents' table, a one-day tick),
// one file per process: ABMInfection (transmission and disease timers),
// ABMVitalDynamics and ABMConstantPop (crude-rate demography),
// WPPVitalDynamics (demography from population-prospects tables, which
// reach it as an input: [WPPTables] from a [WPPLoader], package model's
// LoadWPPTables), MaternalImmunity, RoutineImmunization and ABMSIACalendar
// (immunity by age and doses).
//
// For components of one's own: [AtAge] lists the agents reaching an age
// each tick (routine immunisation's MCV1 and MCV2 use it), [Vaccinate] and
// [Reached] give a dose as the built-in phases do, with a dose kind and
// immunity source of package agents' (built in or registered).
//
// The processes every model type shares (package systems' equilibrium,
// seeding and importation) act on agents through the functions of this
// package that the registry wires in: [InitializeEquilibrium] and
// [Exposure]; [NewInitializeEquilibriumStates], [NewInfectionSeeding] and
// [NewImportationPressure] build them so wired. The force of infection is
// systems.ForceOfInfection, the patch models' mixing and seasons.
//
// Params, decoding, snapshots and registration follow package systems'
// conventions (see its doc).
package abm
