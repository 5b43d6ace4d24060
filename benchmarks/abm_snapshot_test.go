package benchmarks

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/abm"
)

// BenchmarkABMSnapshot times saving and loading a snapshot of the
// agent-based model's standard schedule (ages, deaths scheduled, the
// equilibrium immune share, 30 days run) at 1 and 30 million agents, and
// reports the file's size in bytes and bytes per agent. A save writes the
// agent table's binary section (zstd) and the gzip JSON; a load reads,
// checks (digests, every id and count) and rebuilds the model. The 30 M
// case needs about 4 GB (two tables: the run's and the loaded one):
//
//	go test -run '^$' -bench 'ABMSnapshot/agents=1M' -benchtime 3x ./benchmarks
//	flock /work/helpers/bigmem.lock go test -run '^$' -bench 'ABMSnapshot/agents=30M' -benchtime 1x -timeout 1h ./benchmarks
func BenchmarkABMSnapshot(b *testing.B) {
	for _, n := range []int64{1_000_000, 30_000_000} {
		b.Run(fmt.Sprintf("agents=%dM", n/1_000_000), func(b *testing.B) {
			skipLargeShort(b, n > 1_000_000)
			benchSnapshot(b, newABMBench(b, abmScenario(b, n), 365, model.DefaultABMComponents()), n)
		})
	}
}

// BenchmarkABMSnapshotImmunity is BenchmarkABMSnapshot at 1 million agents
// with MCV1 coverage 0.8 (the standard schedule's routine immunisation
// then has its "mcv1" calendar), without and with maternal immunity
// (mothers listed: their listing and the pending ends of protection are
// saved): what the immunity phases' state adds to a snapshot (docs/abm.md,
// "Snapshots, ensembles and sweeps").
//
//	go test -run '^$' -bench 'ABMSnapshotImmunity' -benchtime 3x ./benchmarks
func BenchmarkABMSnapshotImmunity(b *testing.B) {
	const n = 1_000_000
	for _, c := range []struct {
		name string
		fs   []phases.Factory
	}{
		{"routine", nil},
		{"maternal", []phases.Factory{abm.NewMaternalImmunity(nil)}},
	} {
		b.Run(c.name, func(b *testing.B) {
			scn := abmScenario(b, n)
			for j := range scn.MCV1 {
				scn.MCV1[j] = 0.8
			}
			benchSnapshot(b, newABMBench(b, scn, 365, append(model.DefaultABMComponents(), c.fs...)), n)
		})
	}
}

// benchSnapshot runs m 30 days, then times saving (reporting the file's
// bytes, in all and per agent of the n) and loading its snapshot.
func benchSnapshot(b *testing.B, m *model.Model, n int64) {
	require.NoError(b, m.RunTicks(context.Background(), 30))
	path := filepath.Join(b.TempDir(), "abm.snap")
	require.NoError(b, m.SaveSnapshot(path)) // for "load" when run alone
	b.Run("save", func(b *testing.B) {
		for b.Loop() {
			if err := m.SaveSnapshot(path); err != nil {
				b.Fatal(err)
			}
		}
		info, err := os.Stat(path)
		require.NoError(b, err)
		b.ReportMetric(float64(info.Size()), "file-bytes")
		b.ReportMetric(float64(info.Size())/float64(n), "file-bytes/agent")
	})
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			if _, err := model.LoadSnapshot(path, nil, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
