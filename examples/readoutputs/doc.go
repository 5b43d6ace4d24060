// Command readoutputs reads a run's tidy tables back in Go: it runs a small
// model, writes its per-patch states as Parquet (tidyparquet.Write, what
// `rubeola run --format parquet` writes) and as CSV (metrics.WriteTidyCSV),
// reads the Parquet file with github.com/parquet-go/parquet-go exactly as
// docs/outputs.md shows, and checks that both files hold the same rows.
package main
