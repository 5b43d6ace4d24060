package systems_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/systems"
)

// TestCohortMonthDay: the cohort day parses with the season's MM-DD rules
// and maps back to the calendar day at every month edge.
func TestCohortMonthDay(t *testing.T) {
	tests := []struct {
		day   string
		month time.Month
		dom   int
	}{
		{"01-01", time.January, 1}, {"01-31", time.January, 31}, {"02-01", time.February, 1},
		{"02-28", time.February, 28}, {"03-01", time.March, 1}, {"09-10", time.September, 10},
		{"12-31", time.December, 31},
	}
	for _, tt := range tests {
		mo, d, err := systems.Cohort{Share: 0.5, Day: tt.day}.MonthDay()
		require.NoError(t, err, tt.day)
		assert.Equal(t, tt.month, mo, tt.day)
		assert.Equal(t, tt.dom, d, tt.day)
	}
}
