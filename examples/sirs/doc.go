// Command sirs is an S, I, R, W model: the biweekly model with one more
// compartment, declared from outside rubeola's packages.
//
// compartment.go declares W, waning immunity, as the program's own
// component type (type Waning int64) with ecs.NewCompartment; the model
// gets it through model.WithCompartments and stores it as one more patch
// column after S, I and R. immunity_loss.go is the phase that owns W:
// every tick, in every patch, Binomial(R, to_waning) people go R → W and
// Binomial(W, to_susceptible) go W → S, drawn from the phase's own random
// streams. Everything that lists states follows: the StateTracker records
// W, metrics.WriteTidyCSV writes its rows (state "W") to states.csv, and
// snapshots store and check it.
//
// The built-in phases act on S, I and R only: people in W are not part of
// Infection's N_j and are not moved by importation. The schedule
// (schedule.go) has no vital dynamics, so S + I + R + W stays each patch's
// population for the whole run.
//
// register.go registers W (model.RegisterCompartment) and ImmunityLoss
// (model.Register), so the same model is also a run file, run.toml
// (`compartments = ["W"]`, `type = "ImmunityLoss"`): a binary that
// registers them before cli.Main runs and resumes it like any run file,
// and its states.csv is the program's, byte for byte (runfile_test.go).
//
// The program runs half the ticks, saves a snapshot, loads it with the
// factories and the same compartment declaration, runs to the end, writes
// states.csv into a directory (the first argument, or a temporary one) and
// prints the final total of every state:
//
//	go run ./examples/sirs [DIR]
package main
