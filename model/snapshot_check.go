package model

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/scenario"
)

// Snapshot content checks (issue 14): a snapshot is user input — a file
// that may have been edited, truncated or made by another tool — so every
// count is checked before it enters a model, and an error names the field
// and the index (LoadSnapshot adds the file). Component states are checked
// by their RestoreState, random streams by rng.Streams.UnmarshalBinary.

// checkSnapshotHeader checks the saved tick.
func checkSnapshotHeader(f *snapshotFile) error {
	if f.Tick < 0 {
		return fmt.Errorf("tick: %d must be >= 0", f.Tick)
	}
	return nil
}

// checkStates checks the saved patch states against a model of n patches
// with the given state names: each present once with n values, every value
// in [0, 2^53] and every patch's sum of states at most 2^53 (SPEC §3.2).
func checkStates(states map[string][]int64, names []string, n int) error {
	for name := range states {
		if !slices.Contains(names, name) {
			return fmt.Errorf("states: unknown state %q (the model has %q): a model that declares it (model.WithCompartments) loads this snapshot", name, names)
		}
	}
	for _, name := range names {
		col, ok := states[name]
		switch {
		case !ok:
			return fmt.Errorf("states: state %q is missing (the model has %q)", name, names)
		case len(col) != n:
			return fmt.Errorf("states.%s has %d values, the scenario has %d patches", name, len(col), n)
		}
		for j, v := range col {
			if v < 0 || v > scenario.MaxPop {
				return fmt.Errorf("states.%s[%d] = %d: must be in [0, %d (2^53)]", name, j, v, int64(scenario.MaxPop))
			}
		}
	}
	for j := range n {
		var sum int64 // each term ≤ 2^53: no overflow for any sane number of states
		for _, name := range names {
			sum += states[name][j]
			if sum > scenario.MaxPop {
				return fmt.Errorf("states: patch %d: the sum of %q is above %d (2^53)", j, names, int64(scenario.MaxPop))
			}
		}
	}
	return nil
}

// checkTimingRows checks the saved timing table: at most one row per saved
// tick, each with a tick column and one value per phase, none negative.
func checkTimingRows(rows [][]int64, tick, phases int) error {
	if len(rows) > tick {
		return fmt.Errorf("timing.rows has %d rows, more than the saved tick %d", len(rows), tick)
	}
	for k, row := range rows {
		if len(row) != phases+1 {
			return fmt.Errorf("timing.rows[%d] has %d values, want %d (tick and %d phases)", k, len(row), phases+1, phases)
		}
		for c, v := range row {
			if v < 0 {
				return fmt.Errorf("timing.rows[%d][%d] = %d: must be >= 0", k, c, v)
			}
		}
	}
	return nil
}
