//go:build !amd64 || purego

package rng

// fillLevel is the kernel fillUniforms runs: 0, the pure-Go one.
var fillLevel = 0

// fillUniforms runs the pure-Go kernel on machines without the assembly
// ones.
func fillUniforms(state uint64, u []float64) { fillUniformsGeneric(state, u) }

// fillUniformsImpls lists the kernels: the pure-Go one.
func fillUniformsImpls() []namedFill { return []namedFill{{"go", 0}} }
