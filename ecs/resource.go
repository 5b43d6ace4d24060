package ecs

import ark "github.com/mlange-42/ark/ecs"

// AddResource stores a model-wide value of type T (one per type) in the
// world, replacing an earlier one.
func AddResource[T any](w *World, res *T) {
	r := ark.NewResource[T](w.world)
	if r.Has() {
		r.Remove()
	}
	r.Add(res)
}

// GetResource returns the world's value of type T, or nil if none was added.
func GetResource[T any](w *World) *T {
	r := ark.NewResource[T](w.world)
	if !r.Has() {
		return nil
	}
	return r.Get()
}
