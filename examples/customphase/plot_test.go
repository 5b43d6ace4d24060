package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/plot"
)

// TestPlotUserTables writes the trackers' tables under their kit file
// names, as the CLI does (susceptibles, shares; CSV and Parquet), and
// draws them with plot.Render: each user table gets its own picture,
// table-NAME, and reads back the values the tracker recorded.
func TestPlotUserTables(t *testing.T) {
	scn := grid(t)
	counts, shares, err := simulate(scn, &WaningImmunityParams{RatePerTick: 0.01})
	require.NoError(t, err)
	for _, format := range []metrics.Format{metrics.CSV, metrics.Parquet} {
		dir := t.TempDir()
		for _, tr := range []metrics.FileNamer{counts, shares} {
			f, err := os.Create(filepath.Join(dir, tr.FileBase()+format.Ext()))
			require.NoError(t, err)
			if format == metrics.CSV {
				require.NoError(t, metrics.WriteTidyCSV(f, tr))
			} else {
				require.NoError(t, tidyparquet.Write(f, tr))
			}
			require.NoError(t, f.Close())
		}
		res, err := plot.Render(dir, filepath.Join(dir, "plots"), plot.Options{DPI: 50})
		require.NoError(t, err)
		assert.ElementsMatch(t, []string{filepath.Join(dir, "plots", "table-shares.png"), filepath.Join(dir, "plots", "table-susceptibles.png")}, res.Files, format)

		tab, err := plot.ReadTable(filepath.Join(dir, "shares"+format.Ext()))
		require.NoError(t, err)
		want, err := shares.Values("S_share")
		require.NoError(t, err)
		assert.Equal(t, "value", tab.Column)
		assert.Len(t, tab.Ticks, numTicks/shareEvery)
		for g, id := range tab.Groups {
			for i, v := range tab.Series("S_share", id) {
				assert.Equal(t, want[i][g], v, "group %s, sample %d: the exact float64", id, i)
			}
		}
	}
}
