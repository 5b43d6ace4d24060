//go:build !amd64 || purego

package gemm

// kernelImpls lists the kernels this build runs: only the pure-Go one (no
// assembly for this architecture, or the purego tag is set).
func kernelImpls() []namedKernel {
	return []namedKernel{{"go", kernelGeneric}}
}
