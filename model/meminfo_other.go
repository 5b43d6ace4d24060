//go:build !unix

package model

// addressSpaceLimit is not known here: no limit.
func addressSpaceLimit() (float64, bool) { return 0, false }
