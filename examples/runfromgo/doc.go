// Command runfromgo runs a run file's model from Go and writes, with the
// output package, exactly the files `rubeola run --config FILE` writes for
// it: the tidy tables (CSV or Parquet, the file's [output] format),
// summary.json and timing.csv — or, for a file with an [ensemble] table,
// DIR/ensemble/ and, with keep_replicates, DIR/replicates/.
//
//	go run ./examples/runfromgo -config examples/runfromgo/run.toml -out runfromgo-out
//	go run ./cmd/rubeola run --config examples/runfromgo/run.toml --out rubeola-out
//
// The program loads the run file (runfile.Load), builds the model
// with the file's scenario, params, model type, compartments and component
// list (the standard schedule when the file has no [[phases]]), and writes
// through an output.Session, whose tables follow the run tick by tick. The
// run file must name its scenario (the command line's embedded default
// scenario is the command line's own).
//
// run.toml is a small biweekly model with a state, population, case and
// fade-out tracker. The test runs the command line and the program on it
// (and on an ensemble and a Parquet variant) into temporary directories and
// checks that every file is byte-identical, timing fields aside.
package main
