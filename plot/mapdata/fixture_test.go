package mapdata

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// testPatch is a patch of a test run.
type testPatch struct {
	id       string
	lat, lon float64
	pop      int64
}

// testRun describes a run directory written by writeTestRun: per-patch
// states S, I, R (I from infected, S = pop − I, R = 0) of ticks ticks of
// stepDays days from 2000-01-01, and, when caseWindow > 0, a per-patch
// cases table of windows of caseWindow ticks (cases: the sum of I over
// the window).
type testRun struct {
	patches    []testPatch
	ticks      int
	stepDays   int
	caseWindow int
	infected   func(patch, tick int) int64
}

// writeTestRun writes the run, its scenario (scenario.csv, named in
// summary.json by absolute path) and returns the directory.
func writeTestRun(t testing.TB, r testRun) string {
	t.Helper()
	dir := t.TempDir()
	var scn strings.Builder
	scn.WriteString("id,pop,lat,lon,mcv1\n")
	for _, p := range r.patches {
		fmt.Fprintf(&scn, "%s,%d,%g,%g,0\n", p.id, p.pop, p.lat, p.lon)
	}
	scnPath := filepath.Join(dir, "scenario.csv")
	require.NoError(t, os.WriteFile(scnPath, []byte(scn.String()), 0o644))
	sum := map[string]any{"num_ticks": r.ticks, "group_aggregation_level": -2,
		"inputs":   map[string]any{"scenario": scnPath, "num_patches": len(r.patches)},
		"metadata": map[string]any{"time_step_days": r.stepDays, "start_time": "2000-01"}}
	data, err := json.Marshal(sum)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "summary.json"), data, 0o644))
	start := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	var st, cs strings.Builder
	st.WriteString("tick,date,patch_id,state,count\n")
	cs.WriteString("tick,date,patch_id,state,count\n")
	window := make([]int64, len(r.patches))
	for k := range r.ticks {
		date := start.AddDate(0, 0, k*r.stepDays).Format(time.DateOnly)
		for _, state := range []string{"S", "I", "R"} {
			for i, p := range r.patches {
				inf := r.infected(i, k)
				v := map[string]int64{"S": p.pop - inf, "I": inf, "R": 0}[state]
				fmt.Fprintf(&st, "%d,%s,%s,%s,%d\n", k, date, p.id, state, v)
			}
		}
		if r.caseWindow == 0 {
			continue
		}
		for i := range r.patches {
			window[i] += r.infected(i, k)
		}
		if (k+1)%r.caseWindow == 0 {
			for i, p := range r.patches {
				fmt.Fprintf(&cs, "%d,%s,%s,cases,%d\n", k, date, p.id, window[i])
				window[i] = 0
			}
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "states.csv"), []byte(st.String()), 0o644))
	if r.caseWindow > 0 {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.csv"), []byte(cs.String()), 0o644))
	}
	return dir
}

func itoa(i int) string { return fmt.Sprint(i) }
