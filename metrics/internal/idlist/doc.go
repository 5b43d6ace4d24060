// Package idlist compares the id lists of tidy blocks ([metrics.Block]),
// which the tidy writers do once per block to reuse what they derived from
// a list (encoded CSV labels, Parquet dictionary indexes).
package idlist
