package cli

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/fit"
)

// newFitMergeCmd is `rubeola fit merge --out DIR SHARD_DIR…`.
func newFitMergeCmd(stdout, stderr io.Writer) *cobra.Command {
	var (
		out    string
		level  float64
		noPlot bool
	)
	cmd := &cobra.Command{
		Use:   "merge --out DIR SHARD_DIR...",
		Short: "Merge a profile's shards and compute its MCAP interval",
		Long: "Read the profile-shard-i-of-n.csv files of `rubeola fit … --shard i/n` runs from the SHARD_DIRs\n" +
			"(each an output directory, its fit/ folder or a shard file), check that all n shards are there, and\n" +
			"write DIR/fit/profile.csv (every point, by index), mcap.json (the Monte Carlo adjusted profile\n" +
			"interval) and profile.png. Idempotent: merging again gives the same files. Exit codes: 0 ok,\n" +
			"1 write error, 2 missing or inconsistent shards.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !(level > 0 && level < 1) {
				return invalid(fmt.Errorf("--level must be in (0, 1), got %v", level))
			}
			parameter, points, err := readProfileShards(args)
			if err != nil {
				return invalid(err)
			}
			dir := filepath.Join(out, fitDir)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			o := &fit.Output{Dir: dir}
			if err := writeProfile(o, parameter, points, level, noPlot, cmd.Root().Name(), stdout, stderr); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "wrote %s\n", strings.Join(o.Written, ", "))
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "output directory: the merged profile goes into DIR/fit/")
	cmd.Flags().Float64Var(&level, "level", fit.DefaultLevel, "confidence level of the MCAP interval")
	cmd.Flags().BoolVar(&noPlot, "no-plot", false, "do not draw profile.png")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

// shardFile is one shard's file.
type shardFile struct {
	path string
	i, n int
}

// findShardFiles lists the shard files of arg: the file itself, or those
// in arg/fit and arg.
func findShardFiles(arg string) ([]shardFile, error) {
	info, err := os.Stat(arg)
	if err != nil {
		return nil, err
	}
	candidates := []string{arg}
	if info.IsDir() {
		a, _ := filepath.Glob(filepath.Join(arg, fitDir, "profile-shard-*-of-*.csv"))
		b, _ := filepath.Glob(filepath.Join(arg, "profile-shard-*-of-*.csv"))
		candidates = append(a, b...)
	}
	var out []shardFile
	for _, path := range candidates {
		var s shardFile
		if _, err := fmt.Sscanf(filepath.Base(path), "profile-shard-%d-of-%d.csv", &s.i, &s.n); err != nil ||
			filepath.Base(path) != fit.ProfileShardFile(s.i, s.n) || s.n < 1 || s.i < 0 || s.i >= s.n {
			continue
		}
		s.path = path
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no profile shard (profile-shard-i-of-n.csv, written by `rubeola fit … --shard i/n`)", arg)
	}
	return out, nil
}

// readProfileShards reads every shard of the arguments: all n shards of
// one profile must be there; a point found twice must be the same.
func readProfileShards(args []string) (string, []fit.ProfilePoint, error) {
	var files []shardFile
	for _, arg := range args {
		fs, err := findShardFiles(arg)
		if err != nil {
			return "", nil, err
		}
		files = append(files, fs...)
	}
	n := files[0].n
	have := map[int]bool{}
	for _, s := range files {
		if s.n != n {
			return "", nil, fmt.Errorf("%s is a shard of %d, %s of %d: shards of different splits", s.path, s.n, files[0].path, n)
		}
		have[s.i] = true
	}
	var missing []string
	for i := range n {
		if !have[i] {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return "", nil, fmt.Errorf("shards %s of %d are missing (run them with --shard i/%d)", strings.Join(missing, ", "), n, n)
	}
	parameter, grid := "", ""
	byIndex := map[int]fit.ProfilePoint{}
	from := map[int]string{}
	var errs []error
	for _, s := range files {
		param, g, points, err := fit.ReadProfileShard(s.path)
		if err != nil {
			return "", nil, err
		}
		if parameter == "" {
			parameter = param
		} else if param != "" && param != parameter {
			return "", nil, fmt.Errorf("%s profiles %q, %s profiles %q", s.path, param, files[0].path, parameter)
		}
		if s == files[0] {
			grid = g
		} else if g != grid {
			return "", nil, fmt.Errorf("%s holds points of profile grid %q, %s of %q: shards of two profiles "+
				"(their fit files' [profile] values or starts differ; rerun the shards of one fit file)",
				s.path, g, files[0].path, grid)
		}
		for _, p := range points {
			if q, dup := byIndex[p.Index]; dup && (q.Value != p.Value || q.LogLik != p.LogLik) {
				errs = append(errs, fmt.Errorf("point %d differs between %s and %s", p.Index, from[p.Index], s.path))
			}
			byIndex[p.Index], from[p.Index] = p, s.path
		}
	}
	if len(errs) > 0 {
		return "", nil, errors.Join(errs...)
	}
	if len(byIndex) == 0 {
		return "", nil, fmt.Errorf("the shards hold no profile points")
	}
	var points []fit.ProfilePoint
	for _, k := range slices.Sorted(maps.Keys(byIndex)) {
		points = append(points, byIndex[k])
	}
	return parameter, points, nil
}
