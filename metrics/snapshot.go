package metrics

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/rubeola/rubeola/phases"
)

// Every tracker carries its records in snapshots; the ResultsWriter has no
// run state.
var (
	_ phases.Snapshotter = (*StateTracker)(nil)
	_ phases.Snapshotter = (*PopulationTracker)(nil)
	_ phases.Snapshotter = (*FadeOutTracker)(nil)
	_ phases.Snapshotter = (*CaseSurveillanceTracker)(nil)
	_ phases.Finalizer   = (*ResultsWriter)(nil)
)

// trackerState is a tracker's snapshot content (SPEC §9): the rows recorded
// so far, one per tick in the tracker's storage layout, and what identifies
// its columns, checked on restore against the tracker rebuilt from the
// snapshot's params and scenario.
type trackerState struct {
	// GroupIDs are the group ids (StateTracker, CaseSurveillanceTracker).
	GroupIDs []string `json:"group_ids,omitempty"`
	// States are the tracked states (StateTracker).
	States []string `json:"states,omitempty"`
	// Patches is the number of patches a row covers (PopulationTracker:
	// every patch; FadeOutTracker: the considered patches).
	Patches *int `json:"patches,omitempty"`
	// Rows holds one row per recorded tick (CaseSurveillanceTracker with
	// aggregate_days: per complete window).
	Rows countRows `json:"rows"`
	// Partial holds a CaseSurveillanceTracker's per-patch counts summed over
	// the window under way (aggregate_days longer than the tick only).
	Partial []int64 `json:"partial,omitempty"`
}

// encodeState marshals a tracker's snapshot state.
func encodeState(name string, s trackerState) (json.RawMessage, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("%s: snapshot state: %w", name, err)
	}
	return data, nil
}

// decodeState unmarshals a tracker's snapshot state strictly (unknown keys
// and trailing data are errors); rows must be present.
func decodeState(name string, data json.RawMessage) (trackerState, error) {
	var s trackerState
	if err := decodeStrict(data, &s); err != nil {
		return trackerState{}, fmt.Errorf("%s: snapshot state: %w", name, err)
	}
	if s.Rows == nil {
		return trackerState{}, fmt.Errorf("%s: snapshot state: missing \"rows\"", name)
	}
	return s, nil
}

// checkList compares a saved id list with the rebuilt tracker's.
func checkList(name, what string, saved, want []string) error {
	if slices.Equal(saved, want) {
		return nil
	}
	if len(saved) != len(want) {
		return fmt.Errorf("%s: snapshot has %d %s, the model has %d", name, len(saved), what, len(want))
	}
	for k := range saved {
		if saved[k] != want[k] {
			return fmt.Errorf("%s: snapshot %s[%d] is %q, the model has %q", name, what, k, saved[k], want[k])
		}
	}
	return nil
}

// checkPatches compares a saved patch count with the rebuilt tracker's.
func checkPatches(name string, saved *int, want int) error {
	switch {
	case saved == nil:
		return fmt.Errorf("%s: snapshot state: missing \"patches\"", name)
	case *saved != want:
		return fmt.Errorf("%s: snapshot covers %d patches, the model has %d", name, *saved, want)
	}
	return nil
}

// decodeStrict unmarshals data into v: unknown keys and data after the
// object are errors.
func decodeStrict(data json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the object")
	}
	return nil
}
