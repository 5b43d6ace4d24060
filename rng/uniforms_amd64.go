//go:build amd64 && !purego

package rng

import "github.com/klauspost/cpuid/v2"

// fillAVX512 and fillAVX2 are the assembly kernels of [Source.Uniforms]
// (uniforms_amd64.s): n uniforms (a multiple of 8) into u, lane k from the
// state state + (k+1)·γ, equal bit for bit to fillUniformsGeneric.
//
//go:noescape
func fillAVX512(state uint64, u *float64, n int)

//go:noescape
func fillAVX2(state uint64, u *float64, n int)

// fillLevel is the kernel fillUniforms runs: 2 AVX-512, 1 AVX2, 0 Go
// (a level, not a function variable, so that the calls are direct and the
// callers' scratch stays on their stacks).
var fillLevel = fillUniformsImpls()[0].level

// fillUniforms runs the kernel of fillLevel.
func fillUniforms(state uint64, u []float64) {
	switch fillLevel {
	case 2:
		fillAVX512(state, &u[0], len(u))
	case 1:
		fillAVX2(state, &u[0], len(u))
	default:
		fillUniformsGeneric(state, u)
	}
}

// fillUniformsImpls lists the kernels this CPU can run, best first, ending
// with the pure-Go one.
func fillUniformsImpls() []namedFill {
	var out []namedFill
	if cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512DQ) {
		out = append(out, namedFill{"avx512", 2})
	}
	if cpuid.CPU.Supports(cpuid.AVX2) {
		out = append(out, namedFill{"avx2", 1})
	}
	return append(out, namedFill{"go", 0})
}
