package sweep

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
)

// BenchmarkValidate decodes and builds (model.NewBiweekly and its
// components, as the CLI's check does) every point of a 1 000-point sweep
// of the tests' base run file, on 1 goroutine: the cost a sweep pays per
// point before anything runs.
func BenchmarkValidate(b *testing.B) {
	f, err := Decode([]byte(baseRunFile+`
[sweep]
"phases.Infection.beta" = { from = 1, to = 10 }
"params.seed" = { from = 1, to = 100 }
`), "sweep.toml", b.TempDir())
	require.NoError(b, err)
	check := func(_ Point, rf *runfile.File) error {
		m, err := model.NewBiweekly(rf.Scenario, rf.Params)
		if err != nil {
			return err
		}
		return m.SetComponents(rf.Components...)
	}
	for _, tc := range []struct {
		name  string
		check CheckFunc
	}{{"decode", nil}, {"decode+build", check}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if err := f.Validate(tc.check, 1, Shard{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N*f.NumPoints()), "µs/point")
		})
	}
}
