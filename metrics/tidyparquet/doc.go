// Package tidyparquet writes trackers' tidy long tables (SPEC §8.5) as
// Parquet files, streamed from [metrics.Tracker.Blocks] like
// [metrics.WriteTidyCSV]: the same columns in the same order,
//
//	tracker   BYTE_ARRAY (STRING), dictionary-encoded — only with several trackers
//	tick      INT32, DELTA_BINARY_PACKED
//	date      INT32 (DATE: days since 1970-01-01), DELTA_BINARY_PACKED
//	patch_id  BYTE_ARRAY (STRING), dictionary-encoded
//	state     BYTE_ARRAY (STRING), dictionary-encoded
//	count     INT64, DELTA_BINARY_PACKED
//
// every column required and ZSTD-compressed, row groups of at most
// [MaxRowGroupRows] rows, the key-value metadata "generator" =
// "rubeola <version>". docs/outputs.md states the schema for users.
//
// It is a package of its own so that programs using metrics (and model)
// do not link the Parquet library.
package tidyparquet
