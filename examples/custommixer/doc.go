// Command custommixer plugs a user mixing.Mixer into the Infection phase.
//
// ExponentialKernel (kernel.go) computes W[i,j] = p_j·exp(−d_ij/scale) from
// the great-circle distances, normalises it the way the built-in kernels are
// normalised and turns it into a mixing matrix. The program prints one row of
// the matrix and checks that every row sums to 1, then runs the standard
// schedule with Infection using this mixer instead of gravity and prints the
// epidemic's summary.
//
// spec.go registers the mixer type "exponential" with mixing.MustRegister (its
// strict decoder and docs) and gives the kernel its canonical JSON
// (MarshalJSON), exactly as the built-in mixers do. The program then runs
// run.toml, which names the mixer as mixer = { type = "exponential", … },
// halfway, saves a snapshot, loads it with model.LoadSnapshot(path, nil) and
// runs it to the end: the same infections as the Go run.
package main
