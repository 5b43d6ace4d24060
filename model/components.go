package model

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// errRunning is returned when components change during a run.
var errRunning = errors.New("model: components cannot change while the model is running")

// build runs every factory against the model. While it runs, Instances and
// GetInstance show the instances that will precede the one being built
// (before, then those built so far), so a factory can require an earlier
// component (ResultsWriter needs a StateTracker before it).
func (m *Model) build(fs []phases.Factory, before ...phases.Component) ([]phases.Component, error) {
	out := make([]phases.Component, 0, len(fs))
	view := slices.Clone(before)
	m.building = &view
	defer func() { m.building = nil }()
	for k, f := range fs {
		if f == nil {
			return nil, fmt.Errorf("model: component factory %d is nil", k)
		}
		c, err := f(m)
		if err != nil {
			return nil, err
		}
		if c == nil {
			return nil, fmt.Errorf("model: component factory %d returned no component", k)
		}
		out = append(out, c)
		view = append(view, c)
	}
	return out, nil
}

// SetComponents builds every factory in order and, if all succeed, replaces
// the instances and phases; on error the old list is kept.
func (m *Model) SetComponents(fs ...phases.Factory) error {
	if m.running {
		return errRunning
	}
	built, err := m.build(fs)
	if err != nil {
		return err
	}
	m.setInstances(built, make([]*rng.Streams, len(built)), make([]bool, len(built)))
	return nil
}

// AddComponent builds f and appends the instance (and phase, if a Stepper).
func (m *Model) AddComponent(f phases.Factory) error {
	return m.insert(f, len(m.instances))
}

// PrependComponent builds f and inserts the instance at position 0.
func (m *Model) PrependComponent(f phases.Factory) error {
	return m.insert(f, 0)
}

func (m *Model) insert(f phases.Factory, at int) error {
	if m.running {
		return errRunning
	}
	built, err := m.build([]phases.Factory{f}, m.instances[:at]...)
	if err != nil {
		return err
	}
	m.setInstances(slices.Insert(slices.Clone(m.instances), at, built[0]),
		slices.Insert(slices.Clone(m.streams), at, nil),
		slices.Insert(slices.Clone(m.initialized), at, false))
	return nil
}

// setInstances installs a component list and rebuilds the schedule. Stream
// names depend on ranks among same-named instances, so derived streams of
// instances whose name rank changed are dropped (they are re-derived).
func (m *Model) setInstances(cs []phases.Component, streams []*rng.Streams, done []bool) {
	m.instances, m.streams, m.initialized = cs, streams, done
	for k := range cs {
		if streams[k] != nil && streams[k].Name() != m.streamName(k) {
			streams[k] = nil
		}
	}
	m.schedule = phases.NewSchedule(cs)
	m.guardUserPhases()
	m.timing.Phases = m.schedule.Names()
}

// Instances returns the component instances in order.
func (m *Model) Instances() []phases.Component { return slices.Clone(m.visible()) }

// visible is the instance list components see: during build, the instances
// preceding the one being built.
func (m *Model) visible() []phases.Component {
	if m.building != nil {
		return *m.building
	}
	return m.instances
}

// Phases returns the instances that are phases, in order.
func (m *Model) Phases() []phases.Component { return m.schedule.Phases() }

// GetInstance returns the instances whose Name() is name, in order (an empty
// slice when none).
func (m *Model) GetInstance(name string) []phases.Component {
	out := []phases.Component{}
	for _, c := range m.visible() {
		if c.Name() == name {
			out = append(out, c)
		}
	}
	return out
}

// InstancesOf returns the model's instances whose dynamic type is T, in order.
// m is a *Model, or the [phases.Model] a component's factory or Initialize
// receives (any value with the Instances method): a component finds the
// instances it depends on by type, e.g.
// model.InstancesOf[*systems.VitalDynamics](m) in its Initialize. Through
// phases.Model it sees what Instances returns (during the build, the
// instances before the one being built).
func InstancesOf[T any](m interface{ Instances() []phases.Component }) []T {
	list := []phases.Component(nil)
	if mm, ok := m.(*Model); ok {
		list = mm.instances
	} else {
		list = m.Instances()
	}
	var out []T
	for _, c := range list {
		if t, ok := c.(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// Streams returns the random streams of instance c: derived from the seed
// and c's stream name (its Name(), plus "#k" for the k-th same-named
// instance, k ≥ 2).
func (m *Model) Streams(c phases.Component) (*rng.Streams, error) {
	k := m.indexOf(c)
	if k < 0 {
		return nil, fmt.Errorf("model: component %q is not an instance of this model", c.Name())
	}
	if m.streams[k] == nil {
		m.streams[k] = rng.NewStreams(m.p.Seed, m.streamName(k), m.world.Len())
	}
	return m.streams[k], nil
}

// streamName returns the stream name of instance k.
func (m *Model) streamName(k int) string {
	name := m.instances[k].Name()
	rank := 1
	for _, c := range m.instances[:k] {
		if c.Name() == name {
			rank++
		}
	}
	if rank == 1 {
		return name
	}
	return fmt.Sprintf("%s#%d", name, rank)
}

// indexOf finds instance c by identity (-1 when absent).
func (m *Model) indexOf(c phases.Component) int {
	t := reflect.TypeOf(c)
	if t == nil || !t.Comparable() {
		return -1
	}
	for k, x := range m.instances {
		if reflect.TypeOf(x) == t && x == c {
			return k
		}
	}
	return -1
}
