package metrics

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// KitParams are the settings every tracker built with [NewKit] shares,
// decodable from a run file's phase table (the JSON keys).
type KitParams struct {
	// AggregationLevel groups patches (SPEC §8.1): −1 one group
	// "all_patches", −2 one group per patch, k ≥ 0 the first k+1
	// colon-separated id parts.
	AggregationLevel int `json:"aggregation_level" doc:"grouping of patches: −1 one group \"all_patches\", −2 one group per patch, k ≥ 0 the first k+1 colon-separated id parts"`
	// Every records every k-th tick (ticks 0, k, 2k, …); 0 or 1 every
	// tick.
	Every int `json:"every" doc:"record every k-th tick (0, k, 2k, …); 1 every tick"`
	// Filter keeps the patches for which it returns true (nil keeps all).
	// Go API only.
	Filter func(id string) bool `json:"-"`
}

// DefaultKitParams returns one global group, every tick.
func DefaultKitParams() KitParams { return KitParams{AggregationLevel: AllPatches, Every: 1} }

// Validate checks the aggregation level and the sampling step.
func (p KitParams) Validate() error {
	if err := scenario.CheckAggregationLevel(p.AggregationLevel); err != nil {
		return err
	}
	if p.Every < 0 {
		return fmt.Errorf("every: %d is negative (expected 1 for every tick, k > 1 for every k-th)", p.Every)
	}
	return nil
}

// TrackerSpec declares a tracker built with [NewKit]: its names, the
// states it records, its settings, and its per-tick function. V is the
// values' type: int64 counts or float64 (a share, a rate).
type TrackerSpec[V Value] struct {
	// Name is the component name (required).
	Name string
	// File is the tidy table's file name without extension (default: Name
	// in lower case, spaces as "_"): letters, digits, '_', '-' and '.';
	// "summary" and "timing" are the run's own files.
	File string
	// States names what Measure records at each sampled tick, one value
	// per group each (required, distinct, non-empty).
	States []string
	// Params are the grouping and sampling.
	Params KitParams
	// Measure computes one sampled tick's values into s (required). It
	// runs on the model's goroutine, at the tracker's place in the
	// schedule.
	Measure func(s *Sample[V]) error
}

// fileNamePattern is what a tracker's file name may be.
var fileNamePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// reservedFiles are the run's own files, which no tracker may be named.
var reservedFiles = []string{"summary", "timing"}

// check validates the spec; errors name the tracker and the field.
func (s TrackerSpec[V]) check() error {
	if s.Name == "" {
		return fmt.Errorf("tracker kit: Name is empty")
	}
	if s.Measure == nil {
		return fmt.Errorf("%s: Measure is nil (the per-tick function is required)", s.Name)
	}
	if len(s.States) == 0 {
		return fmt.Errorf("%s: States is empty (name at least one recorded value)", s.Name)
	}
	seen := map[string]bool{}
	for _, st := range s.States {
		if st == "" || seen[st] {
			return fmt.Errorf("%s: States %q: each state must be non-empty and distinct", s.Name, s.States)
		}
		seen[st] = true
	}
	file := s.fileBase()
	if !fileNamePattern.MatchString(file) || file == "." || file == ".." {
		return fmt.Errorf("%s: file name %q: use letters, digits, '_', '-' and '.'", s.Name, file)
	}
	for _, r := range reservedFiles {
		if strings.EqualFold(file, r) {
			return fmt.Errorf("%s: file name %q is the run's own %s file", s.Name, file, r)
		}
	}
	if err := s.Params.Validate(); err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	return nil
}

// fileBase is the tidy table's file name without extension.
func (s TrackerSpec[V]) fileBase() string {
	if s.File != "" {
		return s.File
	}
	return strings.ToLower(strings.ReplaceAll(s.Name, " ", "_"))
}

// Kit is a tracker built from a [TrackerSpec]: it owns the storage
// (states × groups × sampled ticks of V, sized at Initialize), the
// grouping of patches, the sampling, the snapshot state, the memory
// estimate and the tidy export, and its records may be read live from
// another goroutine (the CLI's writers) while Step writes them. A user
// tracker is a spec and a per-tick function; embed *Kit in a type of your
// own to give it methods and a type model.InstancesOf can find.
type Kit[V Value] struct {
	spec     TrackerSpec[V]
	groupIDs []string
	members  [][]int
	all      bool // one group over every patch: sum without an index list
	every    int
	rec      store[V]
	dates    func(t int) time.Time
	states   [][]int64 // every compartment's column (Sample.Population)
	sample   Sample[V]
}

// NewKit builds a tracker for model m from spec (call it from a
// component's factory). Errors name the tracker.
func NewKit[V Value](m phases.Model, spec TrackerSpec[V]) (*Kit[V], error) {
	if err := spec.check(); err != nil {
		return nil, err
	}
	ids, members, err := Groups(m.Scenario().ID, spec.Params.AggregationLevel, spec.Params.Filter)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec.Name, err)
	}
	spec.States = append([]string(nil), spec.States...)
	all := spec.Params.AggregationLevel == AllPatches && len(members[0]) == m.Scenario().Len()
	k := &Kit[V]{spec: spec, groupIDs: ids, members: members, all: all, every: max(spec.Params.Every, 1)}
	k.rec.signed, k.rec.every = true, k.every
	return k, nil
}

// KitFactory returns a component factory for spec whose instances are a
// type of your own that embeds the [Kit] (wrap builds it from the kit),
// so that model.InstancesOf finds them by that type:
//
//	metrics.KitFactory(spec, func(k *metrics.Kit[float64]) *MyTracker { return &MyTracker{k} })
func KitFactory[V Value, C phases.Component](spec TrackerSpec[V], wrap func(*Kit[V]) C) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		k, err := NewKit(m, spec)
		if err != nil {
			return nil, err
		}
		return wrap(k), nil
	}
}

// Factory returns a component factory for spec: each model gets its own
// [Kit].
func (s TrackerSpec[V]) Factory() phases.Factory {
	return func(m phases.Model) (phases.Component, error) { return NewKit(m, s) }
}

// Name returns the spec's name.
func (k *Kit[V]) Name() string { return k.spec.Name }

// FileBase returns the tidy table's file name without extension (the
// CLI writes FileBase().csv or .parquet).
func (k *Kit[V]) FileBase() string { return k.spec.fileBase() }

// FloatValues reports whether the values are float64 ([FloatTracker]).
func (k *Kit[V]) FloatValues() bool {
	var v V
	_, ok := any(v).(float64)
	return ok
}

// Params returns the tracker's grouping and sampling.
func (k *Kit[V]) Params() KitParams { return k.spec.Params }

// States returns the recorded state names in order.
func (k *Kit[V]) States() []string { return append([]string(nil), k.spec.States...) }

// GroupIDs returns the group ids in first-appearance order.
func (k *Kit[V]) GroupIDs() []string { return append([]string(nil), k.groupIDs...) }

// Every returns the sampling step in ticks (1: every tick).
func (k *Kit[V]) Every() int { return k.every }

// samples is the number of sampled ticks among ticks ticks.
func (k *Kit[V]) samples(ticks int) int { return ceilDiv(ticks, k.every) }

// Initialize sizes storage for num_ticks.
func (k *Kit[V]) Initialize(m phases.Model) error {
	k.bind(m)
	k.rec.size(len(k.spec.States)*len(k.groupIDs), k.samples(m.Params().NumTicks))
	return nil
}

// bind keeps what the kit reads from m: its tick dates and the world's
// columns (at Initialize, or RestoreState when a snapshot is loaded).
func (k *Kit[V]) bind(m phases.Model) {
	k.dates = m.TickDate
	k.states = m.World().States()
}

// Step runs the per-tick function at every sampled tick and stores its
// values. A float value that is NaN or infinite is an error naming the
// tracker, tick, state and group (it could not be written nor restored).
func (k *Kit[V]) Step(m phases.Model, tick int) error {
	if tick%k.every != 0 {
		return nil
	}
	row, err := k.rec.record(k.spec.Name, tick/k.every)
	if err != nil {
		return err
	}
	k.sample = Sample[V]{Model: m, Tick: tick, kit: k, row: row}
	if err := k.spec.Measure(&k.sample); err != nil {
		return fmt.Errorf("%s: tick %d: %w", k.spec.Name, tick, err)
	}
	return k.checkFinite(tick, row)
}

// checkFinite refuses NaN and infinite values.
func (k *Kit[V]) checkFinite(tick int, row []V) error {
	if !k.FloatValues() {
		return nil
	}
	g := len(k.groupIDs)
	for i, v := range row {
		if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%s: tick %d, state %q, group %q: value %v (values must be finite)", k.spec.Name, tick, k.spec.States[i/g], k.groupIDs[i%g], f)
		}
	}
	return nil
}

// Recorded returns the number of ticks recorded so far (sampled ticks;
// safe to call from another goroutine).
func (k *Kit[V]) Recorded() int { return k.rec.count() }
