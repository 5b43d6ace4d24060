package main

import (
	"fmt"
	"time"

	"github.com/rubeola/rubeola/plot"
	"github.com/rubeola/rubeola/plot/mapdata"
	"github.com/rubeola/rubeola/scenario"
)

// writeMaps draws the weekly reported cases of every town (weekly is
// [town][week], in scenario order; week w ends on day 7w+6 after start) as
// maps and travelling waves into outDir: map.png, map.gif, waves.png and
// waves.csv (docs/plots.md). It returns the phase analysis's speed in km
// per week (NaN when epidemics do not arrive later farther from the
// largest town) and the files written.
func writeMaps(outDir string, scn *scenario.Table, weekly [][]int64, start time.Time) ([]string, error) {
	b := mapdata.NewBuilderFor(scn, "the scenario", 1, mapdata.Options{})
	b.StartCases("weekly reported cases")
	ids := make([][]byte, scn.Len())
	for j, id := range scn.ID {
		ids[j] = []byte(id)
	}
	row := &mapdata.Row{State: []byte(mapdata.Cases)}
	weeks := len(weekly[0])
	for w := range weeks {
		row.Tick = 7*w + 6
		row.Date = start.AddDate(0, 0, row.Tick)
		for j := range ids {
			row.ID, row.Count, row.Num = ids[j], float64(weekly[j][w]), w*len(ids)+j+1
			if err := b.AddCase(row); err != nil {
				return nil, err
			}
		}
	}
	d, err := b.Finish()
	if err != nil {
		return nil, err
	}
	res, err := plot.RenderMaps(d, outDir, plot.Options{})
	if err != nil {
		return nil, err
	}
	if len(res.Skipped) > 0 {
		return res.Files, fmt.Errorf("maps: %v", res.Skipped)
	}
	return res.Files, nil
}
