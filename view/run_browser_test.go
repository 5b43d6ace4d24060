package view_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/cli"
	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
	"github.com/rubeola/rubeola/internal/browsertest"
	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/plot/mapdata"
	"github.com/rubeola/rubeola/view"
)

// rubeola runs the CLI in-process, failing t on a non-zero exit.
func rubeola(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cli.Execute(args, &out, &errOut)
	require.Equal(t, 0, code, "rubeola %v:\n%s%s", args, out.String(), errOut.String())
	return out.String()
}

// runIDs reads the patch ids and their number from a run's summary.json.
func runIDs(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	require.NoError(t, err)
	var s struct {
		GroupIDs []string `json:"group_ids"`
		Inputs   struct {
			NumPatches int `json:"num_patches"`
		} `json:"inputs"`
	}
	require.NoError(t, json.Unmarshal(data, &s))
	require.Len(t, s.GroupIDs, s.Inputs.NumPatches, "a per-patch run has one group per patch")
	return s.GroupIDs
}

// viewPage runs `rubeola view DIR [flags]` and checks the page for web
// addresses.
func viewPage(t *testing.T, dir string, flags ...string) string {
	t.Helper()
	out := rubeola(t, append([]string{"view", dir}, flags...)...)
	require.Contains(t, out, "View written to ")
	path := filepath.Join(dir, view.Dir, view.File)
	html, err := os.ReadFile(path)
	require.NoError(t, err)
	browsertest.NoWebAddress(t, string(html))
	return path
}

// TestViewRunInBrowser: `rubeola view --shapefile` of the default
// scenario's run (100 patches, biweekly, per patch, 2 years) draws all 100
// patches over the shapefile's two boundaries, and every interactive check
// passes.
func TestViewRunInBrowser(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	rubeola(t, "run", "--per-patch", "--ticks", "52", "--no-progress", "--out", dir)
	shp := boundaryFixture(t, dir)
	page := browsertest.Open(t, viewPage(t, dir, "--shapefile", shp), 1400, 1000)
	ids := runIDs(t, dir)
	s := page.State()
	assert.Equal(t, "run", s.Kind)
	assert.Equal(t, 52, s.Periods, "one biweekly tick per period")
	assert.Equal(t, 2, s.Boundaries, "boundary lines drawn")
	browsertest.CheckMap(t, page, browsertest.MapWant{Patches: len(ids), IDs: ids})
}

// TestViewEnsembleInBrowser: an ensemble's page maps the per-patch medians
// and draws the all-patch bands.
func TestViewEnsembleInBrowser(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ens")
	rubeola(t, "run", "--per-patch", "--ticks", "52", "--replicates", "4", "--no-progress", "--out", dir)
	page := browsertest.Open(t, viewPage(t, dir), 1400, 1000)
	ids := runIDs(t, filepath.Join(dir, "ensemble"))
	s := page.State()
	assert.Equal(t, "ensemble", s.Kind)
	// states-2.csv (the global StateTracker): S, I, R bands.
	assert.Equal(t, 3, s.Charts, "one band chart per state of the all-patch table")
	assert.Contains(t, page.Text("notes"), "median (q50) over the 4 replicates")
	browsertest.CheckMap(t, page, browsertest.MapWant{Patches: len(ids), IDs: ids})
}

// boundaryFixture writes a shapefile of two areas splitting the run's
// patches' bounding box (0.2° larger) at its middle longitude.
func boundaryFixture(t *testing.T, dir string) string {
	t.Helper()
	d, err := mapdata.Load(dir, mapdata.Options{})
	require.NoError(t, err)
	lat0, lat1 := slices.Min(d.Places.Lat)-0.2, slices.Max(d.Places.Lat)+0.2
	lon0, lon1 := slices.Min(d.Places.Lon)-0.2, slices.Max(d.Places.Lon)+0.2
	mid := (lon0 + lon1) / 2
	path := filepath.Join(t.TempDir(), "admin.shp")
	require.NoError(t, shapefiletest.WritePolygons(path, []shapefile.Field{{Name: "NAME", Type: 'C'}}, [][]any{{"west"}, {"east"}},
		[]shapefile.Shape{shapefiletest.Polygon(shapefiletest.Box(lon0, lat0, mid, lat1)), shapefiletest.Polygon(shapefiletest.Box(mid, lat0, lon1, lat1))}))
	return path
}

// ewData is the England and Wales scenario beside the checkout.
const ewData = "../../shared/data/england_wales_954.csv"

// TestViewEnglandWales measures the page at the scale the issue sets: the
// England and Wales run (examples/englandwales/run.toml: 954 towns, 20
// years of days, per patch: 1 042 weeks on the map), its `rubeola view`
// wall time, the page's size (under 50 MB) and the frame time (under 50 ms:
// CheckMap). About a minute: 20 s to run, 890 MB of states.csv, 11 s to
// read it.
func TestViewEnglandWales(t *testing.T) {
	testkit.Long(t, "the 954-town 20-year per-patch run and its page: about a minute, 900 MB of temporary files")
	testkit.NeedShared(t, ewData)
	dir := filepath.Join(t.TempDir(), "ew")
	rubeola(t, "run", "--config", "../examples/englandwales/run.toml", "--scenario", ewData, "--per-patch", "--no-progress", "--out", dir)
	start := time.Now()
	path := viewPage(t, dir)
	wall := time.Since(start)
	info, err := os.Stat(path)
	require.NoError(t, err)
	t.Logf("rubeola view: %.1f s, page %.1f MB", wall.Seconds(), float64(info.Size())/1e6)
	require.Less(t, info.Size(), int64(50e6), "page size (issue 36: under 50 MB)")
	page := browsertest.Open(t, path, 1400, 1000)
	s := page.State()
	t.Logf("page ready %.0f ms after navigation start", s.LoadMs)
	ids := runIDs(t, dir)
	require.Len(t, ids, 954)
	assert.Equal(t, 1042, s.Periods, "7 300 days: 1 042 whole weeks")
	// CheckMap holds the median frame under 50 ms; the slowest is logged
	// only: on the shared 2-core machine a draw can wait for the CPU.
	browsertest.CheckMap(t, page, browsertest.MapWant{Patches: 954, IDs: ids})
	assert.True(t, strings.HasPrefix(s.Date, "1950-01-"), s.Date)
}

// TestViewGridInBrowser: above mapdata.GridThreshold patches the map draws
// the documented aggregate — the grid cells plot/mapdata sums the patches
// into — and the page says so.
func TestViewGridInBrowser(t *testing.T) {
	dir := t.TempDir()
	scn := filepath.Join(dir, "scenario.csv")
	rubeola(t, "scenario", "synthetic", "--patches", "6000", "--out", scn)
	run := filepath.Join(dir, "run")
	rubeola(t, "run", "--scenario", scn, "--per-patch", "--ticks", "26", "--no-progress", "--out", run)
	p, places, patches, err := view.Load(run, view.Options{})
	require.NoError(t, err)
	require.Equal(t, 6000, patches)
	require.Less(t, places, patches, "patches summed into cells")
	page := browsertest.Open(t, viewPage(t, run), 1400, 1000)
	s := page.State()
	assert.Contains(t, s.Aggregation, "6000 patches summed into grid cells of")
	assert.Contains(t, page.Text("map-note"), "grid cells, not the 6000 patches")
	browsertest.CheckMap(t, page, browsertest.MapWant{Patches: places, IDs: p.Map.IDs})
}

// TestLoadMergesPeriods: past MaxValues the page merges periods — k at a
// time, compartments averaged and cases summed — and says so; the totals
// keep every case.
func TestLoadMergesPeriods(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	rubeola(t, "run", "--per-patch", "--ticks", "52", "--no-progress", "--out", dir)
	full, _, _, err := view.Load(dir, view.Options{})
	require.NoError(t, err)
	require.Len(t, full.Dates, 52)
	// 100 patches × 52 biweeks × (S, I, R, infections) = 20 800 values;
	// at most 6 000 merges ⌈20 800 / 6 000⌉ = 4 periods into one: 13.
	merged, _, _, err := view.Load(dir, view.Options{MaxValues: 6000})
	require.NoError(t, err)
	require.Len(t, merged.Dates, 13)
	assert.Equal(t, "8 weeks", merged.Period)
	assert.Contains(t, strings.Join(merged.Notes, " "), "Periods are 8 weeks (4 of the run's biweek periods each) so that the page holds at most 6000 values.")
	for k := range merged.Dates {
		assert.Equal(t, full.Dates[4*k], merged.Dates[k], "a merged period starts with its first")
		var sum float64
		for _, x := range full.Totals.Cases[4*k : 4*k+4] {
			sum += float64(x)
		}
		assert.InDelta(t, sum, float64(merged.Totals.Cases[k]), 1e-6*sum+1e-9, "cases of period %d", k)
		var mean float64
		for _, x := range full.Totals.States["S"][4*k : 4*k+4] {
			mean += float64(x) / 4
		}
		// Each patch's S is rounded to whole people before and after
		// averaging: 100 patches, at most 100 off in all.
		assert.InDelta(t, mean, float64(merged.Totals.States["S"][k]), 100, "S of period %d", k)
	}
}

// TestViewTotalsOnly: a run without per-patch outputs gets a page of its
// totals (states.csv: S, I, R of all patches) and a note, with no map.
func TestViewTotalsOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	rubeola(t, "run", "--ticks", "26", "--no-progress", "--out", dir)
	page := browsertest.Open(t, viewPage(t, dir), 1400, 1000)
	s := page.State()
	assert.Zero(t, s.Patches)
	assert.Equal(t, 26, s.Periods)
	assert.Equal(t, 3, s.Charts, "S; R; I (S on its own scale)")
	assert.Contains(t, page.Text("notes"), "No map: no per-patch outputs")
	assert.True(t, browsertest.Eval[bool](page, `document.getElementById('map-panel').hidden`), "no map panel")
	page.Shot("totals")
	page.Events.Check(t)
}
