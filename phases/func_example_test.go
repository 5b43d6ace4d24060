package phases_test

import (
	"context"
	"fmt"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// A phase written as a function: after the Infection phase, it reports the
// infectious count of every patch every fourth tick (eight weeks). It runs
// once per tick at its place in the schedule and reads the patches through
// the world's column views (one entry per patch). One infection seeded in the
// larger patch of a fully susceptible pair spreads to the smaller one and
// burns out.
func ExampleFunc() {
	scn, err := scenario.TwoPatch(100000, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := params.Default()
	p.NumTicks = 12
	p.Seed = 7
	p.ShowProgress = false
	m, err := model.NewBiweekly(scn, p)
	if err != nil {
		fmt.Println(err)
		return
	}

	report := phases.Func("Report", func(m phases.Model, tick int) error {
		if (tick+1)%4 == 0 {
			fmt.Println("tick", tick, m.CurrentDate().Format("2006-01-02"), m.World().I())
		}
		return nil
	})
	err = m.SetComponents(
		systems.NewInfectionSeeding(nil),
		systems.NewInfection(nil),
		report,
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.Run(context.Background()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// tick 3 2000-02-12 [6250 148]
	// tick 7 2000-04-08 [15 6730]
	// tick 11 2000-06-03 [0 0]
}
