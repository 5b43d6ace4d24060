package main

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"github.com/rubeola/rubeola/demographics"
)

func main() {
	f, _ := os.Create("/tmp/grid.prof")
	pprof.StartCPUProfile(f)
	defer pprof.StopCPUProfile()
	o := demographics.DefaultGridOptions()
	if len(os.Args) > 2 {
		o.MCV1Raster = os.Args[2]
	}
	t0 := time.Now()
	tab, _, err := demographics.GridScenario(context.Background(), os.Args[1], o)
	if err != nil {
		panic(err)
	}
	t1 := time.Now()
	if err := tab.SaveCSV("/tmp/rast/prof.csv"); err != nil {
		panic(err)
	}
	fmt.Println(tab.Len(), t1.Sub(t0), time.Since(t1))
}
