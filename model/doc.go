// Package model assembles and runs rubeola's models: one [Model] type for
// the three model types ([ModelTypes], [Model.Type]), each a world of patch
// entities (package ecs), the component instances and their schedule
// (package phases), per-phase timing (package metrics) and the run loop:
//
//   - "biweekly" ([NewBiweekly]): SIR on 14-day ticks, the reference's
//     BiweeklyModel; standard schedule [DefaultComponents], processes in
//     package systems;
//   - "compartmental" ([NewCompartmental]): SEIR counts per patch on
//     daily ticks, the reference's CompartmentalModel;
//     [DefaultCompartmentalComponents], processes in systems/compartmental
//     and systems;
//   - "abm" ([NewABM]): SEIR on daily ticks with one agent per person
//     (package agents' table on the world), the reference's ABMModel;
//     [DefaultABMComponents], processes in systems/abm and, acting on
//     agents, systems' equilibrium, seeding and importation.
//
// [New] with [WithType] builds any of them; [StandardComponents] gives a
// type's standard schedule. The component catalogue ([Register],
// [LookupComponentTypeFor]) resolves a run-file name within the model type,
// so "Infection" is each type's own transmission. Package runfile reads
// run files into these constructors' arguments and package output writes a
// run's files; this package imports neither.
//
// Build, choose components, run, read the trackers:
//
//	scn, _ := scenario.TwoPatch(100000, 0)
//	p := params.Default()
//	p.NumTicks = 52
//	m, _ := model.NewBiweekly(scn, p)
//	_ = m.SetComponents(model.DefaultComponents()...)
//	_ = m.Run(context.Background())
//	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
//	fmt.Println(tracker.Series("I"))
//
// The NewBiweekly example runs these steps on the reference's two-patch
// scenario and checks the output.
//
// [DefaultComponents] is the biweekly model's standard schedule, the
// model's table of contents.
// External code changes states only through [Model.Infect] and
// [Model.Recover] (and [Model.Expose] in the compartmental model), which check
// every argument before changing anything; the agent-based model refuses
// them, its counts following its agents (package agents).
//
// # Compartments
//
// A model has the compartments of its type (S, I and R; S, E, I and R in
// the daily models, compartmental and agent-based), then, in the patch
// models (biweekly and compartmental), those declared with
// [WithCompartments] (each an [ecs.NewCompartment] over a type of the
// variant's own), stored as patch columns and starting at 0. Every state
// list follows the declared one: [ecs.World.StateNames], [Patches], the
// StateTracker and its exports, snapshots (checked against the declared
// list when loaded) and ensembles. [Model.Infect] and [Model.Recover]
// still move S → I (E → I in the compartmental model) and I → R. The
// built-in phases act on the type's own states and see a declared
// compartment only through its roles ([ecs.Roles]: counted in N, dying,
// susceptible; [RegisterCompartment] and run files declare them): the
// phases that move people in and out of a declared compartment own it. A user
// phase's counts are checked after it runs, the declared compartments'
// included, and [Patches.Population] counts every compartment.
//
// # Your own components, compartments and run files
//
// The component catalogue is open: [NewComponentType] declares a type from
// a [ComponentSpec] (Name, Kind, Defaults and New are required, and Params
// when the component has no Params method; the strict decoder and the
// params accessor default to the params' tags and that method; a params key
// tagged omitempty or omitzero is refused, since snapshots must store every
// key) and [Register] (or [MustRegister]) adds it to
// the catalogue, like the built-ins. A registered type is accepted by run
// files (package runfile: `type = "…"` by Go, reference or snake_case name),
// listed by [ComponentTypes] and [WriteComponentDocs] (`rubeola
// components`), and rebuilt from its stored params by [LoadSnapshot] with
// nil factories. [RegisterCompartment] does the same for a compartment: a
// run file declares it (`compartments = ["W"]`) and a snapshot holding it
// declares it by itself. [SnapshotFormatOf] tells a single run's snapshot
// from an ensemble's. The Register example declares, registers and runs a
// user component from a run file; examples/mybinary ships it in a binary
// of its own (package cli).
//
// # Ensembles
//
// An [Ensemble] runs R replicates of one scenario and component list
// together: replicate r is a [Model] with seed Seed + r and gives,
// byte for byte, the states, tracker arrays and results summary of the lone
// model with that seed, for any R, worker count and GOMAXPROCS. The
// replicates share one scenario copy, one worker pool and the mixing matrix
// (built once through [phases.Model]'s Shared). Each tick runs phase by
// phase: the Infection ([phases.BatchStepper]) evaluates the force of every
// replicate in one call that reads each stored tile of the factored mixing
// once for all replicates ([mixing.BatchForce]; replicates with few
// infectious patches take their own source-major pass over the same
// storage), then draws every replicate's infections in one parallel
// section; other built-in phases run the replicates in parallel on the
// shared pool, and user phases run replicate by replicate on all workers.
// With Parallel false (the reference kernel) or a mixer without a factored
// form, the force is evaluated replicate by replicate.
//
// Memory beyond a lone run: per replicate its states, tracker arrays and
// instance buffers and a lean force evaluator (no row cache; ≈ 8·N·⌈N/256⌉
// bytes of partials; the Infection's own evaluator, with its row cache of
// N/8 rows, is made only when it steps alone); for the batch,
// replicate-minor y, partials and sums for R rounded up to a multiple of 8
// (≈ 8·R·N·(⌈N/256⌉ + 3) bytes: 14 MB at R = 16, N = 5 000). D is stored
// once.
//
// The ensemble prints its verbose lines and timing summary once (component
// messages of replicate 0 only; a batched phase's time is shared evenly
// among the replicates' timing rows), its progress bar counts
// replicate-ticks, and it saves and loads snapshots of all replicates in
// one file ([Ensemble.SaveSnapshot], [LoadEnsembleSnapshot]).
//
//	e, _ := model.NewEnsemble(scn, p, 16)
//	_ = e.SetComponents(model.DefaultComponents()...)
//	_ = e.Run(context.Background())
//	for r := range e.Replicates() {
//		tracker := model.InstancesOf[*metrics.StateTracker](e.Replicate(r))[0]
//		fmt.Println(r, tracker.Series("I"))
//	}
package model
