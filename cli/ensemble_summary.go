package cli

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rubeola/rubeola/output"
)

// printEnsembleSummary writes the short human summary of an ensemble run: replicates and
// seeds, the median and 90 % interval of attack rate, peak and infections,
// extinctions, wall time, and where the files went (tables in DIR/ensemble,
// kept: the first replicate's file names, the same in every replicate's
// folder); write is the time spent writing the outputs after the run.
func printEnsembleSummary(w io.Writer, s *output.EnsembleSummary, dir string, tables, kept []string, write time.Duration) {
	in := s.Inputs
	seeds := fmt.Sprintf("seed %d", s.Seeds[0])
	if s.Replicates > 1 {
		seeds = fmt.Sprintf("seeds %d–%d", s.Seeds[0], s.Seeds[s.Replicates-1])
	}
	fmt.Fprintf(w, "%s: ensemble of %d replicates (%s), %d patches (population %d), %s\n",
		s.Metadata.Generator, s.Replicates, seeds, in.NumPatches, in.TotalPopulation, ticksFrom(in.Params, s.Metadata.TimeStepDays))
	st := s.Stats
	if d := st.AttackRate; d != nil {
		fmt.Fprintf(w, "  attack rate: median %.3g (90 %% interval %.3g–%.3g)\n", d.Q50, d.Q05, d.Q95)
	}
	if d := st.Infections; d != nil {
		fmt.Fprintf(w, "  total infections: median %s (90 %% interval %s–%s)\n", num(d.Q50), num(d.Q05), num(d.Q95))
	} else {
		fmt.Fprintf(w, "  total infections: %s\n", output.NotCounted)
	}
	if p, t := st.PeakInfectious, st.PeakTick; p != nil && t != nil {
		fmt.Fprintf(w, "  peak: median %s infectious (90 %% interval %s–%s) at tick %s (90 %% interval %s–%s)\n",
			num(p.Q50), num(p.Q05), num(p.Q95), num(t.Q50), num(t.Q05), num(t.Q95))
	}
	fmt.Fprintf(w, "  extinct: %d of %d replicates", s.ExtinctReplicates, s.Replicates)
	if d := st.ExtinctionTick; d != nil {
		fmt.Fprintf(w, " (median extinction tick %s)", num(d.Q50))
	}
	fmt.Fprintln(w)
	wall, setup := s.Wall()
	rate := float64(s.Replicates*s.TicksRun) / max(wall, 1e-9)
	fmt.Fprintf(w, "  wall time: %.3f s (setup %.3f s), %.0f replicate-ticks/s\n", wall, setup, rate)
	fmt.Fprintf(w, "  outputs: %s/%s/{%s} (written in %.3f s)\n", dir, output.EnsembleDir, strings.Join(baseNames(tables), ","), write.Seconds())
	if len(kept) > 0 {
		last := filepath.Base(output.ReplicateDir(s.Replicates-1, s.Replicates))
		folders := filepath.Base(output.ReplicateDir(0, s.Replicates))
		if s.Replicates > 1 {
			folders += "…" + last
		}
		fmt.Fprintf(w, "  replicates: %s/%s/%s/{%s}\n", dir, output.ReplicatesDir, folders, strings.Join(baseNames(kept), ","))
	}
}

// num formats a statistic of counts or ticks for reading: rounded to an
// integer from 100 on, else to one decimal (without a trailing .0).
func num(v float64) string {
	if math.Abs(v) >= 100 {
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	}
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// baseNames returns the names without their folders.
func baseNames(names []string) []string {
	out := make([]string, len(names))
	for k, n := range names {
		out[k] = filepath.Base(n)
	}
	return out
}
