package systems_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/systems"
)

// FuzzLoadSchedule feeds arbitrary bytes to the SIA schedule CSV loader: it
// never panics, errors start with "sia_schedule", and every accepted
// campaign has a group and a date.
func FuzzLoadSchedule(f *testing.F) {
	for _, s := range []string{
		"id,date\npatch_3,2000-03-01\npatch_290,2000-12-24\n",
		"\ufeffregion, date ,extra\nng:kano,2001-06-01,x\n\n",
		"id,date\n,2000-01-01\na,2000-02-30\n",
		"id\n",
		"",
	} {
		f.Add([]byte(s))
	}
	p := systems.DefaultSIACalendarParams()
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := systems.LoadSchedule(bytes.NewReader(data), p)
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "sia_schedule"), "%q", err.Error())
			return
		}
		for _, c := range out {
			require.NotEmpty(t, c.Group)
			require.False(t, c.Date.IsZero())
		}
	})
}

// FuzzLoadCensusTable feeds arbitrary bytes to PopulationData's census
// table loader: it never panics, errors name the file, and every accepted
// series has at least 4 years, ascending and distinct, populations > 0 and
// births ≥ 0.
func FuzzLoadCensusTable(f *testing.F) {
	for _, s := range []string{
		"town,year,pop,births\nA,1940,1000,20\nA,1941,1010,21\nA,1942,1020,22\nA,1943,1030,23\n",
		"year,town,births,pop\nA,1940,20,1000\n",
		"town,year,pop,births\nA,1940,-1,20\nA,1940,1000,x\n",
		"town,year\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := systems.LoadCensusTable(bytes.NewReader(data), "census.csv", "town")
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "census.csv"), "%q", err.Error())
			return
		}
		for id, s := range out {
			require.GreaterOrEqual(t, len(s.Years), 4, id)
			for k := range s.Years {
				require.Greater(t, s.Pop[k], 0.0)
				require.GreaterOrEqual(t, s.Births[k], 0.0)
				if k > 0 {
					require.Greater(t, s.Years[k], s.Years[k-1])
				}
			}
		}
	})
}
