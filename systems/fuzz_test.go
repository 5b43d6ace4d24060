package systems_test

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
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
// series has at least 4 consecutive years, ascending, populations > 0 and
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
		out, err := compartmental.LoadCensusTable(bytes.NewReader(data), "census.csv", "town")
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
					require.Equal(t, s.Years[k-1]+1, s.Years[k], "consecutive years")
				}
			}
		}
	})
}

// vitalSeeds are FuzzLoadVitalTable's valid seeds for the patches a and b:
// births only, births and deaths in another column order, a patch's run of
// years starting late.
var vitalSeeds = []string{
	"id,year,births\na,2000,30\na,2001,31\nb,2000,60\n",
	"deaths,births,year,id\n10,1000,2000,a\n30,2000,2001,a\n0,5,1990,b\n",
	"id,year,births,deaths\nb,1990,5,0\na,2005,0,0\na,2006,1.5e3,2\n",
}

// FuzzLoadVitalTable feeds arbitrary bytes to the births/deaths table
// loader for a two-patch scenario: it never panics, errors name the file,
// and an accepted table gives every patch finite births (and deaths) ≥ 0
// at any date.
func FuzzLoadVitalTable(f *testing.F) {
	for _, s := range vitalSeeds {
		f.Add([]byte(s))
	}
	for _, s := range []string{
		"id,year,births\na,2000,30\na,2002,31\nb,2000,-1\n",
		"id,year,births,deaths,extra\n",
		"",
	} {
		f.Add([]byte(s))
	}
	scn := table(f, []string{"a", "b"}, []int64{1000, 2000})
	dates := []time.Time{time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2000, 7, 2, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)}
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := systems.LoadVitalTable(bytes.NewReader(data), "births.csv", scn)
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "births.csv"), "%q", err.Error())
			return
		}
		for _, s := range []*systems.YearlySeries{tab.Births, tab.Deaths} {
			if s == nil {
				continue
			}
			require.Equal(t, scn.Len(), s.Len())
			for j := range s.Len() {
				for _, d := range dates {
					v := s.At(j, d)
					require.False(t, math.IsNaN(v) || math.IsInf(v, 0) || v < 0, "patch %d at %v: %v", j, d, v)
				}
			}
		}
	})
}

// TestVitalSeedsAreValid checks that FuzzLoadVitalTable's seeds load, so
// that its mutations explore past the header and the first row.
func TestVitalSeedsAreValid(t *testing.T) {
	scn := table(t, []string{"a", "b"}, []int64{1000, 2000})
	for k, s := range vitalSeeds {
		_, err := systems.LoadVitalTable(strings.NewReader(s), "births.csv", scn)
		require.NoError(t, err, "seed %d", k)
	}
}
