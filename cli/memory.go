package cli

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
)

// maxMemoryFlag is the flag that overrides the memory check.
const maxMemoryFlag = "max-memory"

// addMemoryFlag registers --max-memory on cmd.
func addMemoryFlag(cmd *cobra.Command, dst *string) {
	cmd.Flags().StringVar(dst, maxMemoryFlag, "",
		"memory the run's per-tick storage (trackers, timing table) may use, e.g. 64GB or 100GiB, or \"off\" "+
			"(default: the memory available, MemAvailable in /proc/meminfo)")
}

// memoryOption turns --max-memory into a model option (none when the flag
// is not given: the model checks against the available memory).
func (f *outputFlags) memoryOption() ([]model.Option, error) {
	opts, err := memoryOption(f.maxMemory)
	if err != nil {
		return nil, err
	}
	// A large tracker's rows spill beside the output directory, on the disk
	// the outputs go to (the unlinked file never shows there).
	opts = append(opts, model.WithTrackerSpill(filepath.Dir(filepath.Clean(f.out)), spillThreshold))
	if f.snapshotEvery <= 0 {
		return opts, nil
	}
	// The estimate counts encoding the snapshots --snapshot-every saves.
	return append(opts, model.WithSnapshotsEvery(f.snapshotEvery)), nil
}

// spillThreshold is the tracker storage size from which the CLI's runs
// spill tracker rows to disk (a variable so that tests force spilling on
// small runs).
var spillThreshold = metrics.DefaultSpillThreshold

// memoryOption turns the --max-memory value maxMemory ("" when not given)
// into a model option.
func memoryOption(maxMemory string) ([]model.Option, error) {
	if maxMemory == "" {
		return nil, nil
	}
	if strings.EqualFold(maxMemory, "off") {
		return []model.Option{model.WithMemoryLimit(-1)}, nil
	}
	b, err := parseSize(maxMemory)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", maxMemoryFlag, err)
	}
	return []model.Option{model.WithMemoryLimit(b)}, nil
}

// sizeUnits are the accepted size suffixes (case-insensitive) and their
// multipliers: decimal (kB, MB, …) and binary (KiB, MiB, …).
var sizeUnits = []struct {
	suffix string
	mult   float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"b", 1},
}

// parseSize parses a positive byte count such as "64GB", "1.5 TiB" or
// "1000000".
func parseSize(s string) (int64, error) {
	text := strings.ToLower(strings.TrimSpace(s))
	mult := 1.0
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(text, u.suffix); ok {
			text, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || !(v > 0) || v*mult >= math.MaxInt64 {
		return 0, fmt.Errorf("%q is not a size: want a positive number of bytes with an optional unit (kB, MB, GB, TB, KiB, MiB, GiB, TiB), or \"off\"", s)
	}
	return int64(v * mult), nil
}
