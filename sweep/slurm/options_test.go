package slurm

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validOptions are resolved options that pass Validate.
func validOptions() Options {
	return Options{Sweep: "/data/sweep.toml", Out: "/data/out", Shards: 4, CPUs: 2, Rubeola: "/opt/bin/rubeola", JobName: "rubeola-sweep"}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		modify func(*Options)
		want   []string // parts of the error; none = valid
	}{
		{"valid", func(*Options) {}, nil},
		{"all optional values", func(o *Options) {
			o.Partition, o.Time, o.Account, o.Mem, o.Format = "short,long", "1-00:00:00", "proj-1", "4G", "parquet"
		}, nil},
		{"one shard", func(o *Options) { o.Shards = 1 }, nil},
		{"no shards", func(o *Options) { o.Shards = 0 }, []string{"--shards is 0"}},
		{"no cpus", func(o *Options) { o.CPUs = -1 }, []string{"--cpus is -1"}},
		{"fewer workers than cpus", func(o *Options) { o.Workers = 1 }, nil},
		{"more workers than cpus", func(o *Options) { o.Workers = 3 }, []string{"--workers is 3", "up to --cpus 2"}},
		{"relative out", func(o *Options) { o.Out = "out" }, []string{`--out "out" is not an absolute path`}},
		{"empty binary", func(o *Options) { o.Rubeola = "" }, []string{"--rubeola is empty"}},
		{"newline in sweep path", func(o *Options) { o.Sweep = "/data/a\nb.toml" }, []string{"sweep file", "control character"}},
		{"backslash in out", func(o *Options) { o.Out = `/data/a\b` }, []string{"backslash"}},
		{"partition with a blank", func(o *Options) { o.Partition = "a b" }, []string{`--partition "a b"`}},
		{"bad time", func(o *Options) { o.Time = "2h" }, []string{"--time", `"2h"`}},
		{"bad mem", func(o *Options) { o.Mem = "4GB" }, []string{`--mem "4GB"`}},
		{"bad format", func(o *Options) { o.Format = "xlsx" }, []string{`--format: "xlsx" is not csv or parquet`}},
		{"every problem at once", func(o *Options) { o.Shards, o.CPUs, o.Time = 0, 0, "x" }, []string{"--shards", "--cpus", "--time"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := validOptions()
			tc.modify(&o)
			err := o.Validate()
			if len(tc.want) == 0 {
				assert.NoError(t, err)
				return
			}
			for _, w := range tc.want {
				assert.ErrorContains(t, err, w)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	wd, err := filepath.Abs(".")
	require.NoError(t, err)
	tests := []struct {
		name, sweep, jobName, wantName string
	}{
		{"name from the sweep file", "sweeps/beta grid.toml", "", "rubeola-beta_grid"},
		{"unsafe characters collapse", "it's (v2).toml", "", "rubeola-it_s_v2"},
		{"given name kept", "x.toml", "my job", "my job"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, err := Options{Sweep: tc.sweep, Out: "out", Rubeola: "bin/rubeola", JobName: tc.jobName, CPUs: 4}.Resolve()
			require.NoError(t, err)
			assert.Equal(t, filepath.Join(wd, tc.sweep), o.Sweep)
			assert.Equal(t, filepath.Join(wd, "out"), o.Out)
			assert.Equal(t, filepath.Join(wd, "bin/rubeola"), o.Rubeola)
			assert.Equal(t, tc.wantName, o.JobName)
			assert.Equal(t, 4, o.Workers, "workers default to the CPUs")
		})
	}
}

func TestShardDir(t *testing.T) {
	for _, tc := range []struct {
		i    int
		want string
	}{{0, "/o/shards/s000"}, {7, "/o/shards/s007"}, {999, "/o/shards/s999"}, {1000, "/o/shards/s1000"}} {
		assert.Equal(t, tc.want, ShardDir("/o", tc.i))
	}
}
