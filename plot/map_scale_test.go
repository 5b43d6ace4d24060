package plot

import (
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/plot/mapdata"
	"github.com/rubeola/rubeola/scenario"
)

// TestMapScale builds the maps of a run of RUBEOLA_MAP_SCALE patches
// (default 1 000 000, with the long tests: RUBEOLA_LONG=1) and 260 biweekly
// ticks: the rows of its per-patch I (an annual
// wave spreading from the largest patch at 100 km a biweek) go straight to the
// map's builder, as the states table's reader passes them, and map.png,
// map.gif and waves.png are drawn; it logs the time of each step and the
// heap. Run it under /usr/bin/time -v for the peak memory (docs/plots.md).
func TestMapScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("RUBEOLA_MAP_SCALE"))
	if n < 2 {
		testkit.Long(t, "the maps of a 10⁶-patch, 260-tick run: about a minute, 0.5 GB (RUBEOLA_MAP_SCALE=N sets another size)")
		n = 1_000_000
	}
	const ticks = 260
	dir := t.TempDir()
	t0 := time.Now()
	scn, err := scenario.RandomN(n, 1, 0)
	require.NoError(t, err)
	scnPath := filepath.Join(dir, "scenario.csv")
	require.NoError(t, scn.SaveCSV(scnPath))
	sum, _ := json.Marshal(map[string]any{"num_ticks": ticks, "group_aggregation_level": -2,
		"inputs": map[string]any{"scenario": scnPath, "num_patches": n}, "metadata": map[string]any{"time_step_days": 14}})
	require.NoError(t, os.WriteFile(filepath.Join(dir, "summary.json"), sum, 0o644))
	dist := make([]float64, n)
	ids := make([][]byte, n)
	big := 0
	for i, p := range scn.Pop {
		if p > scn.Pop[big] {
			big = i
		}
	}
	for i := range n {
		dist[i] = mapdata.DistanceKm(scn.Lat[big], scn.Lon[big], scn.Lat[i], scn.Lon[i])
		ids[i] = []byte(scn.ID[i])
	}
	t.Logf("scenario of %d patches: %v", n, time.Since(t0))

	t0 = time.Now()
	b, err := mapdata.NewBuilder(dir, mapdata.Options{})
	require.NoError(t, err)
	b.StartStates(filepath.Join(dir, "states.csv"))
	row := &mapdata.Row{State: []byte("I")}
	start := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for k := range ticks {
		row.Tick, row.Date = k, start.AddDate(0, 0, 14*k)
		for i := range n {
			row.ID, row.Num = ids[i], k*n+i+1
			row.Count = math.Round(float64(scn.Pop[i]) * 1e-3 * (1 + math.Cos(2*math.Pi*(float64(k)-dist[i]/100)/26)))
			if err := b.AddState(row); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Finish()
	require.NoError(t, err)
	t.Logf("%d rows into %d places: %v", n*ticks, d.Places.Len(), time.Since(t0))

	t0 = time.Now()
	draw1, err := mapPicture(d, nil)
	require.NoError(t, err)
	c := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(DefaultWidth, DefaultHeight), vgimg.UseDPI(DefaultDPI))}
	require.NoError(t, draw1(draw.New(c)))
	_, err = c.WriteTo(io.Discard)
	require.NoError(t, err)
	t.Logf("map.png: %v", time.Since(t0))

	t0 = time.Now()
	var size countWriter
	require.NoError(t, writeMapGIF(&size, d))
	t.Logf("map.gif: %v, %d bytes", time.Since(t0), size)

	t0 = time.Now()
	w, m, err := wavesOf(d)
	require.NoError(t, err)
	draw2, err := wavesPicture(d, w, m)
	require.NoError(t, err)
	c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(DefaultWidth, DefaultHeight), vgimg.UseDPI(DefaultDPI))}
	require.NoError(t, draw2(draw.New(c)))
	_, err = c.WriteTo(io.Discard)
	require.NoError(t, err)
	t.Logf("waves.png: %v (speed %.3g km/week; simulated: 100 km a biweek, 50 a week)", time.Since(t0), w.SpeedKmPerWeek())
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("heap in use %d MB, total from the system %d MB", ms.HeapInuse>>20, ms.Sys>>20)
}

// countWriter counts the bytes written to it.
type countWriter int

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}
