package model

import (
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/ecs"
)

// snapshotDoses is a snapshot's record of the agent-based model's doses
// given ([agents.Doses]), per kind name ("MCV1", "MCV2", "SIA" and the
// kinds the program registered, [agents.RegisterDoseKind]) and patch;
// absent when no phase of the run gives doses (the snapshot then reads as
// before doses existed).
type snapshotDoses struct {
	Given     map[string][]int64 `json:"given"`
	Immunised map[string][]int64 `json:"immunised"`
}

// saveDoses returns the record of world w's doses, nil when it has none.
func saveDoses(w *ecs.World) *snapshotDoses {
	d := ecs.GetResource[agents.Doses](w)
	if d == nil {
		return nil
	}
	s := &snapshotDoses{Given: map[string][]int64{}, Immunised: map[string][]int64{}}
	for k, name := range agents.DoseKinds()[:len(d.Given)] {
		s.Given[name], s.Immunised[name] = d.Given[k], d.Immunised[k]
	}
	return s
}

// restoreDoses loads the record s (nil: none) into world w's doses
// (before the phases that give them attach): every kind once, one count ≥
// 0 per patch, no more doses immunising than given. A kind the program has
// not registered is an error naming the kinds it knows; a registered kind
// the record lacks (registered after the run that saved it) starts at 0.
func restoreDoses(w *ecs.World, s *snapshotDoses) error {
	if s == nil {
		return nil
	}
	kinds := agents.DoseKinds()
	for field, m := range map[string]map[string][]int64{"doses.given": s.Given, "doses.immunised": s.Immunised} {
		for name := range m {
			if !slices.Contains(kinds, name) {
				return fmt.Errorf("%s: %q is not a dose kind of this program (want one of %q; a kind of one's own is registered with agents.RegisterDoseKind before resuming)", field, name, kinds)
			}
		}
	}
	d := agents.DosesOf(w)
	for k, name := range kinds {
		given, immunised := s.Given[name], s.Immunised[name]
		_, saved := s.Given[name]
		if _, ok := s.Immunised[name]; k >= agents.NumBuiltinDoseKinds && !saved && !ok {
			continue // a kind registered since: none given before the snapshot
		}
		if len(given) != w.Len() || len(immunised) != w.Len() {
			return fmt.Errorf("doses %s: %d given and %d immunised counts, want one per patch (%d)", name, len(given), len(immunised), w.Len())
		}
		for j := range given {
			if immunised[j] < 0 || given[j] < immunised[j] {
				return fmt.Errorf("doses %s: patch %d: %d given, %d immunised: want 0 ≤ immunised ≤ given", name, j, given[j], immunised[j])
			}
		}
		copy(d.Given[k], given)
		copy(d.Immunised[k], immunised)
	}
	return nil
}
