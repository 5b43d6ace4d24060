package model

import (
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
)

// KitTracker is the dynamic type of a tracker built on the tracker kit: a
// type of one's own embedding *[metrics.Kit] (which gives it every method,
// Params included), or *metrics.Kit itself.
type KitTracker interface {
	phases.Component
	Params() metrics.KitParams
}

// NewKitTrackerType declares a tracker kit's tracker (docs/trackers.md) as
// a component type for [Register], so that run files name it (`type =
// spec.Name`) with the kit's keys aggregation_level and every, whose
// defaults are spec.Params; snapshots store them. wrap gives the instance
// a type of its own ([metrics.KitFactory]); the catalogue's Go name is that
// type's name. E.g.
//
//	model.MustRegister(model.NewKitTrackerType(shareSpec, "Share of S per grid row.",
//		func(k *metrics.Kit[float64]) *SusceptibleShare { return &SusceptibleShare{k} }))
func NewKitTrackerType[V metrics.Value, C KitTracker](spec metrics.TrackerSpec[V], summary string, wrap func(*metrics.Kit[V]) C) ComponentType {
	return NewComponentType(ComponentSpec[C, metrics.KitParams]{
		Name: spec.Name, Kind: KindPhase, Summary: summary,
		Defaults: func() metrics.KitParams { return spec.Params },
		New: func(p *metrics.KitParams) phases.Factory {
			s := spec
			if p != nil {
				s.Params = *p
			}
			return metrics.KitFactory(s, wrap)
		},
	})
}
