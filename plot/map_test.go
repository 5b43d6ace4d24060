package plot

import (
	"bytes"
	"fmt"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/plot/mapdata"
)

// writeMapRun writes a fixture run of n patches with per-patch states and
// cases, and a scenario placing patch p at 1° of longitude east of patch
// p−1 on 52°N with the fixture's populations; it returns the run
// directory and the scenario's path.
func writeMapRun(t *testing.T, n, ticks int) (string, string) {
	return writeMapRunOf(t, fixture{patches: n, ticks: ticks, seed: 1, perPatch: true, cases: true})
}

// writeMapRunOf is writeMapRun of fixture f.
func writeMapRunOf(t *testing.T, f fixture) (string, string) {
	t.Helper()
	n := f.patches
	dir := writeRun(t, f)
	var b strings.Builder
	b.WriteString("id,pop,lat,lon,mcv1\n")
	for p := range n {
		pop := int64(1000 * math.Pow(1000, float64(p)/float64(max(1, n-1)))) // as writeRun
		fmt.Fprintf(&b, "%s,%d,52,%d,0\n", patchID(p), pop, p)
	}
	scn := filepath.Join(t.TempDir(), "scenario.csv")
	require.NoError(t, os.WriteFile(scn, []byte(b.String()), 0o644))
	return dir, scn
}

func TestRenderMaps(t *testing.T) {
	for _, c := range []struct {
		name           string
		patches, ticks int
		waves          bool
	}{
		// 2 patches: the smallest map; the fixture's patch of 1 000
		// people never has a case (writeRun), so there is no lag to draw.
		{"2 patches", 2, 130, false},
		// 3 patches: one lag.
		{"3 patches", 3, 130, true},
		// 40 patches, 10 years of biweeks.
		{"40 patches", 40, 260, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, scn := writeMapRun(t, c.patches, c.ticks)
			out := filepath.Join(dir, "plots")
			res, err := Render(dir, out, Options{Scenario: scn, Width: 6 * 72, Height: 4 * 72, DPI: 50})
			require.NoError(t, err, "%q", res.Skipped)
			for _, f := range []string{"map.png", "map.gif"} {
				assert.Contains(t, res.Files, filepath.Join(out, f))
				assert.FileExists(t, filepath.Join(out, f))
			}
			data, err := os.ReadFile(filepath.Join(out, "map.gif"))
			require.NoError(t, err)
			g, err := gif.DecodeAll(bytes.NewReader(data))
			require.NoError(t, err)
			assert.Len(t, g.Image, c.ticks, "one frame a biweek")
			if !c.waves {
				assert.Contains(t, strings.Join(res.Skipped, "\n"), "waves skipped: no place besides patch_1 has epidemics")
				return
			}
			for _, f := range []string{"waves.png", "waves.csv"} {
				assert.Contains(t, res.Files, filepath.Join(out, f))
			}
			csv, err := os.ReadFile(filepath.Join(out, "waves.csv"))
			require.NoError(t, err)
			lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
			assert.Equal(t, "id,distance_km,lag_weeks", lines[0])
			assert.Equal(t, patchID(c.patches-1)+",0.000,0.000", lines[1], "the largest patch first")
			assert.LessOrEqual(t, len(lines), c.patches+1)
		})
	}
}

// TestRenderMapsParquet: per-patch states.parquet (no cases table) reach
// the map through the reader of the other pictures.
func TestRenderMapsParquet(t *testing.T) {
	dir, scn := writeMapRunOf(t, fixture{patches: 6, ticks: 78, seed: 2, perPatch: true, parquet: true})
	res, err := Render(dir, filepath.Join(dir, "plots"), Options{Scenario: scn, Width: 6 * 72, Height: 4 * 72, DPI: 50})
	require.NoError(t, err, "%q", res.Skipped)
	assert.Contains(t, res.Files, filepath.Join(dir, "plots", "map.png"))
	assert.Contains(t, res.Files, filepath.Join(dir, "plots", "map.gif"))
}

func TestRenderMapsSkipped(t *testing.T) {
	dir, _ := writeMapRun(t, 3, 26)
	res, err := Render(dir, filepath.Join(dir, "plots"), Options{Width: 6 * 72, Height: 4 * 72, DPI: 50})
	require.NoError(t, err)
	assert.NotContains(t, res.Files, filepath.Join(dir, "plots", "map.png"))
	assert.Contains(t, strings.Join(res.Skipped, "\n"), "maps and waves skipped: scenario not found")
}

// mapFixture is map data of the fixture run, for the unit tests below.
func mapFixture(t *testing.T, patches, ticks int) *mapdata.Data {
	t.Helper()
	dir, scn := writeMapRun(t, patches, ticks)
	d, err := mapdata.Load(dir, mapdata.Options{Scenario: scn})
	require.NoError(t, err)
	return d
}

func TestGIFStep(t *testing.T) {
	for _, c := range []struct{ periods, step int }{
		{1, 1}, {maxFrames, 1}, {maxFrames + 1, 2}, {1042, 4}, // 20 years of weeks
		{26 * 100, 9}, // a century of biweeks
	} {
		step := gifStep(c.periods)
		assert.Equal(t, c.step, step, "%d periods", c.periods)
		assert.LessOrEqual(t, (c.periods+step-1)/step, maxFrames, "%d periods", c.periods)
	}
}

func TestMapGIFSampled(t *testing.T) {
	d := mapFixture(t, 5, 700) // 700 biweeks: sampled every 3rd
	var buf bytes.Buffer
	require.NoError(t, writeMapGIF(&buf, d))
	assert.LessOrEqual(t, buf.Len(), maxGIFBytes)
	g, err := gif.DecodeAll(&buf)
	require.NoError(t, err)
	assert.Len(t, g.Image, 234, "⌈700/3⌉ frames")
	assert.Equal(t, gifW, g.Config.Width)
	assert.Equal(t, "1 Jan 2000", gifCaption(d, 0, 1), "no note when every period is shown")
	assert.Equal(t, "1 Jan 2000   (every 3rd biweek shown: 234 frames for 700 biweeks)", gifCaption(d, 0, 3))
}

func TestMapPeriods(t *testing.T) {
	d := mapFixture(t, 4, 52)
	m, ok := d.Incidence()
	require.True(t, ok)
	ks := mapPeriods(d, m, nil)
	require.Len(t, ks, mapPanels)
	total := totalSeries(d, m)
	for j, k := range ks {
		lo, hi := j*52/mapPanels, (j+1)*52/mapPanels
		assert.GreaterOrEqual(t, k, lo)
		assert.Less(t, k, hi)
		for i := lo; i < hi; i++ {
			assert.LessOrEqual(t, total[i], total[k], "period %d peaks its span", k)
		}
	}
	day := func(s string) time.Time { t, _ := time.Parse(time.DateOnly, s); return t }
	// Biweeks from 2000-01-01: 2000-01-15 opens the second, 2000-01-28 is
	// its last day; 1999 and 2002 are outside the run's 52 biweeks.
	assert.Equal(t, []int{0, 1, 1}, mapPeriods(d, m, []time.Time{day("2000-01-01"), day("2000-01-15"), day("2000-01-28")}))
	assert.Empty(t, mapPeriods(d, m, []time.Time{day("1999-12-31"), day("2002-01-01")}))
}

func TestNiceKm(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{{1, 1}, {99, 50}, {100, 100}, {260, 200}, {0.3, 0.2}, {0, 0.001}} {
		assert.Equal(t, c.want, niceKm(c.in), "%g km", c.in)
	}
}
