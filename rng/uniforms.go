package rng

// uniformScale is 2⁻⁵³: a uniform is the top 53 bits of a number times it.
const uniformScale = 0x1p-53

// Uniforms fills u with the source's next len(u) uniforms in [0, 1), in
// order: u[k] = float64(x_k >> 11)·2⁻⁵³ where x_k is the k-th number
// [Source.Uint64] would return, so the result equals len(u) calls of
// [Uniform], bit for bit. The lanes are computed side by side (AVX-512 or
// AVX2 where the CPU has them, see [UniformKernel]); it allocates nothing.
func (s *Source) Uniforms(u []float64) {
	n8 := len(u) &^ 7
	if n8 > 0 {
		fillUniforms(s.state, u[:n8])
		s.state += uint64(n8) * splitMixGamma
	}
	for k := n8; k < len(u); k++ {
		u[k] = Uniform(s)
	}
}

// fillUniformsGeneric is the pure-Go kernel of [Source.Uniforms]: u[k] from
// the state state + (k+1)·γ.
func fillUniformsGeneric(state uint64, u []float64) {
	for k := range u {
		state += splitMixGamma
		u[k] = float64(mix64(state)>>11) * uniformScale
	}
}

// namedFill is one uniform kernel: its name and fillLevel.
type namedFill struct {
	name  string
	level int
}
