// Command rubeola runs spatial measles simulations with the biweekly model.
//
//	rubeola run [--scenario FILE.csv] [--params FILE.json|.toml] [--ticks N] [--seed S]
//	            [--out DIR] [--per-patch] [--no-progress] [--verbose] [--force]
//	rubeola validate --scenario FILE [--params FILE]
//	rubeola version
//
// With no flags, `rubeola run` simulates the embedded default scenario (100
// synthetic patches built by scenario.RandomN) with the standard schedule and
// default params, prints a short summary and writes states.csv, summary.json
// and timing.csv to rubeola-out/.
//
// Exit codes: 0 ok, 1 run error, 2 usage or validation error (one line per
// problem on stderr, nothing written).
package main
