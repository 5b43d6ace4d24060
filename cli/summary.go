package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// finalCounts returns the final totals of the tracked states, in order,
// joined by " / ".
func finalCounts(s *output.Summary) string {
	counts := make([]string, len(s.States))
	for k, name := range s.States {
		counts[k] = strconv.FormatInt(s.Totals.FinalState[name], 10)
	}
	return strings.Join(counts, " / ")
}

// ticksFrom describes the run's length and start: "365 ticks from 2000-01"
// for the biweekly model, "730 daily ticks from 2000-01" for the daily one,
// "N ticks of K days" otherwise.
func ticksFrom(p params.BiweeklyParams, stepDays int) string {
	switch stepDays {
	case params.StepDays, 0:
		return fmt.Sprintf("%d ticks from %s", p.NumTicks, p.StartTime)
	case 1:
		return fmt.Sprintf("%d daily ticks from %s", p.NumTicks, p.StartTime)
	}
	return fmt.Sprintf("%d ticks of %d days from %s", p.NumTicks, stepDays, p.StartTime)
}

// printRunSummary writes the short human summary of a run whose files went
// to dir; write is the time spent writing the outputs.
func printRunSummary(w io.Writer, s *output.Summary, dir string, files []string, write time.Duration) {
	fmt.Fprintf(w, "%s: %d patches (population %d), %s\n", s.Metadata.Generator,
		s.Inputs.NumPatches, s.Inputs.TotalPopulation, ticksFrom(s.Inputs.Params, s.Metadata.TimeStepDays))
	if n := s.Totals.Infections; n != nil {
		fmt.Fprintf(w, "  total infections: %d\n", *n)
	} else {
		fmt.Fprintf(w, "  total infections: %s\n", output.NotCounted)
	}
	if s.Totals.PeakTick != nil {
		fmt.Fprintf(w, "  peak: %d infectious at tick %d\n", *s.Totals.PeakInfectious, *s.Totals.PeakTick)
	}
	fmt.Fprintf(w, "  final %s: %s\n", strings.Join(s.States, "/"), finalCounts(s))
	wall, setup := s.Wall()
	fmt.Fprintf(w, "  wall time: %.3f s (setup %.3f s)\n", wall, setup)
	fmt.Fprintf(w, "  outputs: %s/{%s} (written in %.3f s)\n", dir, strings.Join(files, ","), write.Seconds())
}

// printLambdaError writes --verbose's line on an approximate force's
// measured λ error (nothing for the exact storages).
func printLambdaError(w io.Writer, m interface{ Instances() []phases.Component }) {
	if r, ok := output.LambdaError(m); ok {
		fmt.Fprintf(w, "lambda error (hierarchical force, measured on %d rows against the exact sum): max %.3g, mean %.3g relative\n", r.Rows, r.Max, r.Mean)
	}
}
