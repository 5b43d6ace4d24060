// Package sweep runs parameter sweeps: a run file plus a [sweep] table of
// axes ([File]), enumerated into points (a grid or a zip of the axes),
// each point validated before anything runs ([File.Validate]), run several
// at a time into a sweep directory ([Run]) and summarised in one table.
//
// A sweep directory is
//
//	DIR/sweep.json            the manifest: the sweep file's canonical content, its fingerprint, the points
//	DIR/points/p00000/…       each point's outputs (what `rubeola run` writes) and, last, point.json
//	DIR/sweep.csv             one row per complete point: point, the axis values, the metrics (or sweep.parquet)
//
// A point is complete when its directory holds a point.json record (written
// last, atomically) whose files are all there with their recorded sizes;
// running the sweep again skips complete points and redoes the others, so a
// killed sweep resumes. Shards ([Shard]: points k with k mod n == i) run
// disjoint subsets whose union is the sweep, and [Merge] joins shard
// directories into one, refusing directories of different sweeps.
//
// Each point runs with [RunPoint]: its model (or ensemble) built from the
// point's run file, its files written by the output package, as `rubeola
// run` writes them; [Options.Run] replaces it (tests pass their own).
package sweep
