// Command usermatrix runs the model with a mixing matrix read from a CSV
// file instead of a built-in mixer — e.g. one estimated from commuting or
// mobile-phone data.
//
// mixing.csv (embedded) is a square table: the header names the
// destinations, the first column the sources, in any order; entry (i, j) is
// the share of source i's infectious pressure that lands in destination j
// (row = source, SPEC §7.1). readMatrix (matrix.go) checks every label
// against the scenario (towns.csv, embedded), reorders the rows and columns
// into scenario order and reports a bad cell by file, row and column. The
// matrix goes to the Infection phase through mixing.FromMixingMatrix (used
// as is; mixing.FromMigrationMatrix would take a migration matrix with a
// zero diagonal and add the diagonal itself, SPEC §7.4).
//
// The run seeds 20 infections in the harbour and lets the epidemic spread
// along the matrix's links: the mill and the market are linked to the
// harbour, the fell only to the market, and the island to nothing — so
// the island never sees a case. The program prints each town's first tick
// with a new infection and its attack rate.
package main
