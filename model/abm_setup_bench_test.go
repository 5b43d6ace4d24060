package model

import (
	"testing"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// BenchmarkABMSetup measures building and initialising the agent-based
// model's standard schedule on the embedded synthetic scenario (6.4 M
// agents): agents, ages, equilibrium states, mixing.
func BenchmarkABMSetup(b *testing.B) {
	scn, err := scenario.RandomN(100, 42, 0)
	if err != nil {
		b.Fatal(err)
	}
	p := params.DefaultCompartmental()
	p.NumTicks = 1
	for b.Loop() {
		m, err := NewABM(scn, p)
		if err != nil {
			b.Fatal(err)
		}
		if err := m.SetComponents(DefaultABMComponents()...); err != nil {
			b.Fatal(err)
		}
		if err := m.Initialize(); err != nil {
			b.Fatal(err)
		}
	}
}
