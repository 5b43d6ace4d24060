package rng

import "testing"

func BenchmarkTmpBTRSRound(b *testing.B) {
	src := NewSource(1, "x", 0)
	u, v, nf, p, out := make([]float64, 256), make([]float64, 256), make([]float64, 256), make([]float64, 256), make([]int64, 256)
	src.Uniforms(u)
	src.Uniforms(v)
	for j := range nf {
		nf[j], p[j] = 10000, 0.03*(0.9+0.2*float64(j)/256)
	}
	var s [btrsRoundScratch]float64
	b.Run("round", func(b *testing.B) {
		for b.Loop() {
			btrsRound(u, v, nf, p, out, &s)
		}
		reportPerDraw(b, b.N*256)
	})
	u2, v2 := make([]float64, 256), make([]float64, 256)
	for j := range u2 {
		u2[j], v2[j] = 0.1+0.8*u[j], 0
	}
	b.Run("squeezed", func(b *testing.B) {
		for b.Loop() {
			btrsRound(u2, v2, nf, p, out, &s)
		}
		reportPerDraw(b, b.N*256)
	})
	for j := range u2 {
		u2[j], v2[j] = 0.5*u[j], 0.99
	}
	b.Run("alltested", func(b *testing.B) {
		for b.Loop() {
			btrsRound(u2, v2, nf, p, out, &s)
		}
		reportPerDraw(b, b.N*256)
	})
	b.Run("generic-squeeze", func(b *testing.B) {
		for b.Loop() {
			btrsTrialGeneric(u, v, nf, p, out, false)
		}
		reportPerDraw(b, b.N*256)
	})
	b.Run("generic-full", func(b *testing.B) {
		for b.Loop() {
			btrsTrialGeneric(u, v, nf, p, out, true)
		}
		reportPerDraw(b, b.N*256)
	})
}
