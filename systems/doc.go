// Package systems holds the processes the patch models share (the biweekly
// model's, most of which the compartmental model runs too), one file per
// process. Each model family's own processes live in a subpackage:
// systems/compartmental (model = "compartmental": SEIR transmission,
// EulerSEIR, census population, initial fractions) and systems/abm (model =
// "abm": the agent-based processes). Their transmissions draw from
// [ForceOfInfection], the biweekly [Infection]'s force without its draws.
// The equilibrium split, the seeding and the importation serve every model
// type: in an agent world they act through the agent variants of package
// abm ([AgentEquilibrium], [AgentExposure]), which package model's registry
// wires in ([NewInitializeEquilibriumStatesFor] and its siblings); the
// agent-based SIA calendar runs a [SIACalendar]'s schedule (sia_agents.go).
// What the families share beyond this API (params checks, the patch-count
// kernels' helpers, snapshot-state helpers, test fixtures) is in
// systems/internal. No package under systems reads demographic data
// itself: tables reach the processes as inputs.
//
// Each process is a component (package phases) built by a factory from its
// params; nil params mean the defaults:
//
//	systems.NewInitializeEquilibriumStates(nil)  // initialiser: S/R split at R0
//	systems.NewInfectionSeeding(nil)             // initialiser: seed the largest patch
//	systems.NewImportationPressure(nil)          // phase: imported infections
//	systems.NewInfection(&p)                     // phase: transmission with spatial mixing
//	systems.NewVitalDynamics(nil)                // phase: births (MCV1 at birth) and deaths
//	systems.NewConstantPop(nil)                  // phase: deaths reborn into S, population constant
//	systems.NewSIACalendar(&sia)                 // phase: campaigns S → R on a schedule (params required)
//
// The NewInfection example gives the Infection its own β and mixer.
//
// An SIA schedule is a list of [Campaign] values (group key at the calendar's
// aggregation level, scenario.GroupKey, and a date), read from CSV with
// [LoadSchedule] / [LoadScheduleFile] or given in JSON as
// [{"id": "NG:KN", "date": "2023-01-10"}, …] (or a CSV path) to
// [DecodeSIACalendarParams]. [SIACalendar.Implemented] lists the campaigns
// fired so far.
//
// Every …Params struct has json tags equal to the reference's snake_case keys
// (with alias, doc and path tags declaring each key's other spellings,
// meaning and file paths once, see params.KeyDocs), a Default…Params
// constructor, Validate, and a strict Decode…Params that starts from the
// defaults, rejects unknown keys (naming component and key) and accepts the
// aliases. Each is registered in package model's component catalogue the
// way a user's own component is (model.Register).
//
// Systems fetch their column views, random streams and buffers once in
// Initialize and do no lookups or allocations per tick: per-block work runs
// through phases.Blocks and phases.Blocker (a system is the Blocker of its
// main kernel; Infection's other passes are named types over it), and rates
// per year or windows in days are converted with the model's step,
// phases.Model.TimeStepDays. The numerical work is
// in plain kernel functions over slices (for example [Force] and the per-block
// step functions), which the tests and benchmarks target directly. Random draws
// come from per-(component, block) streams (package rng), so results are
// identical for any number of workers and for either Parallel value.
//
// Components with run state of their own (clamped-death counters and
// last-tick records, the importation probability table, the initialisers'
// done flags, the SIA calendar's fired campaigns) implement
// phases.Snapshotter, so that a model saved at a tick boundary resumes
// bit-identically (SPEC §9). Their RestoreState fetches columns and streams
// like Initialize but never changes patch states, draws, seeds or splits.
package systems
