package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestExponentialSpec: the registered type decodes strictly over the
// defaults, round-trips through its canonical JSON and is known to
// DecodeMixer's hints.
func TestExponentialSpec(t *testing.T) {
	tests := []struct {
		name string
		spec string
		want mixing.Mixer
		err  string
	}{
		{"defaults", `{"type":"exponential"}`, mixing.FromKernel(DefaultExponentialKernel()), ""},
		{"keys", `{"type":"exponential","scale":5,"k":0.02}`, mixing.FromKernel(ExponentialKernel{Scale: 5, K: 0.02}), ""},
		{"unknown key", `{"type":"exponential","scael":5}`, nil, `mixing: exponential: unknown key "scael" (did you mean "scale"?)`},
		{"bad scale", `{"type":"exponential","scale":0}`, nil, "mixing: exponential: scale must be a finite number > 0 km, got 0"},
		{"bad k", `{"type":"exponential","k":2}`, nil, "mixing: exponential: k = 2 must be in [0, 1]"},
		{"misspelt type", `{"type":"exponentail"}`, nil, `mixing: unknown mixer type "exponentail" (did you mean "exponential"?)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := mixing.DecodeMixer([]byte(tc.spec))
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, m)
			data, err := mixing.MarshalMixer(m)
			require.NoError(t, err)
			back, err := mixing.DecodeMixer(data)
			require.NoError(t, err)
			assert.Equal(t, m, back, "round trip through %s", data)
		})
	}
	data, err := mixing.MarshalMixer(kernel)
	require.NoError(t, err)
	assert.Equal(t, `{"type":"exponential","scale":20,"k":0.01}`, string(data))
}

// TestRunFileWithUserMixer: run.toml builds the Go run's components with
// the registered mixer, and its run resumed from a snapshot loaded without
// factories gives the Go run's series bit for bit.
func TestRunFileWithUserMixer(t *testing.T) {
	rf, err := loadRunFile()
	require.NoError(t, err)
	assert.Equal(t, []string{"InitializeEquilibriumStates", "ImportationPressure", "Infection", "VitalDynamics", "StateTracker"}, rf.Types)

	scn, err := scenario.Grid(gridSize, gridSize, townPop, scenario.DefaultGridOptions())
	require.NoError(t, err)
	direct, err := simulate(scn, kernel)
	require.NoError(t, err)
	resumed, err := resumeRunFile(t.TempDir())
	require.NoError(t, err)

	assert.Equal(t, kernel, model.InstancesOf[*systems.Infection](resumed)[0].Params().Mixer,
		"the snapshot's params hold the mixer's spec")
	want := model.InstancesOf[*metrics.StateTracker](direct)[0]
	got := model.InstancesOf[*metrics.StateTracker](resumed)[0]
	for _, state := range []string{"S", "I", "R"} {
		assert.Equal(t, want.Series(state), got.Series(state), state)
	}
}

// TestRunFileMisspeltMixer: a misspelt mixer type in a run file names the
// entry and suggests the registered type.
func TestRunFileMisspeltMixer(t *testing.T) {
	text := strings.Replace(runFileText, `type = "exponential"`, `type = "exponentail"`, 1)
	_, err := runfile.Decode(strings.NewReader(text), "run.toml", ".")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `run.toml: phases[3]`)
	assert.Contains(t, err.Error(), `unknown mixer type "exponentail" (did you mean "exponential"?)`)
}

// TestComponentDocsListTheMixer: `rubeola components` (model.WriteComponentDocs)
// lists the registered type with its docs among the built-in mixers.
func TestComponentDocsListTheMixer(t *testing.T) {
	var b strings.Builder
	require.NoError(t, model.WriteComponentDocs(&b))
	assert.Contains(t, b.String(), "| `exponential` | exponential distance kernel p_j·exp(−d/scale), normalised to k:")
	assert.Contains(t, b.String(), "| `gravity` |")
}
