// Package scenario holds the scenario table — one row per patch, with id,
// pop, lat, lon and mcv1 — its CSV loader and writer, its validation, and
// synthetic builders (SPEC §3).
//
// Row order defines the patch index 0…N−1 everywhere in rubeola (states,
// mixing matrices, trackers, outputs).
//
// # Loading and writing
//
//	t, err := scenario.LoadCSV("scenario.csv") // or ReadCSV(r)
//	if err != nil {
//		log.Fatal(err) // every problem, one per line, with file, row, column and value
//	}
//	err = t.WriteCSV(w) // or t.SaveCSV(path): temporary file, then rename
//
// Columns are matched by header name in any order; a misnamed required column
// gets a hint ("did you mean \"pop\"?"). Columns other than the five are extra
// columns: kept as raw text ([Table.Extra], [Table.ExtraNames],
// [Table.SetExtra]) and written back by [Table.WriteCSV]. The optional
// extra column mcv2 (routine second-dose coverage) is read as numbers in
// [0, 1] by [Table.MCV2].
//
// # Building in Go
//
//	t, err := scenario.FromColumns(ids, pops, lats, lons, mcv1s) // copies, then validates
//
// Synthetic scenarios (SPEC §3.3): [SinglePatch], [TwoPatch], [Grid] with
// [GridOptions] (start from [DefaultGridOptions]), [RandomN], [TwoCluster]
// with [TwoClusterOptions] (nodes jittered around cluster centres, ids
// "cluster_1:node_1" …; start from [DefaultTwoClusterOptions]) and
// [Satellites] with [SatellitesOptions] (a core city "0" and towns "1" … on a
// disc around it, their coverage a clipped random walk; start from
// [DefaultSatellitesOptions]) and [Clustered] with [ClusteredOptions] (up
// to 2^20 patches in Zipf-sized clusters over a Nigeria-sized box, cities
// and log-normal villages, distinct coordinates, coverage smooth in space;
// start from [DefaultClusteredOptions]). Each random builder draws from its own stream
// (seed, "scenario.<Builder>", block 0) of package rng, in the order its doc
// lists, so a table depends only on the builder's options. Every builder
// returns a validated table; bad options are errors naming the option.
//
// # Using a table
//
// [Table.Len], [Table.Index] (row of an id), [Table.TotalPop], [Table.Clone]
// (deep copy). The columns are exported slices; after changing them, call
// [Table.Validate].
//
// # Grouping patches (aggregation_level)
//
// [Groups] groups patch ids by [GroupKey] at an aggregation level, with one
// meaning everywhere in rubeola (SPEC §8.1): [AllPatches] (−1) is one group
// [AllPatchesID], [PerPatch] (−2) one group per patch, k ≥ 0 the first k+1
// colon-separated parts of the id. Groups are listed in first-appearance order
// among the patches a filter keeps. Trackers (package metrics) and the SIA
// calendar (package systems) both use it.
//
// # Errors
//
// Loaders and [Table.Validate] report every problem at once as a [Problems]
// (an errors.Join-style list of the first [MaxListedProblems], ended by an
// [*Omitted] counting the rest, "… and K more"). Each value problem is a
// [*CellError] naming the row (1 = first data row), the column and the
// value:
//
//	scenario.csv: row 17, column "pop": "12a" is not an integer
//	row 4, column "id": "lagos" duplicates row 2
//
// Table-level problems wrap [ErrNoPatches], [ErrMissingColumn],
// [ErrDuplicateColumn] or [ErrColumnLength]. CSV input is read with the
// bounds of docs/limits.md (at most 1024 columns and 1 MiB per row), so a
// hostile file is refused at its first offending line with bounded memory.
// Nothing in this package panics on user input.
package scenario
