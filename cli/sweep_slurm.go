package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/sweep"
	"github.com/rubeola/rubeola/sweep/slurm"
)

// newSweepSlurmCmd is `rubeola sweep slurm sweep.toml --shards n …`.
func newSweepSlurmCmd(stdout io.Writer) *cobra.Command {
	var o slurm.Options
	cmd := &cobra.Command{
		Use:   "slurm sweep.toml --shards n [--partition P] [--time T] [--cpus C] [--out DIR]",
		Short: "Write Slurm scripts that run a sweep as a job array of shards and merge them",
		Long: "Validate the sweep file (every point, as `rubeola sweep` does), then write DIR/slurm/sweep.sbatch (a job\n" +
			"array, task i running `rubeola sweep sweep.toml --shard i/n --out DIR/shards/sNNN`), DIR/slurm/merge.sbatch\n" +
			"(`rubeola sweep merge --out DIR` of every shard) and DIR/slurm/submit.sh, which submits the array and then\n" +
			"the merge with --dependency=afterok on it (docs/slurm.md).",
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Sweep = args[0]
			return writeSlurmScripts(o, stdout)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&o.Shards, "shards", 0, "number of shards, one array task each (at most the number of points)")
	fl.IntVar(&o.CPUs, "cpus", 1, "CPUs per task (--cpus-per-task)")
	fl.IntVar(&o.Workers, "workers", 0, "points a task runs at once, each model getting CPUs/K goroutines (0: --cpus)")
	fl.StringVar(&o.Out, "out", "rubeola-sweep", "sweep directory: scripts in DIR/slurm, shards in DIR/shards, the merged sweep in DIR")
	slurmJobFlags(cmd, &o, "sweep")
	fl.StringVar(&o.Format, "format", "", "shards' table format, csv or parquet (default: the sweep file's)")
	_ = cmd.MarkFlagRequired("shards")
	return cmd
}

// writeSlurmScripts validates everything first — options, sweep file and
// every point, the output directory — and writes nothing unless all is
// well; then it writes the scripts and prints how to submit them.
func writeSlurmScripts(o slurm.Options, stdout io.Writer) error {
	given := o.Sweep // messages name the sweep file as rubeola sweep does
	o, errs, err := resolveSlurm(o)
	if err != nil {
		return err
	}
	sf, err := checkSweepFile(given)
	switch {
	case err != nil:
		errs = append(errs, err)
	case o.Shards > sf.NumPoints():
		errs = append(errs, fmt.Errorf("--shards %d is more than the %d points of %s (a shard would have nothing to run)", o.Shards, sf.NumPoints(), given))
	}
	if err := checkSlurmOutDir(o.Out); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return invalid(errors.Join(errs...))
	}
	paths, err := slurm.Write(o)
	if err != nil {
		return err
	}
	last := slurm.ShardDir(o.Out, o.Shards-1)
	fmt.Fprintf(stdout, "rubeola sweep slurm: %d points in %d shards (up to %d points each; per task %d CPUs, points run %d at a time)\n",
		sf.NumPoints(), o.Shards, (sf.NumPoints()+o.Shards-1)/o.Shards, o.CPUs, o.Workers)
	fmt.Fprintf(stdout, "  wrote %s, %s, %s\n", paths.Sweep, filepath.Base(paths.Merge), filepath.Base(paths.Submit))
	fmt.Fprintf(stdout, "  shards go to %s … %s, the merged sweep to %s, logs to %s\n",
		slurm.ShardDir(o.Out, 0), filepath.Base(last), o.Out, slurm.LogDir(o.Out))
	fmt.Fprintf(stdout, "submit with:\n  %s\n", slurm.ShellQuote(paths.Submit))
	return nil
}

// slurmJobFlags registers the job options both `slurm` commands take
// (partition, time, account, mem, job name, binary); file names the input
// file in the job name's help ("sweep" or "fit").
func slurmJobFlags(cmd *cobra.Command, o *slurm.Options, file string) {
	fl := cmd.Flags()
	fl.StringVar(&o.Partition, "partition", "", "Slurm partition (default: the cluster's)")
	fl.StringVar(&o.Time, "time", "", "time limit of each task and of the merge, e.g. 30, 4:00:00, 1-12:00 (default: the partition's)")
	fl.StringVar(&o.Account, "account", "", "Slurm account to charge")
	fl.StringVar(&o.Mem, "mem", "", "memory per task, e.g. 4G (default: the cluster's)")
	fl.StringVar(&o.JobName, "job-name", "", `job name (default: "rubeola-" and the `+file+` file's name; the merge adds "-merge")`)
	fl.StringVar(&o.Rubeola, "rubeola", "", "rubeola binary the jobs run, at a path the compute nodes see (default: this executable)")
}

// resolveSlurm fills in the running binary when --rubeola is not given and
// resolves the options; it returns the options' problems (their own and a
// binary that is not executable) for the caller to report with its own,
// and a validation error when the options cannot be resolved at all.
func resolveSlurm(o slurm.Options) (slurm.Options, []error, error) {
	if o.Rubeola == "" {
		exe, err := os.Executable()
		if err != nil {
			return o, nil, invalid(fmt.Errorf("cannot tell where this rubeola binary is (give --rubeola PATH): %w", err))
		}
		if resolved, err := filepath.EvalSymlinks(exe); err == nil {
			exe = resolved
		}
		o.Rubeola = exe
	}
	o, err := o.Resolve()
	if err != nil {
		return o, nil, invalid(err)
	}
	var errs []error
	if err := o.Validate(); err != nil {
		errs = append(errs, err)
	}
	if info, err := os.Stat(o.Rubeola); err != nil || info.IsDir() || info.Mode().Perm()&0o111 == 0 {
		errs = append(errs, fmt.Errorf("--rubeola %s is not an executable file", o.Rubeola))
	}
	if err := checkCanCreateDir("--out", o.Out); err != nil {
		errs = append(errs, err)
	}
	return o, errs, nil
}

// checkSweepFile loads a sweep file and builds every point's model, as
// `rubeola sweep` does before it runs anything (the same errors).
func checkSweepFile(file string) (*sweep.File, error) {
	sf, err := sweep.Load(file)
	if err != nil {
		return nil, err
	}
	return sf, sf.Validate(checkSweepPoint(sf), runtime.GOMAXPROCS(0), sweep.Shard{})
}

// slurmEntries are what `rubeola sweep slurm` puts into a sweep directory
// before any shard ran.
var slurmEntries = []string{"slurm", "shards"}

// checkSlurmOutDir accepts a sweep directory that does not exist yet, is
// empty, is a sweep directory already (merge checks it is the same sweep)
// or holds only what an earlier `rubeola sweep slurm` wrote; anything else
// could be another directory, which the merge job would fill.
func checkSlurmOutDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("--out %s: %w", dir, err)
	}
	for _, e := range entries {
		if e.Name() == sweep.ManifestName {
			return nil
		}
	}
	for _, e := range entries {
		if !e.IsDir() || !slices.Contains(slurmEntries, e.Name()) {
			return fmt.Errorf("--out %s is not empty and not a sweep directory (it has %s): %w (use another --out)", dir, e.Name(), sweep.ErrNotSweepDir)
		}
	}
	return nil
}
