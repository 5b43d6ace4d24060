package benchmarks

import (
	"testing"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/abm"
)

// BenchmarkTickABMImmunity times one day of 1 million agents (ConstantPop:
// about 55 births and deaths a day) without immunity phases, with routine
// MCV1 (coverage 0.8) and MCV2 (0.6), and with maternal immunity too
// (maternal_share 1: no listing of mothers), after a year of warm-up: the
// cost per day of the routine doses and of the protections' ends
// (docs/abm.md, "Immunity by age").
//
//	go test -run '^$' -bench TickABMImmunity -benchmem ./benchmarks
func BenchmarkTickABMImmunity(b *testing.B) {
	routine := abm.DefaultRoutineImmunizationParams()
	routine.MCV2Coverage = 0.6
	maternal := abm.DefaultMaternalImmunityParams()
	maternal.Source, maternal.Share = abm.MaternalFromShare, 1
	for _, c := range []struct {
		name string
		fs   []phases.Factory
	}{
		{"none", nil},
		{"routine", []phases.Factory{abm.NewRoutineImmunization(&routine)}},
		{"routine+maternal", []phases.Factory{abm.NewMaternalImmunity(&maternal), abm.NewRoutineImmunization(&routine)}},
	} {
		b.Run(c.name, func(b *testing.B) {
			scn := abmScenario(b, abmRefAgents)
			for j := range scn.MCV1 {
				scn.MCV1[j] = 0.8
			}
			m := newABMBench(b, scn, 200_000, append([]phases.Factory{abm.NewABMConstantPop(nil)}, c.fs...))
			benchDays(b, m)
		})
	}
}
