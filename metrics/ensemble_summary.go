package metrics

import (
	"errors"
	"fmt"
)

// ReplicateOutcome is what an ensemble summary records of one replicate,
// from its StateTracker (the most granular one, as for a single run's
// summary) and, when the component list has one, its FadeOutTracker.
type ReplicateOutcome struct {
	Replicate int    `json:"replicate"` // 0-based index
	Seed      uint64 `json:"seed"`      // the replicate's seed
	// PeakTick, PeakInfectious and AttackRate are [Summarize]'s
	// peak_tick, peak_infectious_global and attack_rate_global (nil when
	// nothing was recorded).
	PeakTick       *int     `json:"peak_tick"`
	PeakInfectious *int64   `json:"peak_infectious"`
	AttackRate     *float64 `json:"attack_rate"`
	// Infections is the number of infections (a single run's
	// totals.infections): Σ over the recorded ticks of the tracked I, which
	// is the count in the biweekly model (I at the end of a tick is that
	// tick's incidence), or the count [EnsembleSummary.SetInfections] gives
	// (the S → E transitions of the daily models, compartmental and
	// agent-based); nil when not counted.
	Infections *int64 `json:"infections"`
	// FinalState is the tracked count of each state at the last recorded
	// tick, summed over groups.
	FinalState map[string]int64 `json:"final_state"`
	// ExtinctionTick is the first tick at which the tracked I (E + I when
	// the tracker records E: the compartmental model), summed over groups,
	// is 0 after having been positive at an earlier tick (global extinction
	// of the epidemic); nil when it never happens.
	ExtinctionTick *int `json:"extinction_tick"`
	// FadeOutEvents counts the (group, tick) pairs where the group's
	// tracked I (E + I when the tracker records E) is positive at tick t−1
	// and 0 at tick t: local fade-outs,
	// per patch when the tracker is per patch (--per-patch), global
	// extinctions (each one, re-extinctions too) with one all_patches group.
	FadeOutEvents int64 `json:"fadeout_events"`
	// FadedPatchesFinal is the FadeOutTracker's count at the last recorded
	// tick (considered patches with I = 0); nil without a FadeOutTracker.
	FadedPatchesFinal *int64 `json:"faded_patches_final"`
}

// NewReplicateOutcome summarises replicate r (seed seed) from its
// StateTracker t and FadeOutTracker f (nil when it has none).
func NewReplicateOutcome(r int, seed uint64, t *StateTracker, f *FadeOutTracker) ReplicateOutcome {
	s := Summarize(t).Summary
	o := ReplicateOutcome{Replicate: r, Seed: seed, PeakTick: s.PeakTick, PeakInfectious: s.PeakInfectiousGlobal,
		AttackRate: s.AttackRateGlobal, FinalState: s.FinalStateGlobal}
	o.Infections = new(int64)
	if k, err := t.stateIndex("I"); err == nil {
		// In an SEIR model the infected are E + I: I alone falls to 0
		// whenever a generation has recovered before the next one, still
		// latent, turns infectious, and the epidemic goes on.
		e, errE := t.stateIndex("E")
		g := len(t.groupIDs)
		// infected is each group's E + I at one tick, prev the tick before's.
		infected, prev := make([]int64, g), make([]int64, g)
		wasPositive := false
		for tick, row := range t.tickRows() {
			copy(infected, t.stateOf(row, k))
			if errE == nil {
				for gi, v := range t.stateOf(row, e) {
					infected[gi] += v
				}
			}
			var sum, inf int64
			for gi, v := range t.stateOf(row, k) {
				sum += v
				n := infected[gi]
				inf += n
				if tick > 0 && n == 0 && prev[gi] > 0 {
					o.FadeOutEvents++
				}
			}
			*o.Infections += sum
			if inf == 0 && wasPositive && o.ExtinctionTick == nil {
				o.ExtinctionTick = &tick
			}
			wasPositive = wasPositive || inf > 0
			infected, prev = prev, infected
		}
	}
	if f != nil && f.Recorded() > 0 {
		n := f.rec.row(f.Recorded() - 1)[0]
		o.FadedPatchesFinal = &n
	}
	return o
}

// EnsembleStats are the distributions across replicates of the
// [ReplicateOutcome] values. ExtinctionTick is over the replicates that went
// extinct only; FadedPatchesFinal is nil without a FadeOutTracker; a
// distribution is nil when no replicate has the value.
type EnsembleStats struct {
	PeakTick          *Distribution            `json:"peak_tick"`
	PeakInfectious    *Distribution            `json:"peak_infectious"`
	AttackRate        *Distribution            `json:"attack_rate"`
	Infections        *Distribution            `json:"infections"`
	FinalState        map[string]*Distribution `json:"final_state"`
	ExtinctionTick    *Distribution            `json:"extinction_tick"`
	FadeOutEvents     *Distribution            `json:"fadeout_events"`
	FadedPatchesFinal *Distribution            `json:"faded_patches_final"`
}

// EnsembleSummary summarises an ensemble's replicates: their number and
// seeds, the tracked groups, the distributions of their outcomes and each
// replicate's outcome.
type EnsembleSummary struct {
	Replicates int      `json:"replicates"`
	Seeds      []uint64 `json:"seeds"`
	// NumTicks is the number of ticks recorded (the same in every
	// replicate).
	NumTicks int `json:"num_ticks"`
	// GroupIDs and GroupAggregationLevel describe the StateTracker the
	// outcomes come from (fadeout_events counts its groups' fade-outs).
	GroupIDs              []string `json:"group_ids"`
	GroupAggregationLevel int      `json:"group_aggregation_level"`
	// ExtinctReplicates is the number of replicates with an extinction tick.
	ExtinctReplicates int                `json:"extinct_replicates"`
	Stats             EnsembleStats      `json:"stats"`
	PerReplicate      []ReplicateOutcome `json:"per_replicate"`
}

// SummarizeEnsemble summarises the replicates whose StateTrackers (one per
// replicate, in replicate order, each the same component) and seeds are
// given; fadeouts holds their FadeOutTrackers, or is nil when the component
// list has none. Every replicate must have recorded the same ticks.
func SummarizeEnsemble(trackers []*StateTracker, fadeouts []*FadeOutTracker, seeds []uint64) (EnsembleSummary, error) {
	R := len(trackers)
	switch {
	case R == 0:
		return EnsembleSummary{}, errors.New("metrics: an ensemble summary needs at least one replicate")
	case len(seeds) != R:
		return EnsembleSummary{}, fmt.Errorf("metrics: ensemble summary of %d replicates with %d seeds", R, len(seeds))
	case fadeouts != nil && len(fadeouts) != R:
		return EnsembleSummary{}, fmt.Errorf("metrics: ensemble summary of %d replicates with %d FadeOutTrackers", R, len(fadeouts))
	}
	t0 := trackers[0]
	s := EnsembleSummary{Replicates: R, Seeds: seeds, NumTicks: t0.Recorded(), GroupIDs: t0.GroupIDs(),
		GroupAggregationLevel: t0.AggregationLevel()}
	var peakTick, peak, attack, extinction, events, faded []float64
	final := map[string][]float64{}
	for r, t := range trackers {
		if t.Recorded() != s.NumTicks {
			return EnsembleSummary{}, fmt.Errorf("metrics: ensemble summary: replicate %d recorded %d ticks, replicate 0 %d", r, t.Recorded(), s.NumTicks)
		}
		var f *FadeOutTracker
		if fadeouts != nil {
			f = fadeouts[r]
		}
		o := NewReplicateOutcome(r, seeds[r], t, f)
		s.PerReplicate = append(s.PerReplicate, o)
		if o.PeakTick != nil {
			peakTick = append(peakTick, float64(*o.PeakTick))
			peak = append(peak, float64(*o.PeakInfectious))
		}
		if o.AttackRate != nil {
			attack = append(attack, *o.AttackRate)
		}
		if o.ExtinctionTick != nil {
			s.ExtinctReplicates++
			extinction = append(extinction, float64(*o.ExtinctionTick))
		}
		events = append(events, float64(o.FadeOutEvents))
		if o.FadedPatchesFinal != nil {
			faded = append(faded, float64(*o.FadedPatchesFinal))
		}
		for state, v := range o.FinalState {
			final[state] = append(final[state], float64(v))
		}
	}
	s.Stats = EnsembleStats{PeakTick: NewDistribution(peakTick), PeakInfectious: NewDistribution(peak),
		AttackRate: NewDistribution(attack), Infections: s.infectionStats(),
		ExtinctionTick: NewDistribution(extinction), FadeOutEvents: NewDistribution(events),
		FadedPatchesFinal: NewDistribution(faded), FinalState: map[string]*Distribution{}}
	for state, v := range final {
		s.Stats.FinalState[state] = NewDistribution(v)
	}
	return s, nil
}

// SetInfections replaces each replicate's infections with counts[r] (nil:
// not counted) and their distribution: for a model whose I is not the
// number of infections, from a count of the transitions into infection
// (I is a prevalence in the daily models, compartmental and agent-based).
func (s *EnsembleSummary) SetInfections(counts []*int64) error {
	if len(counts) != len(s.PerReplicate) {
		return fmt.Errorf("metrics: ensemble summary of %d replicates given %d infection counts", len(s.PerReplicate), len(counts))
	}
	for r, n := range counts {
		s.PerReplicate[r].Infections = n
	}
	s.Stats.Infections = s.infectionStats()
	return nil
}

// infectionStats is the distribution of the counted replicates'
// infections (nil when none is counted).
func (s *EnsembleSummary) infectionStats() *Distribution {
	var v []float64
	for _, o := range s.PerReplicate {
		if o.Infections != nil {
			v = append(v, float64(*o.Infections))
		}
	}
	return NewDistribution(v)
}
