package metrics

import "fmt"

// Format is the file format of the tidy tables (SPEC §8.5, §11): the CLI's
// --format and the run file's [output] format.
type Format string

// The tidy table formats.
const (
	// CSV is the default: tidy CSV, written by [WriteTidyCSV].
	CSV Format = "csv"
	// Parquet is the same table as a Parquet file (package
	// metrics/tidyparquet).
	Parquet Format = "parquet"
)

// ParseFormat returns the format named s ("csv" or "parquet", exactly);
// anything else is an error such as `"xlsx" is not csv or parquet`.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case CSV, Parquet:
		return f, nil
	}
	return "", fmt.Errorf("%q is not %s or %s", s, CSV, Parquet)
}

// Ext returns the file name extension of f: ".csv" or ".parquet".
func (f Format) Ext() string { return "." + string(f) }
