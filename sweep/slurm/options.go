package slurm

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"github.com/rubeola/rubeola/metrics"
)

// Kind names the rubeola command whose shards the jobs run.
type Kind string

// Kinds of [Options.Kind].
const (
	// KindSweep runs a sweep: `rubeola sweep FILE --shard i/n` per task,
	// `rubeola sweep merge` after them.
	KindSweep Kind = "sweep"
	// KindFit runs a profile likelihood: `rubeola fit FILE --shard i/n` per
	// task, `rubeola fit merge` after them.
	KindFit Kind = "fit"
)

// Options describe the Slurm jobs of one sweep or one profile.
type Options struct {
	// Kind is what the jobs run: [KindSweep] (also when empty) or
	// [KindFit].
	Kind Kind
	// Sweep is the input file, made absolute by [Options.Resolve]: the sweep
	// file, or the fit file for [KindFit].
	Sweep string
	// Out is the output directory DIR: the scripts go to DIR/slurm, the
	// shards to DIR/shards and the merged sweep to DIR itself (a merged
	// profile to DIR/fit).
	Out string
	// Shards is the number of shards n, one array task each.
	Shards int
	// CPUs is each shard's --cpus-per-task (and GOMAXPROCS).
	CPUs int
	// Workers is the shard's `rubeola sweep --workers`: points run at once,
	// each model getting CPUs/Workers goroutines. 0 means CPUs (one point
	// per CPU, best for many small points). A fit's shard always runs with
	// `rubeola fit --workers` CPUs (goroutines per filter), so for
	// [KindFit] it must be 0 or CPUs.
	Workers int
	// Rubeola is the rubeola binary the jobs run.
	Rubeola string
	// JobName names the array job; the merge job is JobName + "-merge".
	// Empty: "rubeola-" and the input file's base name.
	JobName string
	// Partition, Time, Account and Mem are passed to sbatch as --partition,
	// --time, --account and --mem when not empty.
	Partition, Time, Account, Mem string
	// Format is the shards' --format ("csv" or "parquet"); empty leaves it
	// to the sweep file. A fit has no format: it must be empty for
	// [KindFit].
	Format string
}

// kind is o.Kind, with the empty kind a sweep.
func (o Options) kind() Kind {
	if o.Kind == "" {
		return KindSweep
	}
	return o.Kind
}

// fileLabel names the input file in messages.
func (o Options) fileLabel() string {
	if o.kind() == KindFit {
		return "fit file"
	}
	return "sweep file"
}

var (
	memRE      = regexp.MustCompile(`^[0-9]+[KMGT]?$`)
	nameUnsafe = regexp.MustCompile(`[^A-Za-z0-9._-]+`)
)

// Resolve returns o with absolute paths and the default workers and job
// name filled in.
func (o Options) Resolve() (Options, error) {
	for _, p := range []*string{&o.Sweep, &o.Out, &o.Rubeola} {
		if *p == "" {
			continue
		}
		abs, err := filepath.Abs(*p)
		if err != nil {
			return o, err
		}
		*p = abs
	}
	if o.Workers == 0 {
		o.Workers = o.CPUs
	}
	if o.JobName == "" && o.Sweep != "" {
		base := strings.TrimSuffix(filepath.Base(o.Sweep), filepath.Ext(o.Sweep))
		o.JobName = "rubeola-" + strings.Trim(nameUnsafe.ReplaceAllString(base, "_"), "_")
	}
	return o, nil
}

// Validate reports every problem of o at once (joined errors), naming the
// option. It expects resolved options ([Options.Resolve]).
func (o Options) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	switch o.kind() {
	case KindSweep:
	case KindFit:
		if o.Workers != 0 && o.Workers != o.CPUs {
			bad("--workers is %d: a fit's shard runs with --workers equal to --cpus %d", o.Workers, o.CPUs)
		}
		if o.Format != "" {
			bad("--format %q: a fit has no table format", o.Format)
		}
	default:
		bad("kind %q: expected %q or %q", o.Kind, KindSweep, KindFit)
	}
	if o.Shards < 1 {
		bad("--shards is %d, expected at least 1", o.Shards)
	}
	if o.CPUs < 1 {
		bad("--cpus is %d, expected at least 1", o.CPUs)
	}
	if o.Workers < 0 || (o.CPUs >= 1 && o.Workers > o.CPUs) {
		bad("--workers is %d, expected 0 (as many as --cpus) up to --cpus %d", o.Workers, o.CPUs)
	}
	for _, p := range []struct{ flag, path string }{{o.fileLabel(), o.Sweep}, {"--out", o.Out}, {"--rubeola", o.Rubeola}} {
		switch {
		case p.path == "":
			bad("%s is empty", p.flag)
		case !filepath.IsAbs(p.path):
			bad("%s %q is not an absolute path", p.flag, p.path)
		case hasControl(p.path):
			bad("%s %q contains a control character (a newline cannot be written into a batch script)", p.flag, p.path)
		}
	}
	// Slurm skips its %-pattern replacement in a log file name that holds a
	// backslash (sbatch(1), "filename pattern"), so every task would write
	// the same log.
	if strings.ContainsRune(o.Out, '\\') {
		bad("--out %q contains a backslash, which Slurm's log file names cannot hold", o.Out)
	}
	if o.JobName == "" || hasControl(o.JobName) {
		bad("--job-name %q: expected a non-empty name without control characters", o.JobName)
	}
	for _, v := range []struct{ flag, value string }{{"--partition", o.Partition}, {"--account", o.Account}} {
		if strings.IndexFunc(v.value, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
			bad("%s %q: expected a name without spaces", v.flag, v.value)
		}
	}
	if err := ValidateTime(o.Time); err != nil {
		bad("--time: %w", err)
	}
	if o.Mem != "" && !memRE.MatchString(o.Mem) {
		bad("--mem %q: expected a size in megabytes or with a unit suffix K, M, G or T (e.g. 4G)", o.Mem)
	}
	if o.Format != "" {
		if _, err := metrics.ParseFormat(o.Format); err != nil {
			bad("--format: %w", err)
		}
	}
	return errors.Join(errs...)
}

// hasControl reports whether s holds a control character such as a newline.
func hasControl(s string) bool { return strings.IndexFunc(s, unicode.IsControl) >= 0 }

// ShardDir is shard i's output directory under the output directory out:
// out/shards/s000, s001, … (three digits at least, more past 999).
func ShardDir(out string, i int) string {
	return filepath.Join(out, "shards", fmt.Sprintf("s%03d", i))
}

// Dir is the directory of the scripts under the output directory out.
func Dir(out string) string { return filepath.Join(out, "slurm") }

// LogDir is the directory of the jobs' logs under the output directory out.
func LogDir(out string) string { return filepath.Join(Dir(out), "logs") }
