package cli

import (
	"context"

	"github.com/rubeola/rubeola/fit"
)

// selectIF2 evaluates the file's [fit] candidates (the last iterations'
// means of res) with the file's particle filters and returns the best;
// each candidate's filters forecast --forecast periods ahead, so the
// chosen one's forecast is the estimate's.
func (j *fitJob) selectIF2(ctx context.Context, res *fit.IF2Result) (*fit.IF2Selection, error) {
	opts := j.file.PFilterOptions(j.flags.workers)
	opts.Forecast = j.flags.forecast
	n := min(j.file.Candidates, len(res.Trace))
	j.say("particle filter: %d filters × %d particles at %s, %s", opts.Filters, opts.Particles,
		plural(n, "candidate estimate"), j.describe())
	return fit.SelectIF2(ctx, j.file.Spec, j.file.Obs, res, n, opts, func(c fit.IF2Candidate) {
		j.say("if2: candidate of iteration %d: %s", c.Iteration, logLikLine(c.Eval))
	})
}
