// Package ecs is rubeola's engine wrapper: a world in which every patch is one
// entity, with typed column views for batch updates. It is the only package
// that imports the Ark ECS (github.com/mlange-42/ark), so the engine can be
// swapped without touching systems.
//
// Create the world once per model, one entity per scenario row, in row order:
//
//	w, err := ecs.NewWorld(ecs.PatchData{Pop: pop, Lat: lat, Lon: lon, MCV1: mcv1})
//
// Column views are contiguous slices in scenario row order (row k is patch k
// for the whole run, because nothing structural changes during a run). Fetch
// them once (in a system's Initialize) and update them in place every tick:
//
//	s, i, r := w.S(), w.I(), w.R()   // []int64 compartment columns
//	col, _ := w.State("I")            // the same column, by state name
//	pop := w.Pop()                    // static scenario population
//	mcv1 := w.MCV1()                  // routine coverage
//	loc := w.Locations()              // []components.Location
//
// # Compartments
//
// Every world stores the compartments S, I and R ([SIR]); an SEIR world
// ([NewSEIRWorld]; the daily models, compartmental and agent-based) stores
// S, E, I and R ([SEIR], [World.E]). A model variant declares more with
// [NewCompartment] over a component type of its own, and the world stores
// each as one more column, after the built-in ones, starting at 0:
//
//	type Waning int64 // in the variant's package
//	w, err := ecs.NewWorld(data, ecs.NewCompartment[Waning]("W"))
//	w.StateNames()                    // ["S", "I", "R", "W"]
//	wcol, _ := w.State("W")           // []int64, like S(), I(), R()
//
// Names are a letter followed by letters, digits or underscores, used once;
// component types are the declaring package's own ([CheckCompartments]).
// Everything that lists states (trackers, exports, snapshots, summaries)
// follows [World.StateNames]. The built-in systems see an extra
// compartment only through its [Roles] ([Compartment.WithRoles]): counted
// in the population N, dying, susceptible with a relative susceptibility;
// they read them grouped with [World.Roles] / [World.RoleColumns]. Without
// roles an extra compartment belongs to the phases that move people in and
// out of it (see the model package's doc).
//
// Any component type stored on the patches is also reachable with the generic
// [Column]. Shared, model-wide values live in resources: [AddResource],
// [GetResource]. One of them, [Flows] ([FlowsOf]), holds the per-tick flows
// the built-in systems publish as read-only per-patch views (births,
// deaths, cohort entries, infections, SIA vaccinations, importations);
// another, in the agent-based model, is package agents' table of people,
// whose counts are the world's S, E, I and R columns.
package ecs
