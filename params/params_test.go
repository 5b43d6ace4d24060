package params_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
)

// AT-1: defaults exactly as SPEC §2.1.
func TestDefault(t *testing.T) {
	p := params.Default()
	assert.Equal(t, params.BiweeklyParams{
		Seed:         20250314,
		StartTime:    "2000-01",
		NumTicks:     365,
		Verbose:      false,
		ShowProgress: true,
		Parallel:     true,
	}, p)
	require.NoError(t, p.Validate())

	var alias params.Params = p // type alias, not a new type
	assert.Equal(t, p, alias)
}

func TestZeroValueIsInvalid(t *testing.T) {
	err := params.BiweeklyParams{}.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "start_time")
}

// AT-1: States() = S, I, R; TimeStepDays() = 14.
func TestStatesAndTimeStep(t *testing.T) {
	p := params.Default()
	assert.Equal(t, []string{"S", "I", "R"}, p.States())
	p.States()[0] = "X" // callers cannot change the next result
	assert.Equal(t, []string{"S", "I", "R"}, p.States())
	assert.Equal(t, 14, p.TimeStepDays())
}

// AT-1: String() is JSON with sorted keys and an indent of two spaces.
func TestString(t *testing.T) {
	want := `{
  "num_ticks": 365,
  "seed": 20250314,
  "show_progress": true,
  "start_time": "2000-01",
  "use_numba": true,
  "verbose": false
}`
	assert.Equal(t, want, params.Default().String())

	p := params.BiweeklyParams{Seed: 18446744073709551615, StartTime: "2023-07", NumTicks: 0, Verbose: true}
	var back map[string]any
	d := json.NewDecoder(stringsReader(p.String()))
	d.UseNumber()
	require.NoError(t, d.Decode(&back))
	assert.Equal(t, json.Number("18446744073709551615"), back["seed"], "uint64 seed printed exactly")
	assert.Equal(t, "2023-07", back["start_time"])
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(*params.BiweeklyParams)
		wantErr []string // substrings; nil = valid
	}{
		{"defaults", func(*params.BiweeklyParams) {}, nil},
		{"zero ticks", func(p *params.BiweeklyParams) { p.NumTicks = 0 }, nil},
		{"day form accepted", func(p *params.BiweeklyParams) { p.StartTime = "2000-01-15" }, nil},
		{"negative ticks", func(p *params.BiweeklyParams) { p.NumTicks = -1 }, []string{"num_ticks", "-1"}},
		{"bad start", func(p *params.BiweeklyParams) { p.StartTime = "2000" }, []string{"start_time", `"2000"`}},
		{"both", func(p *params.BiweeklyParams) { p.StartTime = ""; p.NumTicks = -5 },
			[]string{"start_time", "num_ticks", "\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := params.Default()
			tc.edit(&p)
			err := p.Validate()
			if tc.wantErr == nil {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, s := range tc.wantErr {
				assert.Contains(t, err.Error(), s)
			}
		})
	}
}

func TestStartDate(t *testing.T) {
	tests := []struct {
		start string
		want  time.Time
	}{
		{"2000-01", time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"2023-07", time.Date(2023, 7, 1, 0, 0, 0, 0, time.UTC)},
		{"2000-02-29", time.Date(2000, 2, 1, 0, 0, 0, 0, time.UTC)},
		{"0001-12", time.Date(1, 12, 1, 0, 0, 0, 0, time.UTC)},
		{"9999-12-31", time.Date(9999, 12, 1, 0, 0, 0, 0, time.UTC)},
	}
	for _, tc := range tests {
		t.Run(tc.start, func(t *testing.T) {
			p := params.Default()
			p.StartTime = tc.start
			got, err := p.StartDate()
			require.NoError(t, err)
			assert.True(t, tc.want.Equal(got), "got %v", got)
			assert.Equal(t, time.UTC, got.Location())
		})
	}

	p := params.Default()
	p.StartTime = "2000-13"
	_, err := p.StartDate()
	require.ErrorContains(t, err, "start_time")
}
