// Package snapstate holds the helpers every process family of package
// systems uses to save and restore its run state in snapshots (SPEC §9,
// phases.Snapshotter): strict decoding of a saved state and the checks of
// its arrays, each error naming the component.
package snapstate
