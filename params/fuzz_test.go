package params

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/fuzzwatch"
)

// paramsSeeds are params documents in JSON; fuzzParamsTOML turns them into
// TOML seeds.
var paramsSeeds = []string{
	`{}`,
	`{"num_ticks": 520, "seed": 7, "start_time": "2000-01"}`,
	`{"num_ticks": 5.0, "start_time": "1999-12-31", "verbose": true, "show_progress": false, "use_numba": true}`,
	`{"nticks": 5}`,
	`{"num_ticks": -1, "seed": -3, "start_time": "2000-13"}`,
	`{"num_ticks": 1e30}`,
}

// checkRoundTrip asserts that accepted params are valid and survive JSON.
func checkRoundTrip(t *testing.T, p BiweeklyParams) {
	require.NoError(t, p.Validate())
	data, err := json.Marshal(p)
	require.NoError(t, err)
	back, err := DecodeJSON(bytes.NewReader(data))
	require.NoError(t, err, "%s", data)
	require.Equal(t, p, back)
}

// FuzzDecodeJSON: the JSON params decoder never panics; errors start with
// "params: "; accepted params are valid and round-trip through JSON.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range paramsSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p BiweeklyParams
		var err error
		fuzzwatch.Within(t, fuzzwatch.Deadline, func() { p, err = DecodeJSON(bytes.NewReader(data)) })
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "params: "), "%q", err.Error())
			return
		}
		checkRoundTrip(t, p)
	})
}

// FuzzDecodeTOML is FuzzDecodeJSON for TOML documents.
func FuzzDecodeTOML(f *testing.F) {
	for _, s := range []string{
		"",
		"num_ticks = 520\nseed = 7\nstart_time = \"2000-01\"\n",
		"num_ticks = 5.0\nstart_time = \"1999-12-31\"\nverbose = true\n",
		"start_time = 2000-01-01\n",
		"nticks = 5\n[extra]\nx = 1\n",
		"num_ticks = -1\nseed = -3\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p BiweeklyParams
		var err error
		fuzzwatch.Within(t, fuzzwatch.Deadline, func() { p, err = DecodeTOML(bytes.NewReader(data)) })
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "params: "), "%q", err.Error())
			return
		}
		checkRoundTrip(t, p)
	})
}
