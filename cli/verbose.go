package cli

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/rubeola/rubeola/internal/tty"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/output"
)

// isTerminal decides whether a progress bar may be drawn into a stream:
// only a terminal gets one, never a pipe, file or CI log. Tests replace it.
var isTerminal = tty.IsTerminal

// progressTo returns where a download's progress bar is drawn: stderr when
// it is a terminal, nowhere with --no-progress or into a pipe or file.
func progressTo(stderr io.Writer, noProgress bool) io.Writer {
	if noProgress || !isTerminal(stderr) {
		return io.Discard
	}
	return stderr
}

// logger is where library diagnostics go: a text handler on stderr with
// --verbose, nowhere otherwise.
func logger(stderr io.Writer, verbose bool) *slog.Logger {
	if !verbose {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(stderr, nil))
}

// printSchedule writes the --verbose schedule: every component in order
// with its role and its params in short form ("(no params)" for a
// built-in without any, "(user component)" for a user's component whose
// params the model does not know), after a line naming the
// model, its tick length and states when it is not the biweekly model.
func printSchedule(w io.Writer, m *model.Model) {
	p := m.Params()
	entries := m.Schedule()
	if m.Type() != model.TypeBiweekly {
		days := "one-day ticks"
		if d := m.TimeStepDays(); d != 1 {
			days = fmt.Sprintf("%d-day ticks", d)
		}
		fmt.Fprintf(w, "model: %s (%s), %s, states %s\n", m.Type(), m.ModelType(), days, strings.Join(m.Patches().States(), ", "))
	}
	fmt.Fprintf(w, "schedule: %d components, ticks %d to %d from %s, seed %d\n",
		len(entries), m.Tick(), p.NumTicks, p.StartTime, p.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for k, e := range entries {
		params := e.Params
		switch {
		case params != "":
		case e.User:
			params = "(user component)"
		default:
			params = "(no params)"
		}
		fmt.Fprintf(tw, "  %2d\t%s\t%s\t%s\n", k+1, e.Name, e.Role, params)
	}
	_ = tw.Flush()
}

// printTimingTable writes the --verbose phase-timing table: for each
// component name (first-appearance order) its initialisation time, its
// tick time in total and per tick, its share of the tick time, and its
// finalisation time, in µs.
func printTimingTable(w io.Writer, m *model.Model) {
	timing := m.Metrics()
	_, totals := timing.TotalsByName()
	ticks := len(timing.Rows)
	var tickSum int64
	for _, v := range totals {
		tickSum += v
	}
	var names []string
	for _, e := range m.Schedule() {
		if !slices.Contains(names, e.Name) {
			names = append(names, e.Name)
		}
	}
	width := len("component")
	for _, name := range names {
		width = max(width, len(name))
	}
	pr := message.NewPrinter(language.English)
	fmt.Fprintf(w, "phase timing (µs, %d ticks):\n", ticks)
	fmt.Fprintf(w, "  %-*s %12s %14s %12s %8s %10s\n", width, "component", "init", "ticks total", "per tick", "share", "finalize")
	for _, name := range names {
		total, isPhase := totals[name]
		perTick, share, sum := "-", "-", "-"
		if isPhase {
			sum = pr.Sprintf("%d", total)
			perTick = perTickOf(pr, total, ticks)
			if tickSum > 0 {
				share = fmt.Sprintf("%.1f %%", 100*float64(total)/float64(tickSum))
			}
		}
		pr.Fprintf(w, "  %-*s %12d %14s %12s %8s %10d\n", width, name, timing.Init[name], sum, perTick, share, timing.Finalize[name])
	}
	pr.Fprintf(w, "  %-*s %12s %14d %12s\n", width, "all phases", "", tickSum, perTickOf(pr, tickSum, ticks))
}

// perTickOf formats total/ticks with one decimal ("-" without ticks).
func perTickOf(pr *message.Printer, total int64, ticks int) string {
	if ticks == 0 {
		return "-"
	}
	return pr.Sprintf("%.1f", float64(total)/float64(ticks))
}

// printOutputs writes the --verbose list of outputs: the directory's
// absolute path, then every file with its size, snapshots last.
func printOutputs(w io.Writer, dir string, files, snapshots []string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	fmt.Fprintf(w, "outputs in %s:\n", abs)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	pr := message.NewPrinter(language.English)
	list := func(name string) {
		size := "?"
		if info, err := os.Stat(filepath.Join(abs, name)); err == nil {
			size = pr.Sprintf("%d bytes", info.Size())
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, size)
	}
	for _, name := range files {
		list(name)
	}
	for _, path := range snapshots {
		list(filepath.Join(output.SnapshotDir, filepath.Base(path)))
	}
	_ = tw.Flush()
}
