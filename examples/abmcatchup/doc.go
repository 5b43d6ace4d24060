// Command abmcatchup is rubeola's agent-based model with a school-entry
// catch-up dose written out of tree: every child who turns 5 (1825 days)
// without MCV2 is offered a dose (catchup.go). It shows the agent-based
// model's extension points:
//
//   - abm.AtAge lists the agents reaching an age each tick, without the
//     component knowing the calendar behind it;
//
//   - agents.MustRegisterDoseKind("catchup") and
//     agents.MustRegisterImmunitySource("catchup") name the new dose kind
//     and immunity source: DosesTracker reports the states "catchup" and
//     "catchup_immunised" in doses.csv, ImmunityByAgeTracker the class
//     "catchup" in immunity_by_age.csv, and snapshots carry both;
//
//   - model.MustRegister(catchupType) makes `type = "CatchupDose"` a
//     run-file component (run.toml) that `abmcatchup resume` rebuilds;
//
//   - cli.New(cli.WithName("abmcatchup")) names the binary in `version`
//     and in summary.json's metadata.generator;
//
//   - bench_test.go benchmarks run.toml's model as it runs, with
//     benchkit.FromRunFile.
//
//     go run ./examples/abmcatchup run --config examples/abmcatchup/run.toml --out catchup-out
//     go run ./examples/abmcatchup version
package main
