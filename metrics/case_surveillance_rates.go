package metrics

import "github.com/rubeola/rubeola/scenario"

// reportRates are a [CaseSurveillanceTracker]'s detection rate and
// overdispersion per patch, resolved from its params against the model's
// scenario (one number, or a scenario column per patch: a multi-town fit's
// ρ and ψ).
type reportRates struct {
	rate, psi []float64 // per patch
	// same is the one detection rate of every patch, or −1 when they
	// differ (binomial reports then draw with a p per lane).
	same float64
	// draw reports whether any report is drawn: a rate below 1, a ψ above
	// 0 or he2010 reporting (otherwise reports are the counts themselves).
	draw bool
}

// resolveRates resolves p's detection_rate and psi over scn's patches;
// errors name the key, the column, the row and the value.
func resolveRates(p CaseSurveillanceTrackerParams, scn *scenario.Table) (reportRates, error) {
	rate, err := p.DetectionRate.Resolve(CaseSurveillanceTrackerName+": detection_rate", scn, scenario.UnitInterval, "in [0, 1]")
	if err != nil {
		return reportRates{}, err
	}
	psi, err := p.Psi.Resolve(CaseSurveillanceTrackerName+": psi", scn, validPsi, psiRange)
	if err != nil {
		return reportRates{}, err
	}
	r := reportRates{rate: rate, psi: psi, same: -1, draw: p.he2010()}
	if x, ok := p.DetectionRate.Number(); ok {
		r.same = x
	}
	for j := range rate {
		r.draw = r.draw || rate[j] < 1 || psi[j] > 0
	}
	return r, nil
}
