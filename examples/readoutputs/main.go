package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Run settings: a 3×3 grid for half a year, a fixed seed.
const (
	gridSize = 3
	numTicks = 13
	seed     = 4
)

func main() {
	dir, err := os.MkdirTemp("", "readoutputs-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := run(os.Stdout, dir); err != nil {
		log.Fatal(err)
	}
}

// run writes states.parquet and states.csv into dir, reads both back and
// compares them.
func run(out io.Writer, dir string) error {
	tracker, err := simulate()
	if err != nil {
		return err
	}
	pq, csvPath := filepath.Join(dir, "states.parquet"), filepath.Join(dir, "states.csv")
	if err := writeWith(pq, tidyparquet.Write, tracker); err != nil {
		return err
	}
	if err := writeWith(csvPath, metrics.WriteTidyCSV, tracker); err != nil {
		return err
	}

	f, err := os.Open(pq)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	size := info.Size()
	// The snippet of docs/outputs.md ("Reading it back"):
	rows, err := parquet.Read[struct {
		Tick    int32  `parquet:"tick"`
		Date    int32  `parquet:"date"` // days since 1970-01-01
		PatchID string `parquet:"patch_id"`
		State   string `parquet:"state"`
		Count   int64  `parquet:"count"`
	}](f, size) // github.com/parquet-go/parquet-go
	if err != nil {
		return err
	}

	records, err := readCSV(csvPath)
	if err != nil {
		return err
	}
	if len(records) != len(rows)+1 {
		return fmt.Errorf("states.csv has %d rows, states.parquet %d", len(records)-1, len(rows))
	}
	for i, r := range rows {
		date := time.Unix(int64(r.Date)*86400, 0).UTC().Format(time.DateOnly)
		got := []string{strconv.Itoa(int(r.Tick)), date, r.PatchID, r.State, strconv.FormatInt(r.Count, 10)}
		if fmt.Sprint(got) != fmt.Sprint(records[i+1]) {
			return fmt.Errorf("row %d: parquet %v, csv %v", i+1, got, records[i+1])
		}
	}
	last := rows[len(rows)-1]
	fmt.Fprintf(out, "%d rows, the same in states.parquet and states.csv\n", len(rows))
	fmt.Fprintf(out, "last row: tick %d, %s, %s, %s = %d\n", last.Tick,
		time.Unix(int64(last.Date)*86400, 0).UTC().Format(time.DateOnly), last.PatchID, last.State, last.Count)
	return nil
}

// simulate runs the standard schedule with a per-patch StateTracker and
// returns it.
func simulate() (*metrics.StateTracker, error) {
	scn, err := scenario.Grid(gridSize, gridSize, 20000, scenario.DefaultGridOptions())
	if err != nil {
		return nil, err
	}
	p := params.Default()
	p.NumTicks = numTicks
	p.Seed = seed
	p.ShowProgress = false
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if err != nil {
		return nil, err
	}
	perPatch := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	if err := m.SetComponents(append(model.DefaultComponents(), metrics.NewStateTracker(&perPatch))...); err != nil {
		return nil, err
	}
	if err := m.Run(context.Background()); err != nil {
		return nil, err
	}
	return model.InstancesOf[*metrics.StateTracker](m)[1], nil
}

// writeWith writes the tracker's tidy table to path with write.
func writeWith(path string, write func(io.Writer, ...metrics.Tracker) error, t metrics.Tracker) error {
	var buf bytes.Buffer
	if err := write(&buf, t); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// readCSV reads every record of a CSV file.
func readCSV(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return csv.NewReader(f).ReadAll()
}
