// Package tidytest provides a synthetic [metrics.Tracker] whose records are
// given directly, for the export writers' tests and benchmarks (ids that no
// scenario accepts, tables of any size, malformed blocks).
package tidytest
