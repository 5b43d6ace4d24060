package scenario

import (
	"errors"
	"fmt"
)

// MaxBuilderPatches is the largest number of patches a synthetic builder
// makes: 2^20 (1048576). Larger synthetic scenarios are not useful runs (a
// dense mixing matrix for 2^20 patches is already 8.8 TB) but a run file
// asking for one (n = 16000000) kept `rubeola validate` busy for minutes and
// gigabytes before anything could be said; a scenario that large can still
// be loaded from a file.
const MaxBuilderPatches = 1 << 20

// argProblems collects every problem with one builder's arguments; each
// message names the builder: "scenario: Grid: Spacing must be finite and > 0,
// got 0".
type argProblems struct {
	builder string
	errs    []error
}

// addf records a problem.
func (p *argProblems) addf(format string, args ...any) {
	p.errs = append(p.errs, fmt.Errorf("scenario: %s: "+format, append([]any{p.builder}, args...)...))
}

// err returns the problems joined, or nil.
func (p *argProblems) err() error { return errors.Join(p.errs...) }

// size records a patch count above MaxBuilderPatches; what describes how it
// was computed ("100000×100000").
func (p *argProblems) size(n int, what string) {
	if n > MaxBuilderPatches {
		p.addf("%s = %d patches, more than the %d a synthetic builder makes (load a scenario CSV for larger ones)",
			what, n, MaxBuilderPatches)
	}
}

// popMCV1 records problems with the population and coverage arguments.
func (p *argProblems) popMCV1(pop int64, mcv1 float64) {
	if pop < 0 {
		p.addf("pop must be >= 0, got %d", pop)
	}
	if pop > MaxPop {
		p.addf("pop must be <= %d (2^53), got %d", int64(MaxPop), pop)
	}
	if !(mcv1 >= 0 && mcv1 <= 1) {
		p.addf("mcv1 must be in [0, 1], got %v", mcv1)
	}
}

// checkBuilderArgs returns the problems with the population and coverage
// arguments of builder.
func checkBuilderArgs(builder string, pop int64, mcv1 float64) error {
	p := &argProblems{builder: builder}
	p.popMCV1(pop, mcv1)
	return p.err()
}
