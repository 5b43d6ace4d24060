package model

import "github.com/rubeola/rubeola/phases"

// What a run with per-patch tables holds besides its trackers and mixing
// (issue 27 item 4). Measured with /usr/bin/time -v and GODEBUG=gctrace=1
// on `scenario synthetic --patches 1000000`, vital dynamics and a per-patch
// StateTracker, 26 biweekly ticks, Parquet (docs/scale.md, "Memory at 10⁶
// patches"): the same run with one global tracker peaks at 302 MB, about
// 150 MB of it live; with the per-patch tracker (rows spilled, 72 MB of
// them in memory) the live heap peaks at about 500 MB and the process at
// 1.06 GB. Keeping the tracker's 624 MB of rows in memory instead raised
// the peak by 0.71 GB: storage allocated once is not doubled by the
// garbage collector, what is allocated and dropped as the run goes is.

// patchStateBytes is the live memory per patch of any run: the scenario
// (ids, coordinates, populations), the state columns and the components'
// per-patch buffers (150 MB live at 10⁶ patches).
const patchStateBytes = 150

// patchTableBytes is the memory per patch of each per-patch table the run
// writes: the writer's per-id state (the Parquet dictionary's id map and
// pages, or the CSV writer's quoted ids) and, for the chosen StateTracker,
// summary.json's per-group arrays and text (the rest of the 500 MB live at
// 10⁶ patches: (1.06 GB − 302 MB − 72 MB of rows) / 2 ≈ 340 B a patch
// live).
const patchTableBytes = 340

// The names of patchItems' items.
const (
	patchStateItem   = "patch state"
	patchWritersItem = "per-patch table writers"
	gcHeadroomItem   = "GC headroom"
)

// patchItems returns the estimate's items for a run that writes per-patch
// tables (some item in items counts patches: a per-patch tracker): the
// patch state, the tables' writers, and the garbage collector's headroom
// over these two, as much again (with GOGC=100 the heap grows to twice its
// live size before a collection). Tracker storage and the mixing are
// allocated once and a snapshot's encoding was measured as a peak: they
// get no headroom. A run without per-patch tables gets none of these
// items, and its estimate is what it was.
func (m *Model) patchItems(items []MemoryItem) []MemoryItem {
	tables := 0
	for _, it := range items {
		if !it.Shared && hasPatchDim(it.Storage) {
			tables++
		}
	}
	if tables == 0 {
		return nil
	}
	n := m.scn.Len()
	out := []MemoryItem{
		{Component: patchStateItem, Storage: phases.Storage{ElemBytes: patchStateBytes,
			Dims: []phases.Dim{{N: n, Unit: "patches"}}}},
		{Component: patchWritersItem, Storage: phases.Storage{ElemBytes: patchTableBytes,
			Dims: []phases.Dim{{N: tables, Unit: "tables"}, {N: n, Unit: "patches"}}}},
	}
	return append(out, MemoryItem{Component: gcHeadroomItem + " (GOGC=100: as much again as the two items above)",
		Storage: phases.Storage{ElemBytes: patchStateBytes + tables*patchTableBytes, Dims: []phases.Dim{{N: n, Unit: "patches"}}}})
}

// hasPatchDim reports whether s counts patches once (a per-patch tracker's
// storage; the N × N mixing counts them twice and is shared anyway).
func hasPatchDim(s phases.Storage) bool {
	k := 0
	for _, d := range s.Dims {
		if d.Unit == "patches" {
			k++
		}
	}
	return k == 1
}
