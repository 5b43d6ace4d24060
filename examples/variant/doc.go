// Command variant runs a model variant defined entirely by a run file,
// run.toml (no Go model code): a grid scenario, ConstantPop instead of
// VitalDynamics, SIA campaigns by grid row and trackers per row.
//
// It runs half the ticks, saves a snapshot, loads it again with
// model.LoadSnapshot(path, nil) (every component is built in, so the
// snapshot's stored params rebuild them) and finishes the run, then prints
// the campaigns fired and, per grid row, the attack rate from
// metrics.Summarize and the reported cases.
//
//	go run ./examples/variant [run.toml]
package main
