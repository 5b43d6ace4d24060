package phases

import "encoding/json"

// Snapshotter is a component with run state of its own that a snapshot must
// carry (SPEC §9): tracker arrays, fired campaigns, counters, done flags.
// Patch states (S, I, R), random streams and params are saved by the model;
// a component implements Snapshotter only for what is left.
//
// When a model is loaded from a snapshot, every component that had been
// initialised when the snapshot was taken gets RestoreState instead of
// Initialize. RestoreState must leave the component exactly as it was at the
// save (buffers sized, columns fetched, state loaded) without changing patch
// states and without drawing random numbers: the model restores the patch
// states and every stream after all components are restored. Components that
// do not implement Snapshotter get Initialize again; their Initialize must
// then be free of effects that the restored patch states and streams do not
// overwrite.
type Snapshotter interface {
	Component
	// SnapshotState returns the component's run state as JSON. It is called
	// only at a tick boundary, after initialisation.
	SnapshotState() (json.RawMessage, error)
	// RestoreState restores a state returned by SnapshotState for model m.
	// m.Tick() is the saved tick and m.Params().NumTicks may be larger or
	// smaller than at the save (trackers grow or shrink to it). A state that
	// does not fit the model (wrong lengths, bad JSON) is an error naming
	// the component; on error the model is discarded.
	RestoreState(m Model, state json.RawMessage) error
}
