package model

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// TestSnapshotResumeHe2010 runs He et al.'s three components on a
// synthetic town (a census table the test writes, 1950–1956), saves at day
// 400, resumes to day 1000 with the same S, E, I, R as an uninterrupted
// run, and refuses to resume once the census table has changed (the run
// would not be continued).
func TestSnapshotResumeHe2010(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "census.csv")
	var b strings.Builder
	b.WriteString("id,year,pop,births\n")
	for y := 1940; y <= 1956; y++ {
		fmt.Fprintf(&b, "A,%d,%d,%d\n", y, 400000+1000*(y-1940), 7000+50*(y-1940))
	}
	require.NoError(t, os.WriteFile(table, []byte(b.String()), 0o644))
	scn, err := scenario.FromColumns([]string{"A"}, []int64{400000}, []float64{0}, []float64{0}, []float64{0})
	require.NoError(t, err)
	components := func() []phases.Factory {
		pd := compartmental.DefaultPopulationDataParams()
		pd.Table, pd.Cohort = table, systems.PatchNumber(0.5)
		ep := compartmental.DefaultEulerSEIRParams()
		ep.R0, ep.Iota = systems.PatchNumber(25), systems.PatchNumber(1)
		return []phases.Factory{compartmental.NewPopulationData(&pd), compartmental.NewInitialFractions(nil), compartmental.NewEulerSEIR(&ep)}
	}
	p := params.DefaultCompartmental().BiweeklyParams
	p.NumTicks, p.ShowProgress, p.StartTime = 1000, false, "1950-01"
	newDaily := func() *Model {
		m, err := NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: p})
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(components()...))
		return m
	}
	whole := newDaily()
	require.NoError(t, whole.Run(context.Background()))
	first := newDaily()
	require.NoError(t, first.RunTicks(context.Background(), 400))
	snap := filepath.Join(dir, "k.snap")
	require.NoError(t, first.SaveSnapshot(snap))
	resumed, err := LoadSnapshot(snap, nil)
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))
	assert.Equal(t, whole.World().States(), resumed.World().States())

	require.NoError(t, os.WriteFile(table, []byte(strings.Replace(b.String(), "A,1950,410000", "A,1950,410001", 1)), 0o644))
	_, err = LoadSnapshot(snap, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the table differs from the one the snapshot's run read")
}
