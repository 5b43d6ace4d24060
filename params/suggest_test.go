package params_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/params"
)

func TestSuggest(t *testing.T) {
	runKeys := []string{"seed", "start_time", "num_ticks", "verbose", "show_progress", "use_numba"}
	infection := []string{"beta", "seasonality", "season_start", "mixer", "season_table", "seasonal_amplitude"}
	vital := []string{"crude_birth_rate", "crude_death_rate", "mcv1_efficacy"}
	equilibrium := []string{"R0", "r0", "R_0", "effective_R0", "effective_r0"}
	tests := []struct {
		key   string
		known []string
		want  string
	}{
		// The SPEC example: abbreviation within 2 edits after normalising.
		{"nticks", runKeys, "num_ticks"},
		{"n_ticks", runKeys, "num_ticks"},
		{"numticks", runKeys, "num_ticks"},
		{"NumTicks", runKeys, "num_ticks"},
		{"num-ticks", runKeys, "num_ticks"},
		{"ticks", runKeys, "num_ticks"},
		{"tick", runKeys, "num_ticks"},
		{"sede", runKeys, "seed"}, // transposition
		{"seeds", runKeys, "seed"},
		{"starttime", runKeys, "start_time"},
		{"start", runKeys, "start_time"},
		{"progress", runKeys, "show_progress"},
		{"numba", runKeys, "use_numba"},
		{"verbosity", runKeys, "verbose"},
		{"betta", infection, "beta"},
		{"bta", infection, "beta"},
		{"seasonalty", infection, "seasonality"},
		{"season_strat", infection, "season_start"},
		{"mixr", infection, "mixer"},
		{"crude_birthrate", vital, "crude_birth_rate"},
		{"mcv_efficacy", vital, "mcv1_efficacy"},
		{"R0", equilibrium, "R0"},
		{"Ro", equilibrium, "R0"},
		{"effective_R", equilibrium, "effective_R0"},
		// Nothing close.
		{"zzzzzz", runKeys, ""},
		{"x", runKeys, ""},
		{"", runKeys, ""},
		{"gamma", infection, ""},
		{"nticks", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.key, func(t *testing.T) {
			assert.Equal(t, tc.want, params.Suggest(tc.key, tc.known))
		})
	}
}

func TestSuggestTieGoesToFirst(t *testing.T) {
	assert.Equal(t, "abcd", params.Suggest("abce", []string{"abcd", "abcf"}))
	assert.Equal(t, "abcf", params.Suggest("abce", []string{"abcf", "abcd"}))
}
