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

// fillUniforms is the kernel chosen for this CPU.
var fillUniforms = fillUniformsImpls()[0].fill

// namedFill is one uniform kernel.
type namedFill struct {
	name string
	fill func(state uint64, u []float64)
}

// fillUniformsImpls lists the kernels this CPU can run, best first, ending
// with the pure-Go one.
func fillUniformsImpls() []namedFill {
	var out []namedFill
	if cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512DQ) {
		out = append(out, namedFill{"avx512", func(state uint64, u []float64) { fillAVX512(state, &u[0], len(u)) }})
	}
	if cpuid.CPU.Supports(cpuid.AVX2) {
		out = append(out, namedFill{"avx2", func(state uint64, u []float64) { fillAVX2(state, &u[0], len(u)) }})
	}
	return append(out, namedFill{"go", fillUniformsGeneric})
}
