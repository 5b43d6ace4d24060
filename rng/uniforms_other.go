//go:build !amd64 || purego

package rng

// fillUniforms is the pure-Go kernel on machines without the assembly ones.
var fillUniforms = fillUniformsGeneric

// namedFill is one uniform kernel.
type namedFill struct {
	name string
	fill func(state uint64, u []float64)
}

// fillUniformsImpls lists the kernels: the pure-Go one.
func fillUniformsImpls() []namedFill { return []namedFill{{"go", fillUniformsGeneric}} }
