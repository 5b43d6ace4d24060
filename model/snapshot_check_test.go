package model

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// editedSnapshot saves a snapshot of the AT-16 model after 2 ticks, applies
// edit to its decoded JSON (numbers kept exact) and writes it back
// gzip-compressed, as a user editing a .snap file would.
func editedSnapshot(t *testing.T, edit func(f map[string]any)) string {
	t.Helper()
	dir := t.TempDir()
	m := newModel(t, snapshotScenario(t), quietParams(5, 1), snapshotComponents()...)
	require.NoError(t, m.RunTicks(context.Background(), 2))
	good := filepath.Join(dir, "good.snap")
	require.NoError(t, m.SaveSnapshot(good))
	raw, err := os.ReadFile(good)
	require.NoError(t, err)
	data, err := testkit.EditGzipJSON(raw, edit)
	require.NoError(t, err)
	path := filepath.Join(dir, "edited.snap")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// at walks a decoded JSON value by object keys and array indices.
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

// component returns the decoded entry of component k.
func component(f map[string]any, k int) map[string]any {
	return at(f, "components", k).(map[string]any)
}

// TestSnapshotContentChecked: every count of an edited snapshot is checked
// when it loads, and the error names the file, the field and the index
// (issue 14: a snapshot with S[0] = -5 resumed without a word).
func TestSnapshotContentChecked(t *testing.T) {
	// Component indices in snapshotComponents: 4 VitalDynamics, 6 the
	// per-patch StateTracker, 8 CaseSurveillanceTracker.
	for _, tc := range []struct {
		name string
		edit func(f map[string]any)
		want string // after "snapshot PATH: "
	}{
		{"negative S", func(f map[string]any) { at(f, "states", "S").([]any)[0] = json.Number("-5") },
			"states.S[0] = -5: must be in [0, 9007199254740992 (2^53)]"},
		{"R above 2^53", func(f map[string]any) { at(f, "states", "R").([]any)[7] = json.Number("4611686018427387904") },
			"states.R[7] = 4611686018427387904: must be in [0, 9007199254740992 (2^53)]"},
		{"sum above 2^53", func(f map[string]any) {
			at(f, "states", "S").([]any)[3] = json.Number("9007199254740992")
			at(f, "states", "I").([]any)[3] = json.Number("1")
		}, `states: patch 3: the sum of ["S" "I" "R"] is above 9007199254740992 (2^53)`},
		{"short I", func(f map[string]any) { f["states"].(map[string]any)["I"] = []any{json.Number("1")} },
			"states.I has 1 values, the scenario has 1000 patches"},
		{"unknown state", func(f map[string]any) { f["states"].(map[string]any)["E"] = []any{} },
			`states: unknown state "E" (the model has ["S" "I" "R"])`},
		{"missing state", func(f map[string]any) { delete(f["states"].(map[string]any), "R") },
			`states: state "R" is missing (the model has ["S" "I" "R"])`},
		{"negative tick", func(f map[string]any) { f["tick"] = json.Number("-1") }, "tick: -1 must be >= 0"},
		{"timing row width", func(f map[string]any) { at(f, "timing", "rows").([]any)[1] = []any{json.Number("1")} },
			"timing.rows[1] has 1 values, want 10 (tick and 9 phases)"},
		{"tracker count negative", func(f map[string]any) {
			at(component(f, 6), "state", "rows", 1).([]any)[2] = json.Number("-3")
		}, "restore StateTracker: StateTracker: snapshot row for tick 1, value 2 is -3: counts must be >= 0"},
		{"tracker row short", func(f map[string]any) {
			at(component(f, 8), "state", "rows").([]any)[0] = []any{}
		}, "restore CaseSurveillanceTracker: CaseSurveillanceTracker: snapshot row for tick 0 has 0 values, want 1000"},
		{"births negative", func(f map[string]any) {
			at(component(f, 4), "state", "births").([]any)[5] = json.Number("-2")
		}, "restore VitalDynamicsProcess: VitalDynamicsProcess: snapshot state: births[5] = -2: must be >= 0"},
		{"rng not base64", func(f map[string]any) { component(f, 2)["rng"].([]any)[0] = "%%%" },
			"component ImportationPressureProcess: rng block 0: illegal base64 data"},
		{"rng not a PCG state", func(f map[string]any) { component(f, 2)["rng"].([]any)[1] = "AAAA" },
			`component ImportationPressureProcess: rng: stream "ImportationPressureProcess" block 1: `},
		{"scenario pop above 2^53", func(f map[string]any) {
			f["scenario"] = "id,pop,lat,lon,mcv1\na,4611686018427387904,1,1,0.5\n"
		}, `stored scenario: row 1, column "pop": "4611686018427387904": must be <= 9007199254740992 (2^53)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := editedSnapshot(t, tc.edit)
			_, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "snapshot "+path+": "+tc.want)
		})
	}
}

// TestSnapshotUneditedLoads: the edit helper itself keeps a snapshot valid.
func TestSnapshotUneditedLoads(t *testing.T) {
	path := editedSnapshot(t, func(map[string]any) {})
	m, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.Run(context.Background()))
}

// TestSnapshotErrorEveryLineNamesFile: an error reporting several problems
// (two bad keys in a component's stored params) names the file on each of
// its lines (issue 26 item 7: the second line lacked it).
func TestSnapshotErrorEveryLineNamesFile(t *testing.T) {
	path := editedSnapshot(t, func(f map[string]any) {
		p := component(f, 2)["params"].(map[string]any)
		p["bogus_one"], p["bogus_two"] = json.Number("1"), json.Number("2")
	})
	_, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 2, "one line per bad key: %q", err.Error())
	for _, line := range lines {
		assert.True(t, strings.HasPrefix(line, "snapshot "+path+": "), "%q", line)
	}
	assert.Contains(t, lines[1], "bogus_two")
}

// TestSnapshotNestingBounded: a sealed snapshot whose JSON nests past
// nesting.MaxDepth (64, docs/limits.md) is refused before it is decoded,
// naming the top-level key, as run files and params are (issue 26 item 2:
// bound depth for every input format). 200 levels: past the bound, far
// below Go's own decoder limit (10 000), so only the bound can refuse it.
func TestSnapshotNestingBounded(t *testing.T) {
	path := editedSnapshot(t, func(f map[string]any) {
		var deep any = json.Number("1")
		for range 200 {
			deep = []any{deep}
		}
		component(f, 2)["params"].(map[string]any)["beta"] = deep
	})
	_, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "invalid snapshot content")
	assert.Contains(t, err.Error(), "nested deeper than 64 levels")
}
