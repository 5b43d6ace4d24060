package ecs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewSEIRWorld(t *testing.T) {
	type waning int64
	tests := []struct {
		name    string
		extra   []Compartment
		states  []string
		extras  []string
		wantErr string
	}{
		{name: "seir", states: []string{"S", "E", "I", "R"}},
		{name: "seir+W", extra: []Compartment{NewCompartment[waning]("W")},
			states: []string{"S", "E", "I", "R", "W"}, extras: []string{"W"}},
		{name: "E again", extra: []Compartment{NewCompartment[waning]("E")},
			wantErr: `ecs: compartment 0: state "E" is built in (S, E, I and R are the model's first compartments)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := NewSEIRWorld(testData(300), tt.extra...)
			if tt.wantErr != "" {
				require.EqualError(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.states, w.StateNames())
			assert.Equal(t, 4, w.Builtin())
			assert.Equal(t, len(tt.extras), len(w.Extra()))
			if tt.extras != nil {
				assert.Equal(t, tt.extras, w.ExtraNames())
			}
			// E is its own column, starting at 0, and State("E") aliases it.
			require.Len(t, w.E(), 300)
			w.E()[7] = 5
			e, err := w.State("E")
			require.NoError(t, err)
			assert.Equal(t, int64(5), e[7])
			assert.Equal(t, int64(0), w.I()[7])
			states := w.States()
			assert.Equal(t, int64(5), states[1][7], "E is second in state order")
		})
	}
}

func TestSIRWorldHasNoE(t *testing.T) {
	w, err := NewWorld(testData(3))
	require.NoError(t, err)
	assert.Nil(t, w.E())
	assert.Equal(t, 3, w.Builtin())
	assert.Empty(t, w.Extra())
}
