package systems_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// wideHeader is a header of 2000 fields, past csvin.MaxFields (1024): issue
// 26's wide-CSV attack in small.
var wideHeader = "id,year,births" + strings.Repeat(",x", 1997) + "\n"

// limitMsg is csvin's message for wideHeader.
const limitMsg = "line 1: more than 1024 fields in one record (rubeola reads at most 1024 columns; see docs/limits.md)"

func TestTableLoadersRefuseWideCSV(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	tests := []struct {
		name string
		load func() error
		want string
	}{
		{"SIA schedule", func() error {
			_, err := systems.LoadSchedule(strings.NewReader(wideHeader), systems.SIACalendarParams{})
			return err
		}, "sia_schedule: " + limitMsg},
		{"births/deaths table", func() error {
			_, err := systems.LoadVitalTable(strings.NewReader(wideHeader), "births.csv", scn)
			return err
		}, "births.csv: " + limitMsg},
		{"census table", func() error {
			_, err := compartmental.LoadCensusTable(strings.NewReader(wideHeader), "census.csv", "id")
			return err
		}, "census.csv: " + limitMsg},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.EqualError(t, tc.load(), tc.want)
		})
	}
}

func TestLoadScheduleProblemsBounded(t *testing.T) {
	// 200 rows with a bad date: 50 messages, then a count of the rest.
	in := "id,date\n" + strings.Repeat("a,someday\n", 200)
	_, err := systems.LoadSchedule(strings.NewReader(in), systems.SIACalendarParams{})
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 51)
	assert.Equal(t, "… and 150 more problems", lines[50])
}

// TestCensusTableRefusesMissingYears: issue 37 item 8. A census table
// missing 1953–1956 was accepted, the spline filling the births of four
// years silently; a gap in a place's years is refused, naming them.
func TestCensusTableRefusesMissingYears(t *testing.T) {
	var b strings.Builder
	b.WriteString("town,year,pop,births\n")
	for y := 1950; y <= 1960; y++ {
		if y < 1953 || y > 1956 {
			fmt.Fprintf(&b, "London,%d,3000000,60000\n", y)
		}
	}
	b.WriteString("Leeds,1950,500000,9000\nLeeds,1951,500000,9000\nLeeds,1952,500000,9000\nLeeds,1954,500000,9000\n")
	_, err := compartmental.LoadCensusTable(strings.NewReader(b.String()), "census.csv", "town")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `census.csv: town "London": years 1953–1956 are missing (one row per year from 1950 to 1960: births are yearly counts)`)
	assert.Contains(t, err.Error(), `census.csv: town "Leeds": year 1953 is missing`)
}
