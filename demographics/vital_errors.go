package demographics

import "errors"

// Sentinel errors of the ABM's demographic inputs (age pyramids, mortality
// and fertility tables; docs/demography.md). Every error for one of these
// causes wraps its sentinel, so callers can test it with [errors.Is]; the
// message names the file, the row (1 = first data row) and the column, the
// value and what was expected. A year outside a table's data is
// [ErrYearOutOfRange].
var (
	// ErrBadPyramid: an age distribution's edges or counts are unusable
	// (edges not increasing, a gap or overlap between CSV rows, a negative
	// or non-finite count, all counts 0, an age out of range).
	ErrBadPyramid = errors.New("bad age pyramid")
	// ErrBadMortality: a mortality table is unusable (a gap, overlap or
	// duplicate among its age bands or periods, a missing cell, a negative,
	// non-finite or more than 1 per day rate, an age out of range).
	ErrBadMortality = errors.New("bad mortality table")
	// ErrBadFertility: a fertility table is unusable (a gap, overlap or
	// duplicate among its periods, a negative or non-finite rate).
	ErrBadFertility = errors.New("bad fertility table")
)
