// Package mixing builds the spatial mixing matrices (SPEC §7) of every
// model type's force of infection (systems.ForceOfInfection: the biweekly
// Infection's, and through it the compartmental and agent-based
// transmissions'): distances, kernel mixers, user matrices, the shared
// normalisation, dense and sparse (CSR) matrix storage, and the factored
// symmetric form of gravity with its force kernel.
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
//   - [Radiation] ("radiation") and [Stouffer] ("stouffer"): rank-based
//     kernels over the destinations ordered by distance from the origin,
//     with the population within distance ≤ d_ij ([DefaultRadiation],
//     [DefaultStouffer]);
//   - [CompetingDestinations] ("competing_destinations"): gravity times the
//     destination's accessibility to the other destinations to the power δ,
//     built in O(N²) ([DefaultCompetingDestinations]; δ = 0 is gravity);
//   - [FromMigrationMatrix] ("migration_matrix") and [FromMixingMatrix]
//     ("mixing_matrix"): user-given matrices, validated against the scenario
//     when used;
//   - [FromKernel]: a user distance kernel (see below), of the type its
//     parameters name.
//
// Kernel mixers and FromMigrationMatrix also give the migration matrix (the
// matrix before the diagonal step) through [Migrator]. All kernel mixers
// share the row-wise raw-kernel machinery and the normalisation of SPEC §7.3.
//
// # User distance kernels
//
// A kernel that is a function of the distance times population factors,
// W[i,j] = p_i^a·p_j^b·g(d_ij), is a [DistanceKernel] (g as Decay, with an
// optional batch form DecayRow, the exponents and k). Its parameters — a
// plain value implementing [KernelParams] (Name, Kernel) — become a mixer
// with [FromKernel]: a [KernelMixer], normalised as the built-ins (SPEC
// §7.3) and built and evaluated exactly as gravity (the factored form with
// SIMD distance rows, the factored force, the row-by-row truncated build);
// it writes its own spec, so a registered type works in run files and
// snapshots. A DistanceKernel is a pure description, so later evaluators of
// the force consume the same kernels.
//
//	mix := mixing.FromKernel(myExp{Scale: 20, K: 0.01}) // myExp.Kernel returns Decay: exp(−d/20)
//
// # Sparse truncated mixing
//
// A dense matrix costs 8·N² bytes. [Truncate] keeps, per source row, the
// diagonal and the off-diagonal entries passing [Truncation]'s MinWeight and
// TopK rules, renormalises as its [RenormMode] says and returns a CSR matrix
// with a [TruncationReport] of the lost mass. The mixer option [Truncated]
// ("truncated") does the same for any mixer and, for the kernel mixers,
// builds row by row in O(N·TopK) memory without an N×N intermediate; it is
// a [ReportingMixer], and the Infection component prints its report when
// verbose:
//
//	mix := mixing.Truncated(mixing.DefaultGravity(), mixing.Truncation{TopK: 50})
//	m, report, err := mix.(mixing.ReportingMixer).MixingReport(scn)
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
// # Factored gravity (the default force kernel)
//
// Gravity (and every [KernelMixer]) is separable: M[i,j] = f_i·g_j·D_ij off the diagonal with D
// symmetric (SPEC §7.5). [Gravity.Factored] (the [FactoredMixer] interface;
// [AsFactored] finds it behind a [Spec]) builds a [Factored] matrix that
// stores D once as upper-triangle tiles — half the bytes of the dense matrix
// — computing each distance pair once on every worker (the haversine and the
// d^(−1.5) decay in AVX-512/AVX2 row kernels with a bit-identical Go
// fallback). [FactoredForce] evaluates Σ_i x_i·M[i,j] in one pass over the
// tiles with SIMD tile kernels; its tiles may run on any goroutines in any
// order and give the same bits (each tile writes its own partial vectors,
// summed in a fixed order), and the result is within 1e−12 relative of the
// reference order on the dense matrix. [Factored.Matrix] materialises the
// dense matrix when one is needed. The Infection component uses it on the
// default path (Parallel).
//
// [BatchForce] evaluates the factored force for R source vectors at once
// (the replicates of an ensemble) over the same storage: the vectors whose
// x selects the tile pass are stored replicate-minor (y_i of vector g at
// i·G + g) and every tile of D is read once for all of them by a batched
// tile kernel (AVX-512; it keeps, per vector, the tile kernel's summation
// order, as does its pure-Go reference; on CPUs without AVX-512 the Go
// kernel would be slower than R single passes, so each vector takes its
// own pass over the same storage, with the same bits); vectors with few active
// sources take their own source-major pass ([Factored.NewLeanForce]: the
// pass choice and bits of [Factored.NewForce] without a row cache). Every
// vector's force is bit for bit that of its own [FactoredForce].
//
// # Hierarchical distance operator (100 000 to 1 000 000 patches)
//
// [NewHierarchical] builds a fast-summation operator for a symmetric
// distance kernel D_ij = decay(d_ij) without N² storage: a black-box fast
// multipole method on a cube-face kd-tree over the sphere, with exact near
// blocks and ACA-compressed Chebyshev far blocks. [Hierarchical.Apply]
// computes z_j = Σ_{i≠j} D_ij·y_i to a relative tolerance (default 1e−6)
// that the build measures ([Hierarchical.Estimate]) and
// [Hierarchical.Check] re-measures against the exact sum, with the same
// bits for any worker count (docs/scale.md).
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
// or {"type": "truncated", "mixer": {"type": "radiation"}, "top_k": 50}
// strictly (unknown types and keys are errors naming them) with the decoder
// registered for its type; [MarshalMixer] writes the canonical form, which
// every mixer writes itself (json.Marshaler); [Spec] wraps a Mixer as a JSON
// field. A user mixer type is registered the way the built-in ones are:
//
//	mixing.MustRegister(mixing.MixerType{Name: "myexp", Decode: decodeMyExp, Doc: "…"})
//
// after which run files (mixer = { type = "myexp", … }), snapshots and "did
// you mean" hints know it ([MixerTypes] lists every registered type).
package mixing
