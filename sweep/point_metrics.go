package sweep

import (
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
)

// reportedCases returns the total of the model's first
// CaseSurveillanceTracker over every group and recorded row; false without
// one.
func reportedCases(m *model.Model) (float64, bool) {
	cs := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	if len(cs) == 0 {
		return 0, false
	}
	var total int64
	for _, row := range cs[0].Counts() {
		for _, v := range row {
			total += v
		}
	}
	return float64(total), true
}

// outcomeMetrics are a single run's metrics.
func outcomeMetrics(o metrics.ReplicateOutcome) Metrics {
	out := Metrics{"fadeout_events": float64(o.FadeOutEvents), "extinct": 0}
	if o.Infections != nil {
		out["infections"] = float64(*o.Infections)
	}
	if o.AttackRate != nil {
		out["attack_rate"] = *o.AttackRate
	}
	if o.PeakTick != nil {
		out["peak_tick"] = float64(*o.PeakTick)
		out["peak_infectious"] = float64(*o.PeakInfectious)
	}
	for st, v := range o.FinalState {
		out["final_"+st] = float64(v)
	}
	if o.FadedPatchesFinal != nil {
		out["faded_patches_final"] = float64(*o.FadedPatchesFinal)
	}
	if o.ExtinctionTick != nil {
		out["extinct"] = 1
	}
	return out
}

// ensembleMetrics are an ensemble point's metrics: the medians across
// replicates, and the fraction of replicates that went extinct.
func ensembleMetrics(s metrics.EnsembleSummary) Metrics {
	out := Metrics{"extinct": float64(s.ExtinctReplicates) / float64(s.Replicates)}
	st := s.Stats
	for name, d := range map[string]*metrics.Distribution{"attack_rate": st.AttackRate, "peak_tick": st.PeakTick,
		"peak_infectious": st.PeakInfectious, "infections": st.Infections, "fadeout_events": st.FadeOutEvents,
		"faded_patches_final": st.FadedPatchesFinal} {
		if d != nil {
			out[name] = d.Q50
		}
	}
	for state, d := range st.FinalState {
		if d != nil {
			out["final_"+state] = d.Q50
		}
	}
	return out
}
