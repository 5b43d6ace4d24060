package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/sweep/slurm"
)

// newFitSlurmCmd is `rubeola fit slurm FILE.toml --shards n …`.
func newFitSlurmCmd(stdout io.Writer) *cobra.Command {
	o := slurm.Options{Kind: slurm.KindFit}
	cmd := &cobra.Command{
		Use:   "slurm FILE.toml --shards n [--partition P] [--time T] [--cpus C] [--out DIR]",
		Short: "Write Slurm scripts that run a profile as a job array of shards and merge them",
		Long: "Check the fit file (it loads, its method is \"profile\", --shards is at most its number of profile points),\n" +
			"the options and DIR, then write DIR/slurm/fit.sbatch (a job array, task i running `rubeola fit FILE.toml\n" +
			"--shard i/n --out DIR/shards/sNNN --workers C --no-progress` with GOMAXPROCS=C), DIR/slurm/merge.sbatch\n" +
			"(`rubeola fit merge --out DIR` of every shard, writing DIR/fit/profile.csv, mcap.json, profile.png) and\n" +
			"DIR/slurm/submit.sh, which submits the array and then the merge with --dependency=afterok on it\n" +
			"(docs/slurm.md, \"Profiles on Slurm\"). On any problem nothing is written (exit code 2).",
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Sweep = args[0]
			return writeFitSlurmScripts(o, stdout)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&o.Shards, "shards", 0, "number of shards, one array task each (at most the number of profile points, values × starts)")
	fl.IntVar(&o.CPUs, "cpus", 1, "CPUs per task (--cpus-per-task, GOMAXPROCS and the shard's --workers)")
	fl.StringVar(&o.Out, "out", "rubeola-fit", "output directory: scripts in DIR/slurm, shards in DIR/shards, the merged profile in DIR/fit")
	slurmJobFlags(cmd, &o, "fit")
	_ = cmd.MarkFlagRequired("shards")
	return cmd
}

// writeFitSlurmScripts checks everything first — the options, the fit file
// (a profile with at least --shards points), the binary and the output
// directory — and writes nothing unless all is well; then it writes the
// scripts and prints how to submit them.
func writeFitSlurmScripts(o slurm.Options, stdout io.Writer) error {
	given := o.Sweep // messages name the fit file as rubeola fit does
	o, errs, err := resolveSlurm(o)
	if err != nil {
		return err
	}
	file, err := fit.LoadFile(given)
	points := 0
	switch {
	case err != nil:
		errs = append(errs, err)
	case file.Method != fit.MethodProfile || file.Profile == nil:
		errs = append(errs, fmt.Errorf("%s has method = %q: only a profile (method = %q) runs in shards", given, file.Method, fit.MethodProfile))
	default:
		points = len(file.ProfileIndices(0, 1))
		if o.Shards > points {
			errs = append(errs, fmt.Errorf("--shards %d is more than the %d profile points of %s (%s × %s; a shard would have nothing to run)",
				o.Shards, points, given, plural(len(file.Profile.Values), "value"), plural(file.Profile.Starts, "start")))
		}
	}
	done, err := checkFitSlurmOutDir(o.Out, o.Shards)
	if err != nil {
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
	fmt.Fprintf(stdout, "rubeola fit slurm: profile of %s, %d points (%s × %s) in %s (up to %d points each; per task %s)\n",
		file.Profile.Parameter, points, plural(len(file.Profile.Values), "value"), plural(file.Profile.Starts, "start"),
		plural(o.Shards, "shard"), (points+o.Shards-1)/o.Shards, plural(o.CPUs, "CPU"))
	fmt.Fprintf(stdout, "  wrote %s, %s, %s\n", paths.Sweep, filepath.Base(paths.Merge), filepath.Base(paths.Submit))
	fmt.Fprintf(stdout, "  shards go to %s … %s, the merged profile to %s, logs to %s\n",
		slurm.ShardDir(o.Out, 0), filepath.Base(last), filepath.Join(o.Out, fitDir), slurm.LogDir(o.Out))
	if len(done) > 0 {
		var ids []string
		for _, i := range done {
			ids = append(ids, fmt.Sprint(i))
		}
		fmt.Fprintf(stdout, "  note: shards %s already have their results; their tasks refuse to overwrite them (submit the others with\n"+
			"  sbatch --array=LIST %s and then the merge, or remove those shard directories to rerun them)\n",
			strings.Join(ids, ","), slurm.ShellQuote(paths.Sweep))
	}
	fmt.Fprintf(stdout, "submit with:\n  %s\n", slurm.ShellQuote(paths.Submit))
	return nil
}

// fitSlurmEntries are the folders `rubeola fit slurm` (slurm/), its shard
// tasks (shards/) and its merge (fit/) put into the output directory.
var fitSlurmEntries = []string{"slurm", "shards", fitDir}

// checkFitSlurmOutDir accepts an output directory that does not exist yet,
// is empty or holds only what an earlier `rubeola fit slurm` and its jobs
// wrote (recognised by slurm/fit.sbatch once there are shards or a merged
// profile); anything else could be another directory — a plain `rubeola
// fit` output, a sweep — that the jobs would mix into. Shard results of
// another split are refused too (the merge would find two splits). It
// returns the shards of this split that already have their results.
func checkFitSlurmOutDir(dir string, shards int) ([]int, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("--out %s: %w", dir, err)
	}
	notOurs := func(what string) error {
		return fmt.Errorf("--out %s is not empty and not the directory of an earlier `rubeola fit slurm` (%s; use another --out)", dir, what)
	}
	scripts := slurm.Dir(dir)
	if _, err := os.Stat(filepath.Join(scripts, slurm.SweepScript)); err == nil {
		return nil, notOurs("it has the scripts of `rubeola sweep slurm`")
	}
	_, err = os.Stat(filepath.Join(scripts, slurm.FitScript))
	ours := err == nil
	for _, e := range entries {
		switch {
		case !e.IsDir() || !slices.Contains(fitSlurmEntries, e.Name()):
			return nil, notOurs("it has " + e.Name())
		case e.Name() != "slurm" && !ours:
			return nil, notOurs(fmt.Sprintf("it has %s/ but no %s", e.Name(), filepath.Join("slurm", slurm.FitScript)))
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "shards", "*", fitDir, "profile-shard-*-of-*.csv"))
	var done []int
	for _, path := range files {
		var i, n int
		if _, err := fmt.Sscanf(filepath.Base(path), "profile-shard-%d-of-%d.csv", &i, &n); err != nil || filepath.Base(path) != fit.ProfileShardFile(i, n) {
			continue
		}
		if n != shards {
			return nil, fmt.Errorf("--out %s: %s is a shard of a split into %d, not --shards %d (remove %s, or use --shards %d)",
				dir, path, n, shards, filepath.Join(dir, "shards"), n)
		}
		if path == filepath.Join(slurm.ShardDir(dir, i), fitDir, fit.ProfileShardFile(i, n)) {
			done = append(done, i)
		}
	}
	slices.Sort(done)
	return slices.Compact(done), nil
}
