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
	iIdx, iErr := t.stateIndex("I")
	sIdx, sErr := t.stateIndex("S")
	perGroup := !(t.p.AggregationLevel == AllPatches)

	// One pass over the ticks, each row read once (a spilled tracker reads
	// its file once): Σ_g I per tick, each group's peak I, S at the first
	// tick; the last row stays for the final states.
	peak, peakTick := int64(-1), 0
	var peakPerGroup, firstS, last []int64
	if iErr == nil && perGroup {
		peakPerGroup = make([]int64, g)
	}
	for tick, row := range t.tickRows() {
		if tick == 0 && sErr == nil {
			firstS = append([]int64(nil), t.stateOf(row, sIdx)...)
		}
		if iErr == nil {
			var sum int64
			for gi, v := range t.stateOf(row, iIdx) {
				sum += v
				if perGroup {
					peakPerGroup[gi] = max(peakPerGroup[gi], v)
				}
			}
			if sum > peak {
				peak, peakTick = sum, tick
			}
		}
		if tick == T-1 {
			last = append([]int64(nil), row...)
		}
	}
	if iErr == nil {
		s.Summary.PeakInfectiousGlobal, s.Summary.PeakTick = &peak, &peakTick
		s.Summary.PeakInfectiousPerGroup = peakPerGroup
	}
	if sErr == nil {
		var lost, first int64
		if perGroup {
			s.Summary.AttackRatePerGroup = make([]float64, g)
		}
		for gi, s1 := range t.stateOf(last, sIdx) {
			s0 := firstS[gi]
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
		row := append(make([]int64, 0, g), t.stateOf(last, k)...)
		for _, v := range row {
			sum += v
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
