// Command quickstart builds a scenario, chooses components (the standard
// schedule plus a custom phase), runs the biweekly model and reads the tracker.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	// 1. A scenario: a 5×5 grid of towns of 20 000 people (or scenario.LoadCSV).
	scn, err := scenario.Grid(5, 5, 20000, scenario.DefaultGridOptions())
	if err != nil {
		return err
	}

	// 2. Run parameters: two years of biweekly ticks.
	p := params.Default()
	p.NumTicks = 52
	p.ShowProgress = false

	// 3. The model with the standard schedule, a per-patch tracker and a
	//    custom phase that reports the largest outbreak each year.
	m, err := model.NewBiweekly(scn, p)
	if err != nil {
		return err
	}
	perPatch := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	components := append(model.DefaultComponents(),
		metrics.NewStateTracker(&perPatch),
		phases.Func("YearlyReport", func(m phases.Model, tick int) error {
			if (tick+1)%26 != 0 {
				return nil
			}
			largest := int64(0)
			for _, cases := range m.World().I() { // a column view: one entry per patch
				largest = max(largest, cases)
			}
			fmt.Fprintf(out, "%s: largest patch incidence %d\n", m.CurrentDate().Format("2006-01-02"), largest)
			return nil
		}))
	if err := m.SetComponents(components...); err != nil {
		return err
	}

	// 4. Run, then read the trackers.
	if err := m.Run(context.Background()); err != nil {
		return err
	}
	global := model.InstancesOf[*metrics.StateTracker](m)[0]
	fmt.Fprintf(out, "incidence per tick: %v\n", global.Series("I"))
	summary := metrics.Summarize(model.InstancesOf[*metrics.StateTracker](m)[1])
	fmt.Fprintf(out, "peak tick %d, %d groups\n", *summary.Summary.PeakTick, summary.NumGroups)
	return nil
}
