package model_test

import (
	"context"
	"fmt"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Build a model on the reference's two-patch scenario, give it the standard
// schedule, run half a year of biweekly ticks and read the global tracker.
// The seed fixes every draw, so the output is the same on every machine and
// for any number of workers.
func ExampleNewBiweekly() {
	scn, err := scenario.TwoPatch(100000, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := params.Default()
	p.NumTicks = 13
	p.Seed = 42
	p.ShowProgress = false

	m, err := model.NewBiweekly(scn, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.SetComponents(model.DefaultComponents()...); err != nil {
		fmt.Println(err)
		return
	}
	if err := m.Run(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
	fmt.Println("I:", tracker.Series("I"))
	fmt.Println("ended", m.CurrentDate().Format("2006-01-02"))
	// Output:
	// I: [5 12 31 41 55 70 100 139 200 272 342 397 400]
	// ended 2000-07-01
}
