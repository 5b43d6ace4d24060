package fit

// CandidateReport is one candidate of mle.json: an iteration's means and
// the particle filter's log-likelihood there.
type CandidateReport struct {
	Iteration int    `json:"iteration"`
	LogLik    Number `json:"loglik"`
	SE        Number `json:"se"`
	// Chosen marks the estimate.
	Chosen bool `json:"chosen"`
	// Params are the iteration's means of the estimated parameters.
	Params map[string]Number `json:"params"`
}

// candidateReports lists sel's candidates with the estimated parameters
// only (those of r's trace).
func candidateReports(r *IF2Result, sel *IF2Selection) []CandidateReport {
	estimated := r.Trace[len(r.Trace)-1].Params
	out := make([]CandidateReport, len(sel.Candidates))
	for i, c := range sel.Candidates {
		p := map[string]Number{}
		for k := range estimated {
			p[k] = Number(c.Params[k])
		}
		out[i] = CandidateReport{Iteration: c.Iteration, LogLik: Number(c.Eval.LogLik), SE: Number(c.Eval.SE),
			Chosen: i == sel.Best, Params: p}
	}
	return out
}

// ConvergenceReport is the convergence diagnostic of mle.json.
type ConvergenceReport struct {
	// Settled, From and To are [Convergence]'s; Summary is its
	// Describe.
	Settled bool   `json:"settled"`
	From    int    `json:"from_iteration"`
	To      int    `json:"to_iteration"`
	Summary string `json:"summary"`
	// Series are the log-likelihood's and every parameter's diagnostic.
	Series []SeriesReport `json:"series"`
}

// SeriesReport is one [SeriesConvergence].
type SeriesReport struct {
	Name      string `json:"name"`
	Change    Number `json:"change"`
	Tolerance Number `json:"tolerance"`
	Settled   bool   `json:"settled"`
}

// convergenceReport converts c for JSON.
func convergenceReport(c Convergence) ConvergenceReport {
	out := ConvergenceReport{Settled: c.Settled, From: c.From, To: c.To, Summary: c.Describe()}
	for _, s := range c.Series {
		out.Series = append(out.Series, SeriesReport{Name: s.Name, Change: Number(s.Change), Tolerance: Number(s.Tolerance), Settled: s.Settled})
	}
	return out
}
