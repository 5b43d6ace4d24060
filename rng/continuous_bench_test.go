package rng

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkAgentDraws measures one draw of each scalar sampler the ABM's
// per-agent timers use: a latent period LogNormal(2.3, 0.2) (median
// e^2.3 ≈ 10 days), the reference's infectious period Gamma(16, 0.5) (mean
// inf_mean 8, sd inf_sigma 2), an exponential, and an alias draw over 21
// pyramid bins.
func BenchmarkAgentDraws(b *testing.B) {
	src := NewSource(testSeed, "bench", 0)
	w := make([]float64, 21)
	for i := range w {
		w[i] = float64(21 - i)
	}
	a, err := NewAlias(w)
	require.NoError(b, err)
	b.Run("LogNormal", func(b *testing.B) {
		for b.Loop() {
			src.LogNormal(2.3, 0.2)
		}
	})
	b.Run("Gamma", func(b *testing.B) {
		for b.Loop() {
			src.Gamma(16, 0.5)
		}
	})
	b.Run("Exponential", func(b *testing.B) {
		for b.Loop() {
			src.Exponential(0.1)
		}
	})
	b.Run("Alias21", func(b *testing.B) {
		for b.Loop() {
			a.Draw(src)
		}
	})
}
