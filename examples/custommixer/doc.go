// Command custommixer plugs a user distance kernel into the Infection phase,
// on the same fast path as gravity.
//
// ExponentialKernel (kernel.go) is the kernel's parameters; its Kernel method
// says what the kernel is: W[i,j] = p_j·exp(−d_ij/scale), a function of the
// great-circle distance times population factors. mixing.FromKernel turns it
// into a mixer that is normalised like the built-in kernels (SPEC §7.3) and
// built and evaluated like gravity: D stored once as upper-triangle tiles,
// distances by the SIMD row kernels, the factored force. The program prints
// one row of the matrix and checks that every row sums to 1, then runs the
// standard schedule with Infection using this mixer instead of gravity,
// prints the epidemic's summary and shows that the force used the factored
// form.
//
// spec.go registers the mixer type "exponential" with mixing.MustRegister (its
// strict decoder returns mixing.FromKernel of the parameters, which writes the
// canonical JSON), exactly as the built-in mixers are registered. The program
// then runs run.toml, which names the mixer as
// mixer = { type = "exponential", … }, halfway, saves a snapshot, loads it
// with model.LoadSnapshot(path, nil) and runs it to the end: the same
// infections as the Go run.
package main
