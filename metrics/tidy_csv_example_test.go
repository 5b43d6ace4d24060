package metrics_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// A per-patch StateTracker's records as a tidy CSV table: one row per tick,
// state and patch, streamed to the writer.
func ExampleWriteTidyCSV() {
	scn, err := scenario.TwoPatch(1000, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := params.Default()
	p.NumTicks = 2
	p.Seed = 3
	p.ShowProgress = false
	m, err := model.NewBiweekly(scn, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	perPatch := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	err = m.SetComponents(systems.NewInfectionSeeding(nil), systems.NewInfection(nil), metrics.NewStateTracker(&perPatch))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.Run(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
	if err := metrics.WriteTidyCSV(os.Stdout, tracker); err != nil {
		fmt.Println(err)
	}
	// Output:
	// tick,date,patch_id,state,count
	// 0,2000-01-01,patch_1,S,988
	// 0,2000-01-01,patch_2,S,500
	// 0,2000-01-01,patch_1,I,11
	// 0,2000-01-01,patch_2,I,0
	// 0,2000-01-01,patch_1,R,1
	// 0,2000-01-01,patch_2,R,0
	// 1,2000-01-15,patch_1,S,900
	// 1,2000-01-15,patch_2,S,499
	// 1,2000-01-15,patch_1,I,88
	// 1,2000-01-15,patch_2,I,1
	// 1,2000-01-15,patch_1,R,12
	// 1,2000-01-15,patch_2,R,0
}

// fixedTracker is a user tracker: it implements Name and Blocks, yielding one
// block per tick.
type fixedTracker struct {
	name   string
	ids    []string
	counts []int64
}

func (c fixedTracker) Name() string { return c.name }

func (c fixedTracker) Blocks(yield func(metrics.Block) bool) {
	start := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for tick := range 2 {
		date := start.AddDate(0, 0, 14*tick)
		if !yield(metrics.Block{Tick: tick, Date: date, State: "cases", IDs: c.ids, Counts: c.counts}) {
			return
		}
	}
}

// Several trackers, here user trackers, go into one table with a leading
// tracker column; ids are quoted only when they need it, as encoding/csv
// quotes them.
func ExampleWriteTidyCSV_trackers() {
	north := fixedTracker{name: "North", ids: []string{"NG:KN", "NG:KT"}, counts: []int64{4, 0}}
	south := fixedTracker{name: "South", ids: []string{"Lagos, Ikeja"}, counts: []int64{12}}
	if err := metrics.WriteTidyCSV(os.Stdout, north, south); err != nil {
		fmt.Println(err)
	}
	// Output:
	// tracker,tick,date,patch_id,state,count
	// North,0,2000-01-01,NG:KN,cases,4
	// North,0,2000-01-01,NG:KT,cases,0
	// North,1,2000-01-15,NG:KN,cases,4
	// North,1,2000-01-15,NG:KT,cases,0
	// South,0,2000-01-01,"Lagos, Ikeja",cases,12
	// South,1,2000-01-15,"Lagos, Ikeja",cases,12
}
