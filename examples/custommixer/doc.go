// Command custommixer plugs a user mixing.Mixer into the Infection phase.
//
// ExponentialKernel (kernel.go) computes W[i,j] = p_j·exp(−d_ij/scale) from
// the great-circle distances, normalises it the way the built-in kernels are
// normalised and turns it into a mixing matrix. The program prints one row of
// the matrix and checks that every row sums to 1, then runs the standard
// schedule with Infection using this mixer instead of gravity and prints the
// epidemic's summary.
package main
