package ecs

import (
	"fmt"
	"unsafe"

	ark "github.com/mlange-42/ark/ecs"

	"github.com/rubeola/rubeola/components"
)

// PatchData is the per-patch input of a world: one entry per patch, in
// scenario row order. All slices must have the same length.
type PatchData struct {
	Pop  []int64   // scenario population; S starts at Pop, I and R at 0
	Lat  []float64 // degrees
	Lon  []float64 // degrees
	MCV1 []float64 // routine coverage fraction
}

// World holds the patch entities of one model and their column views.
type World struct {
	world *ark.World
	n     int

	s, i, r []int64
	e       []int64 // nil in an SIR world
	base    int     // number of built-in compartments: 3 (SIR) or 4 (SEIR)
	pop     []int64
	mcv1    []float64
	loc     []components.Location

	compartments []Compartment
	stateNames   []string
	states       [][]int64
}

// NewWorld creates one patch entity per row of d, in row order, with S = Pop
// and every other compartment 0, and resolves the column views. The world
// stores S, I and R ([SIR]) and then the extra compartments, in order; they
// are checked as by [CheckCompartments].
func NewWorld(d PatchData, extra ...Compartment) (*World, error) {
	return newWorld(d, SIR(), extra)
}

// NewSEIRWorld is [NewWorld] for an SEIR model (the daily models,
// compartmental and agent-based):
// the world stores S, E, I and R ([SEIR]), in that state order, then the
// extra compartments. [World.E] is the latent compartment.
func NewSEIRWorld(d PatchData, extra ...Compartment) (*World, error) {
	return newWorld(d, SEIR(), extra)
}

// newWorld creates the world of base then extra compartments.
func newWorld(d PatchData, base, extra []Compartment) (*World, error) {
	n := len(d.Pop)
	if len(d.Lat) != n || len(d.Lon) != n || len(d.MCV1) != n {
		return nil, fmt.Errorf("ecs: patch data columns differ in length (pop %d, lat %d, lon %d, mcv1 %d)",
			n, len(d.Lat), len(d.Lon), len(d.MCV1))
	}
	world := ark.NewWorld(max(n, 1))
	all, err := compartmentList(world, base, extra)
	if err != nil {
		return nil, err
	}
	if len(all) == len(sir) {
		newSIRPatches(world, n)
	} else {
		newPatches(world, n, all)
	}
	w := &World{world: world, n: n, compartments: all, base: len(base)}
	if err := w.resolve(); err != nil {
		return nil, err
	}
	copy(w.s, d.Pop)
	copy(w.pop, d.Pop)
	copy(w.mcv1, d.MCV1)
	for k := range w.loc {
		w.loc[k] = components.Location{Lat: d.Lat[k], Lon: d.Lon[k]}
	}
	return w, nil
}

// newSIRPatches creates n patches of the built-in compartments in one
// batch, each with its row index set.
func newSIRPatches(world *ark.World, n int) {
	mapper := ark.NewMap7[components.Susceptible, components.Infectious, components.Recovered,
		components.Population, components.Coverage, components.Location, components.Index](world)
	k := 0
	mapper.NewBatchFn(n, func(_ ark.Entity, _ *components.Susceptible, _ *components.Infectious,
		_ *components.Recovered, _ *components.Population, _ *components.Coverage,
		_ *components.Location, idx *components.Index) {
		*idx = components.Index(k)
		k++
	})
}

// newPatches creates n patches storing the compartments all, one after the
// other, each with its row index set.
func newPatches(world *ark.World, n int, all []Compartment) {
	ids := make([]ark.ID, 0, len(all)+len(patchTypes))
	for _, c := range all {
		ids = append(ids, c.id(world))
	}
	for _, p := range patchTypes {
		ids = append(ids, p.id(world))
	}
	u := world.Unsafe()
	index := ark.ComponentID[components.Index](world)
	for k := range n {
		e := u.NewEntity(ids...)
		*(*components.Index)(u.Get(e, index)) = components.Index(k)
	}
}

// resolve fetches every column once and checks that the patches form one
// table in row order.
func (w *World) resolve() error {
	idx, err := Column[components.Index](w)
	if err != nil {
		return err
	}
	for k, v := range idx {
		if int(v) != k {
			return fmt.Errorf("ecs: patch %d stored at row %d; patches must be created in row order", v, k)
		}
	}
	w.stateNames = make([]string, len(w.compartments))
	w.states = make([][]int64, len(w.compartments))
	for k, c := range w.compartments {
		w.stateNames[k] = c.name
		if w.states[k], err = c.col(w); err != nil {
			return err
		}
	}
	if w.s, err = w.State("S"); err != nil {
		return err
	}
	if w.i, err = w.State("I"); err != nil {
		return err
	}
	if w.r, err = w.State("R"); err != nil {
		return err
	}
	if w.base > len(sir) {
		if w.e, err = w.State("E"); err != nil {
			return err
		}
	}
	if w.pop, err = int64Column[components.Population](w); err != nil {
		return err
	}
	cov, err := Column[components.Coverage](w)
	if err != nil {
		return err
	}
	w.mcv1 = reinterpret[components.Coverage, float64](cov)
	if w.loc, err = Column[components.Location](w); err != nil {
		return err
	}
	return nil
}

// Len returns the number of patches.
func (w *World) Len() int { return w.n }

// S returns the susceptible column (one entry per patch, row order).
func (w *World) S() []int64 { return w.s }

// I returns the infectious column.
func (w *World) I() []int64 { return w.i }

// R returns the recovered column.
func (w *World) R() []int64 { return w.r }

// E returns the exposed (latent) column of an SEIR world ([NewSEIRWorld]);
// nil in an SIR world. Systems that move people into infection check it:
// new infections enter E when it exists, I otherwise.
func (w *World) E() []int64 { return w.e }

// Builtin returns the number of built-in compartments at the front of the
// state order: 3 (S, I, R) or 4 in an SEIR world (S, E, I, R). The
// compartments after them are the extra ones.
func (w *World) Builtin() int { return w.base }

// Extra returns the columns of the extra compartments (after the built-in
// ones), in state order; empty when there are none.
func (w *World) Extra() [][]int64 { return append([][]int64(nil), w.states[w.base:]...) }

// ExtraNames returns the names of the extra compartments, in state order.
func (w *World) ExtraNames() []string { return append([]string(nil), w.stateNames[w.base:]...) }

// Pop returns the static scenario population column. Do not modify it.
func (w *World) Pop() []int64 { return w.pop }

// MCV1 returns the routine first-dose coverage column. Do not modify it.
func (w *World) MCV1() []float64 { return w.mcv1 }

// Locations returns the patch locations. Do not modify them.
func (w *World) Locations() []components.Location { return w.loc }

// StateNames returns the compartment names in order: S, I, R (S, E, I, R in
// an SEIR world), then the extra compartments (["S", "I", "R"] for the
// biweekly model, ["S", "E", "I", "R"] for the compartmental model).
func (w *World) StateNames() []string { return append([]string(nil), w.stateNames...) }

// Compartments returns the declared compartments in state order (S, I, R,
// then the extra ones). The slice is new on every call.
func (w *World) Compartments() []Compartment { return append([]Compartment(nil), w.compartments...) }

// States returns the column of every compartment, in state order (the
// columns alias the storage, as [World.State]'s). The outer slice is new on
// every call.
func (w *World) States() [][]int64 { return append([][]int64(nil), w.states...) }

// State returns the column of the named compartment. Unknown names are an
// error listing the known ones.
func (w *World) State(name string) ([]int64, error) {
	for k, s := range w.stateNames {
		if s == name {
			return w.states[k], nil
		}
	}
	return nil, fmt.Errorf("ecs: unknown state %q (states are %q)", name, w.stateNames)
}

// Column returns the column of component type T over all patches, in row
// order. The slice aliases the engine's storage: writes update the patches.
// It is an error if no patch carries T.
func Column[T any](w *World) ([]T, error) {
	if w.n == 0 {
		return []T{}, nil
	}
	filter := ark.NewFilter1[T](w.world)
	query := filter.Query()
	defer query.Close()
	var col []T
	tables := 0
	for query.NextTable() {
		col = query.GetColumns()
		tables++
	}
	if tables != 1 || len(col) != w.n {
		var zero T
		return nil, fmt.Errorf("ecs: component %T is not stored as one column over all %d patches", zero, w.n)
	}
	return col, nil
}

// int64Column returns the column of an int64-based component as []int64.
func int64Column[T ~int64](w *World) ([]int64, error) {
	col, err := Column[T](w)
	if err != nil {
		return nil, err
	}
	return reinterpret[T, int64](col), nil
}

// reinterpret views a slice of a named type as a slice of its underlying
// type. T and U must have the same underlying type (guaranteed by callers'
// type constraints), so their layouts are identical.
func reinterpret[T, U any](col []T) []U {
	if len(col) == 0 {
		return []U{}
	}
	return unsafe.Slice((*U)(unsafe.Pointer(unsafe.SliceData(col))), len(col))
}
