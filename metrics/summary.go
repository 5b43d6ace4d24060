package metrics

import "cmp"

// SummaryStats are the §8.7 "summary" values; per-group entries are nil for
// a global tracker. With no recorded tick every value is nil.
type SummaryStats struct {
	PeakInfectiousGlobal   *int64             `json:"peak_infectious_global"`
	PeakTick               *int               `json:"peak_tick"`
	AttackRateGlobal       *float64           `json:"attack_rate_global"`
	AttackRatePerGroup     []float64          `json:"attack_rate_per_group"`
	PeakInfectiousPerGroup []int64            `json:"peak_infectious_per_group"`
	FinalStatePerGroup     map[string][]int64 `json:"final_state_per_group"`
	FinalStateGlobal       map[string]int64   `json:"final_state_global"`
}

// Summary is the results summary of a StateTracker (SPEC §8.7).
type Summary struct {
	ModelType             string       `json:"model_type"`
	NumTicks              int          `json:"num_ticks"`
	NumGroups             int          `json:"num_groups"`
	GroupIDs              []string     `json:"group_ids"`
	GroupAggregationLevel int          `json:"group_aggregation_level"`
	States                []string     `json:"states"`
	Summary               SummaryStats `json:"summary"`
}

// Summarize computes the results summary over the ticks the tracker has
// recorded: peak of Σ_g I (first argmax), attack rates
// clip(Σ_g max(S_g[0] − S_g[T−1], 0) / max(Σ_g S_g[0], 1), 0, 1), final
// states per group and global.
func Summarize(t *StateTracker) Summary {
	s := Summary{ModelType: cmp.Or(t.modelType, "BiweeklyModel"), NumTicks: t.rec.ticks, NumGroups: len(t.groupIDs),
		GroupIDs: t.GroupIDs(), GroupAggregationLevel: t.p.AggregationLevel, States: t.States()}
	T := t.rec.count()
	if T == 0 {
		return s
	}
	g := len(t.groupIDs)
	at := func(k, tick, group int) int64 { return t.row(k, tick)[group] }
	iIdx, iErr := t.stateIndex("I")
	sIdx, sErr := t.stateIndex("S")
	perGroup := !(t.p.AggregationLevel == AllPatches)

	if iErr == nil {
		peak, peakTick := int64(-1), 0
		for tick := range T {
			var sum int64
			for gi := range g {
				sum += at(iIdx, tick, gi)
			}
			if sum > peak {
				peak, peakTick = sum, tick
			}
		}
		s.Summary.PeakInfectiousGlobal, s.Summary.PeakTick = &peak, &peakTick
		if perGroup {
			s.Summary.PeakInfectiousPerGroup = make([]int64, g)
			for gi := range g {
				for tick := range T {
					s.Summary.PeakInfectiousPerGroup[gi] = max(s.Summary.PeakInfectiousPerGroup[gi], at(iIdx, tick, gi))
				}
			}
		}
	}
	if sErr == nil {
		var lost, first int64
		if perGroup {
			s.Summary.AttackRatePerGroup = make([]float64, g)
		}
		for gi := range g {
			s0, s1 := at(sIdx, 0, gi), at(sIdx, T-1, gi)
			lost += max(s0-s1, 0)
			first += s0
			if perGroup {
				s.Summary.AttackRatePerGroup[gi] = attackRate(max(s0-s1, 0), s0)
			}
		}
		ar := attackRate(lost, first)
		s.Summary.AttackRateGlobal = &ar
	}
	s.Summary.FinalStateGlobal = map[string]int64{}
	if perGroup {
		s.Summary.FinalStatePerGroup = map[string][]int64{}
	}
	for k, name := range t.states {
		var sum int64
		row := make([]int64, g)
		for gi := range g {
			row[gi] = at(k, T-1, gi)
			sum += row[gi]
		}
		s.Summary.FinalStateGlobal[name] = sum
		if perGroup {
			s.Summary.FinalStatePerGroup[name] = row
		}
	}
	return s
}

// attackRate returns clip(lost / max(first, 1), 0, 1).
func attackRate(lost, first int64) float64 {
	return min(max(float64(lost)/float64(max(first, 1)), 0), 1)
}
