package sweep

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// baseRunFile is a small run file the tests sweep: a 2×2 grid, 6 ticks,
// the equilibrium initialiser, seeding, infection and a StateTracker.
const baseRunFile = `scenario = { builder = "grid", rows = 2, cols = 2, pop = 20000 }

[params]
num_ticks = 6
seed = 1
show_progress = false

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "InfectionSeeding"

[[phases]]
type = "Infection"
seasonality = 0.3
mixer = { type = "gravity" }

[[phases]]
type = "StateTracker"
`

// decodeSweep decodes baseRunFile with the given [sweep] table body.
func decodeSweep(t *testing.T, sweepTable string) (*File, error) {
	t.Helper()
	return Decode([]byte(baseRunFile+"\n[sweep]\n"+sweepTable), "sweep.toml", t.TempDir())
}

// values returns the points' values as formatted text, one string per
// point ("0.4 1").
func values(f *File) []string {
	var out []string
	for _, p := range f.Points() {
		var parts []string
		for _, v := range p.Values {
			parts = append(parts, ValueText(v, false))
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

func TestPointEnumeration(t *testing.T) {
	tests := []struct {
		name  string
		table string
		want  []string
	}{
		{"grid: last axis fastest", `"phases.Infection.beta" = [0.4, 0.6]
"params.seed" = [1, 2, 3]`, []string{"0.4 1", "0.4 2", "0.4 3", "0.6 1", "0.6 2", "0.6 3"}},
		{"grid follows the file's axis order", `"params.seed" = [1, 2]
"phases.Infection.beta" = [0.4, 0.6]`, []string{"1 0.4", "1 0.6", "2 0.4", "2 0.6"}},
		{"explicit grid", `mode = "grid"
"params.seed" = [5]`, []string{"5"}},
		{"zip pairs element-wise", `mode = "zip"
"phases.Infection.beta" = [0.4, 0.6, 0.8]
"params.seed" = [7, 8, 9]`, []string{"0.4 7", "0.6 8", "0.8 9"}},
		{"inclusive range", `"params.seed" = { from = 1, to = 4 }`, []string{"1", "2", "3", "4"}},
		{"range with step stops at or before to", `"params.seed" = { from = 0, to = 10, step = 4 }`, []string{"0", "4", "8"}},
		{"range of one value", `"params.seed" = { from = 3, to = 3 }`, []string{"3"}},
		{"by entry number (1-based, as run-file errors count)", `"phases[3].beta" = [0.5]`, []string{"0.5"}},
		{"by reference and snake_case type names", `"phases.InfectionProcess.beta" = [0.5]
"phases.state_tracker.aggregation_level" = [-1]`, []string{"0.5 -1"}},
		{"nested key below an entry", `"phases.Infection.mixer" = [{ type = "gravity", k = 0.01 }]`, []string{`{"k":0.01,"type":"gravity"}`}},
		{"scenario builder option", `"scenario.rows" = [1, 2]`, []string{"1", "2"}},
		{"no axes: the base file is the one point", `replicates = 1`, []string{""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := decodeSweep(t, tc.table)
			require.NoError(t, err)
			assert.Equal(t, tc.want, values(f))
			require.NoError(t, f.Validate(nil, 1, Shard{}))
			for k, p := range f.Points() {
				assert.Equal(t, k, p.Index)
			}
		})
	}
}

// TestPointRunFile checks that a point's run file carries its values.
func TestPointRunFile(t *testing.T) {
	f, err := decodeSweep(t, `"params.seed" = [11, 12]
"params.num_ticks" = [3]`)
	require.NoError(t, err)
	rf, err := f.RunFile(f.Points()[1])
	require.NoError(t, err)
	assert.Equal(t, uint64(12), rf.Params.Seed)
	assert.Equal(t, 3, rf.Params.NumTicks)
	assert.Equal(t, 4, rf.Scenario.Len(), "the base's 2×2 grid")
	assert.Equal(t, uint64(1), f.Base.Params.Seed, "the base is unchanged")
}

func TestSweepFileErrors(t *testing.T) {
	tests := []struct {
		name  string
		table string
		want  []string // substrings, one per expected line
	}{
		{"bad value names axis, value and point", `"params.seed" = [1, 2]
"phases.Infection.beta" = [0.5, -1]`,
			[]string{`sweep.toml: [sweep] "phases.Infection.beta" = -1 (point 1): phases[3] (Infection): InfectionProcess: beta must be a finite number >= 0, got -1`}},
		{"unknown key below an entry", `"phases.Infection.betta" = [0.4, 0.6]`,
			[]string{`[sweep] "phases.Infection.betta" = 0.4 (point 0): phases[3].betta: unknown key (did you mean "beta"?) (and 1 more value)`}},
		{"unknown params key", `"params.sead" = [1]`, []string{`[sweep] "params.sead" = 1 (point 0): params: unknown key "sead" (did you mean "seed"?)`}},
		{"unknown top-level key", `"param.seed" = [1]`, []string{`[sweep] "param.seed": unknown key "param" (did you mean "params"?)`}},
		{"unknown component type", `"phases.Infektion.beta" = [1]`, []string{`[sweep] "phases.Infektion.beta": unknown component type "Infektion" (did you mean "Infection"?)`}},
		{"type not in the list", `"phases.VitalDynamics.crude_birth_rate" = [1]`, []string{`no [[phases]] entry has type VitalDynamics (the entries are InitializeEquilibriumStates, InfectionSeeding, Infection, StateTracker)`}},
		{"entry number out of range", `"phases[9].beta" = [1]`, []string{`"phases[9].beta": phases[9]: the file has 4 [[phases]] entries`}},
		{"entry number 0", `"phases[0].beta" = [1]`, []string{`an entry number is written [K] with K >= 1`}},
		{"entry without key", `"phases.Infection" = [1]`, []string{`name a key of the entry`}},
		{"entry type is not swept", `"phases[3].type" = ["Infection"]`, []string{`cannot change an entry's type`}},
		{"key below a non-table", `"params.seed.x" = [1]`, []string{`"params.seed.x": params.seed is an integer, not a table`}},
		{"same key twice", `"phases.Infection.beta" = [1]
"phases[3].beta" = [2]`, []string{`[sweep] "phases[3].beta": sets phases[3].beta, as "phases.Infection.beta" does`}},
		{"bad mode", `mode = "zipp"`, []string{`[sweep] mode: expected "grid" or "zip", got "zipp"`}},
		{"misspelt sweep key", `modes = "zip"`, []string{`[sweep] "modes": unknown key (did you mean "mode"?)`}},
		{"misspelt replicates", `replicate = 3`, []string{`[sweep] "replicate": unknown key (did you mean "replicates"?)`}},
		{"zip of unequal axes", `mode = "zip"
"params.seed" = [1, 2]
"phases.Infection.beta" = [0.5]`, []string{`mode = "zip" needs axes of equal length: "params.seed" has 2 values, "phases.Infection.beta" has 1`}},
		{"bad replicates", `replicates = 0`, []string{`[sweep] replicates: expected an integer >= 1, got 0`}},
		{"scalar instead of array", `"params.seed" = 4`, []string{`expected an array of values or an integer range { from = 1, to = 10 }, got an integer`}},
		{"empty array", `"params.seed" = []`, []string{`no values`}},
		{"range key misspelt", `"params.seed" = { from = 1, to = 3, stpe = 1 }`, []string{`range: unknown key "stpe" (did you mean "step"?)`}},
		{"range without to", `"params.seed" = { from = 1 }`, []string{`range: missing key "to"`}},
		{"range backwards", `"params.seed" = { from = 5, to = 1 }`, []string{`range: from (5) is greater than to (1)`}},
		{"range step 0", `"params.seed" = { from = 1, to = 5, step = 0 }`, []string{`range.step: must be >= 1, got 0`}},
		{"range of floats", `"params.seed" = { from = 1.5, to = 5 }`, []string{`range.from: expected an integer, got a float`}},
		{"range too long", `"params.seed" = { from = 0, to = 2000000 }`, []string{`has more than 1000000 values`}},
		{"grid too large", `"params.seed" = { from = 1, to = 1000 }
"params.num_ticks" = { from = 1, to = 1001 }`, []string{`the grid has more than 1000000 points`}},
		{"nan", `"phases.Infection.beta" = [nan]`, []string{`NaN is not a finite number`}},
		{"problem of one value in a zip names the value", `mode = "zip"
"params.start_time" = ["2000-01", "2000-13"]
"params.seed" = [1, 2]`, []string{`[sweep] "params.start_time" = "2000-13" (point 1): params: `}},
		// Each value is fine alone (a gravity mixer with c; a radiation
		// mixer), together they are not: radiation has no key c.
		{"problem of a combination names the point", `"phases.Infection.mixer.type" = ["gravity", "radiation"]
"phases.Infection.mixer.c" = [1.5, 2]`, []string{`[sweep] point 2 ("phases.Infection.mixer.type" = "radiation", "phases.Infection.mixer.c" = 1.5): phases[3].mixer.c: unknown key`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := decodeSweep(t, tc.table)
			if err == nil {
				err = f.Validate(nil, 1, Shard{})
			}
			require.Error(t, err)
			lines := strings.Split(err.Error(), "\n")
			require.Len(t, lines, len(tc.want), err.Error())
			for k, w := range tc.want {
				assert.Contains(t, lines[k], w)
				assert.True(t, strings.HasPrefix(lines[k], "sweep.toml: "), lines[k])
			}
		})
	}
}

// TestSweepFileWithoutSweepTable checks the file-level errors.
func TestSweepFileWithoutSweepTable(t *testing.T) {
	_, err := Decode([]byte(baseRunFile), "s.toml", "")
	require.ErrorContains(t, err, "s.toml: no [sweep] table")
	_, err = Decode([]byte("sweep = 3"), "s.toml", "")
	require.ErrorContains(t, err, "s.toml: sweep: expected a table, got an integer")
	_, err = Decode([]byte("[sweep\n"), "s.toml", "")
	require.ErrorContains(t, err, "s.toml: not a valid TOML file")
	// Issue 26: nesting past 64 levels is refused before parsing.
	_, err = Decode([]byte("[sweep]\n\"params.seed\" = "+strings.Repeat("[", 65)+strings.Repeat("]", 65)+"\n"), "s.toml", "")
	require.ErrorContains(t, err, `s.toml: sweep."params.seed" (line 2): nested deeper than 64 levels`)
	_, err = Decode([]byte(strings.Replace(baseRunFile, "seed = 1", "sed = 1", 1)+"[sweep]\n"), "s.toml", "")
	require.ErrorContains(t, err, `s.toml: params: unknown key "sed" (did you mean "seed"?)`, "the base run file is checked as a run file")
}

// TestLoadReadsRelativePaths checks that a sweep file's scenario is read
// relative to it and hashed into the manifest.
func TestLoadReadsRelativePaths(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "towns.csv"), []byte("id,pop,lat,lon,mcv1\na,1000,0,0,0\nb,2000,0,1,0\n"), 0o644))
	path := filepath.Join(dir, "s.toml")
	require.NoError(t, os.WriteFile(path, []byte("scenario = \"towns.csv\"\n[sweep]\n\"params.seed\" = [1, 2]\n"), 0o644))
	f, err := Load(path)
	require.NoError(t, err)
	rf, err := f.RunFile(f.Points()[0])
	require.NoError(t, err)
	assert.Equal(t, 2, rf.Scenario.Len())
	assert.Equal(t, "towns.csv", rf.ScenarioName, "named as the file writes it, whatever the sweep file's path")
	m, err := f.NewManifest("csv", []string{"x"})
	require.NoError(t, err)
	assert.Contains(t, m.Inputs, "towns.csv")
}

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/1", Shard{0, 1}, ""},
		{"3/4", Shard{3, 4}, ""},
		{"4/4", Shard{}, "i must be 0 … 3 (0-based)"},
		{"-1/4", Shard{}, "i must be 0 … 3"},
		{"0/0", Shard{}, "n must be >= 1"},
		{"1", Shard{}, "expected i/n"},
		{"a/b", Shard{}, "expected i/n"},
	}
	for _, tc := range tests {
		got, err := ParseShard(tc.in)
		if tc.err != "" {
			assert.ErrorContains(t, err, tc.err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got)
	}
	// The shards of n partition the points.
	for _, n := range []int{1, 2, 3, 7} {
		for k := range 20 {
			holders := 0
			for i := range n {
				if (Shard{i, n}).Holds(k) {
					holders++
				}
			}
			assert.Equal(t, 1, holders, "point %d, %d shards", k, n)
		}
	}
}

// TestReplicates checks that [sweep] replicates sets the run file's
// [ensemble] replicates (R > 1) or makes every point a single run (R = 1).
func TestReplicates(t *testing.T) {
	for _, tc := range []struct {
		name, extra, table string
		want               int // the points' RunFile.Replicates (0: single run)
	}{
		{"none", "", `"params.seed" = [1]`, 0},
		{"R > 1", "", `replicates = 3
"params.seed" = [1]`, 3},
		{"R = 1 overrides the file's ensemble", "[ensemble]\nreplicates = 4\n", `replicates = 1
"params.seed" = [1]`, 0},
		{"the file's ensemble applies without [sweep] replicates", "[ensemble]\nreplicates = 4\n", `"params.seed" = [1]`, 4},
		{"an ensemble.replicates axis", "", `"ensemble.replicates" = [2, 5]`, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode([]byte(baseRunFile+tc.extra+"\n[sweep]\n"+tc.table), "sweep.toml", "")
			require.NoError(t, err)
			rf, err := f.RunFile(f.Points()[0])
			require.NoError(t, err)
			assert.Equal(t, tc.want, rf.Replicates)
			m, err := f.NewManifest("csv", nil)
			require.NoError(t, err)
			if tc.extra == "" {
				assert.NotContains(t, m.Content, "ensemble", "the manifest holds the file as written")
			} else {
				assert.Equal(t, map[string]any{"replicates": json.Number("4")}, m.Content["ensemble"], "the manifest holds the file as written")
			}
		})
	}
	_, err := decodeSweep(t, `replicates = 2
"ensemble.replicates" = [3]`)
	assert.ErrorContains(t, err, `sweep.toml: [sweep] "ensemble.replicates": [sweep] replicates sets it too: use one of them`)
}
