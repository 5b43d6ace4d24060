package systems_test

import (
	"context"
	"fmt"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// The Infection phase with its own parameters: start from the defaults,
// change the transmission rate and the mixer, and give the factory a pointer
// (nil would mean the defaults). Ten infections seeded in the first town of a
// row of three spread along the row; the recovered count of each town after
// a year is its outbreak's size.
func ExampleNewInfection() {
	scn, err := scenario.Grid(1, 3, 20000, scenario.DefaultGridOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	p := params.Default()
	p.NumTicks = 26
	p.Seed = 1
	p.ShowProgress = false
	m, err := model.NewBiweekly(scn, p)
	if err != nil {
		fmt.Println(err)
		return
	}

	infection := systems.DefaultInfectionParams()
	infection.Beta = 0.3 // per day
	infection.Mixer = mixing.DefaultRadiation()
	seeding := systems.SeedingParams{NumInfections: 10, TargetPatches: []string{"0:0"}}
	err = m.SetComponents(systems.NewInfectionSeeding(&seeding), systems.NewInfection(&infection))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.Run(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("R:", m.World().R())
	// Output:
	// R: [19662 19682 19679]
}
