// Package mixing builds the spatial mixing matrices of the biweekly model
// (SPEC §7): distances, kernel mixers, user matrices, the shared
// normalisation, and dense and sparse (CSR) matrix storage.
//
// # Build a mixing matrix
//
// A [Mixer] turns a scenario into an N×N mixing matrix M, row = source:
// M[i,j] is the share of patch i's infectious pressure landing in patch j,
// and the force of infection is λ_j = (Σ_i x_i·M[i,j]) / N_j.
//
//	m, err := mixing.DefaultGravity().Mixing(scn) // a=1, b=1, c=1.5, k=0.01
//
// Built-in mixers are immutable values and cache nothing; every call builds a
// new matrix from the given scenario:
//
//   - [Gravity] (JSON type "gravity"): raw kernel p_i^(a−1)·p_j^b·d_ij^(−c)
//     ([DefaultGravity], [Gravity.Validate]);
//   - [FromMigrationMatrix] ("migration_matrix") and [FromMixingMatrix]
//     ("mixing_matrix"): user-given matrices, validated against the scenario
//     when used.
//
// Kernel mixers and FromMigrationMatrix also give the migration matrix (the
// matrix before the diagonal step) through [Migrator]. Radiation, Stouffer
// and competing-destinations kernels and truncated sparse mixing are later
// milestones; they share the row-wise raw-kernel machinery and the
// normalisation used by Gravity.
//
// # Normalise a custom kernel
//
// All kernel mixers normalise the same way (SPEC §7.3): [Normalize] scales
// every column j of the raw kernel W by k/R_j, R_j the sum of row j
// (parity with the reference), and [MixingFromMigration] sets the diagonal
// to 1 − Σ_{j≠i} mig[i,j], failing if a row's migration exceeds 1.
//
// # Matrices
//
// [Matrix] is dense (row-major, [NewDense]) or CSR ([NewCSR]); read it with
// [Matrix.N], [Matrix.At] and [Matrix.Row] (the stored entries of one source
// row, in the normative order of the force sum), convert with
// [Matrix.ToCSR] and [Matrix.ToDense], and sum rows with [Matrix.RowSums].
//
// # Distances and trips
//
// [Haversine] is the great-circle distance in km (R = 6371 km);
// [Distances] the full N×N distance table with range checks. [TripsInto] and
// [TripsOutOf] give the expected trips per patch of a migration matrix.
//
// # JSON
//
// [DecodeMixer] parses a mixer spec such as {"type": "gravity", "k": 0.02}
// strictly (unknown types and keys are errors naming them); [MarshalMixer]
// writes the canonical form; [Spec] wraps a Mixer as a JSON field.
package mixing
