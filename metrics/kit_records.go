package metrics

import (
	"encoding/json"
	"fmt"
	"iter"
	"slices"

	"github.com/rubeola/rubeola/phases"
)

// A Kit is a tracker of every kind the CLI knows: it exports a tidy table
// a stretch of ticks at a time, carries its records in snapshots and sizes
// its storage for the memory check.
var (
	_ TickRanger          = (*Kit[int64])(nil)
	_ FloatTracker        = (*Kit[float64])(nil)
	_ phases.Snapshotter  = (*Kit[int64])(nil)
	_ phases.StorageSizer = (*Kit[float64])(nil)
	_ phases.Initializer  = (*Kit[int64])(nil)
	_ phases.Stepper      = (*Kit[int64])(nil)
)

// Blocks yields the recorded values ([Tracker]): tick-major (the sampled
// ticks), then one block per state, ids the group ids. Safe while the
// model runs, for the ticks known to be complete ([Tracker]).
func (k *Kit[V]) Blocks(yield func(Block) bool) { k.BlocksBetween(0, allTicks)(yield) }

// BlocksBetween yields the blocks of the recorded ticks from ≤ tick < to
// ([TickRanger]).
func (k *Kit[V]) BlocksBetween(from, to int) iter.Seq[Block] {
	return k.rec.blocks(from, to, k.dates, k.groupIDs, k.spec.States)
}

// Series returns state's values summed over groups, one per recorded
// (sampled) tick; an unknown state is an error. Summing float values over
// groups is meaningful for amounts, not for shares: use Values then.
func (k *Kit[V]) Series(state string) ([]V, error) {
	vals, err := k.Values(state)
	if err != nil {
		return nil, err
	}
	out := make([]V, len(vals))
	for t, row := range vals {
		for _, v := range row {
			out[t] += v
		}
	}
	return out, nil
}

// Values returns state's values as [recorded tick][group] (copies); an
// unknown state is an error.
func (k *Kit[V]) Values(state string) ([][]V, error) {
	s := slices.Index(k.spec.States, state)
	if s < 0 {
		return nil, fmt.Errorf("%s: unknown state %q (states are %q)", k.spec.Name, state, k.spec.States)
	}
	g := len(k.groupIDs)
	out := make([][]V, k.rec.count())
	for t := range out {
		out[t] = append([]V(nil), k.rec.row(t)[s*g:(s+1)*g]...)
	}
	return out, nil
}

// Last returns state's value of group g at the last recorded tick, false
// before the first tick (or for an unknown state or group).
func (k *Kit[V]) Last(state string, g int) (V, bool) {
	n, s := k.rec.count(), slices.Index(k.spec.States, state)
	if n == 0 || s < 0 || g < 0 || g >= len(k.groupIDs) {
		return 0, false
	}
	return k.rec.row(n - 1)[s*len(k.groupIDs)+g], true
}

// TickStorage describes the values array: states × groups × sampled ticks
// of 8 bytes ([phases.StorageSizer]).
func (k *Kit[V]) TickStorage(_ phases.Model, ticks int) phases.Storage {
	return phases.Storage{ElemBytes: int64Bytes, Dims: []phases.Dim{{N: len(k.spec.States), Unit: "states"},
		groupDim(k.spec.Params.AggregationLevel, len(k.groupIDs)), {N: k.samples(ticks), Unit: "sampled ticks"}}}
}

// kitState is a Kit's snapshot content: the recorded rows (one per sampled
// tick, state-major then group) and what identifies its columns.
type kitState[V Value] struct {
	GroupIDs []string `json:"group_ids"`
	States   []string `json:"states"`
	Every    int      `json:"every"`
	Rows     [][]V    `json:"rows"`
}

// SnapshotState returns the recorded rows with the states, groups and
// sampling step (SPEC §9).
func (k *Kit[V]) SnapshotState() (json.RawMessage, error) {
	data, err := json.Marshal(kitState[V]{GroupIDs: k.groupIDs, States: k.spec.States, Every: k.every, Rows: k.rec.rows()})
	if err != nil {
		return nil, fmt.Errorf("%s: snapshot state: %w", k.spec.Name, err)
	}
	return data, nil
}

// RestoreState sizes storage for m's num_ticks and copies the saved rows.
// States, groups or a sampling step that differ from the tracker's are an
// error.
func (k *Kit[V]) RestoreState(m phases.Model, state json.RawMessage) error {
	var s kitState[V]
	if err := decodeStrict(state, &s); err != nil {
		return fmt.Errorf("%s: snapshot state: %w", k.spec.Name, err)
	}
	if s.Rows == nil {
		return fmt.Errorf("%s: snapshot state: missing \"rows\"", k.spec.Name)
	}
	if err := checkList(k.spec.Name, "states", s.States, k.spec.States); err != nil {
		return err
	}
	if err := checkList(k.spec.Name, "group_ids", s.GroupIDs, k.groupIDs); err != nil {
		return err
	}
	if s.Every != k.every {
		return fmt.Errorf("%s: snapshot records every %d ticks, the tracker every %d", k.spec.Name, s.Every, k.every)
	}
	k.bind(m)
	return k.rec.restore(k.spec.Name, len(k.spec.States)*len(k.groupIDs), k.samples(m.Params().NumTicks), s.Rows)
}
