package fit

import (
	"context"
	"fmt"
	"maps"
	"math"
)

// IF2Candidate is one candidate for a search's estimate: an iteration's
// parameter means, and a particle filter's log-likelihood there.
type IF2Candidate struct {
	// Iteration is the IF2 iteration whose means these are.
	Iteration int
	// Params are the iteration's means with the held parameters (a
	// complete [PFilterOptions.Set]).
	Params map[string]float64
	// Eval is the particle filter's evaluation at Params.
	Eval *PFilterResult
}

// IF2Selection is the estimate chosen among a search's candidates.
type IF2Selection struct {
	// Candidates are the last iterations' means, earliest first, each
	// evaluated by the same particle filters (same seed: common random
	// numbers, so their differences are less noisy than the filters).
	Candidates []IF2Candidate
	// Best is the index of the candidate with the highest log-likelihood.
	Best int
}

// Chosen is the selected candidate.
func (s *IF2Selection) Chosen() IF2Candidate { return s.Candidates[s.Best] }

// Rule says how the estimate was chosen, for mle.json.
func (s *IF2Selection) Rule() string {
	if len(s.Candidates) == 1 {
		return "the last iteration's parameter means"
	}
	return fmt.Sprintf("the highest particle-filter log-likelihood among the last %d iterations' parameter means", len(s.Candidates))
}

// IF2Candidates returns the parameter means of the last n iterations of r
// (all of them when there are fewer), earliest first, each with the held
// parameters of r.MLE; their Eval is nil.
func IF2Candidates(r *IF2Result, n int) []IF2Candidate {
	last := r.Trace[len(r.Trace)-1].Params
	held := map[string]float64{}
	for k, v := range r.MLE {
		if _, estimated := last[k]; !estimated {
			held[k] = v
		}
	}
	var out []IF2Candidate
	for _, it := range r.Trace[max(len(r.Trace)-n, 0):] {
		p := maps.Clone(it.Params)
		maps.Copy(p, held)
		out = append(out, IF2Candidate{Iteration: it.Iteration, Params: p})
	}
	return out
}

// BestCandidate returns the index of the evaluated candidate with the
// highest log-likelihood; of equal ones the latest. A NaN log-likelihood
// counts as −Inf; with every candidate −Inf it is the last one.
func BestCandidate(c []IF2Candidate) int {
	best, top := len(c)-1, math.Inf(-1)
	for i, x := range c {
		ll := x.Eval.LogLik
		if math.IsNaN(ll) {
			ll = math.Inf(-1)
		}
		if ll > top || (ll == top && ll > math.Inf(-1)) {
			best, top = i, ll
		}
	}
	return best
}

// SelectIF2 evaluates the last n iterations' means of r (n ≥ 1; n = 1:
// the last iteration's, [IF2Result.MLE]) by particle filter with opts,
// whose Set is replaced by each candidate's, and keeps the best. It calls
// progress, when set, after each evaluation.
func SelectIF2(ctx context.Context, spec *Spec, obs *Observations, r *IF2Result, n int, opts PFilterOptions,
	progress func(IF2Candidate)) (*IF2Selection, error) {
	if n < 1 || len(r.Trace) == 0 {
		return nil, fmt.Errorf("fit: selecting an IF2 estimate needs at least one candidate and one iteration, got %d and %d", n, len(r.Trace))
	}
	s := &IF2Selection{Candidates: IF2Candidates(r, n)}
	for i := range s.Candidates {
		c := &s.Candidates[i]
		o := opts
		o.Set = c.Params
		ev, err := PFilter(ctx, spec, obs, o)
		if err != nil {
			return nil, fmt.Errorf("fit: evaluating iteration %d's estimate: %w", c.Iteration, err)
		}
		c.Eval = ev
		if progress != nil {
			progress(*c)
		}
	}
	s.Best = BestCandidate(s.Candidates)
	return s, nil
}
