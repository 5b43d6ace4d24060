package runfile

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunFileStartDate: start_date sets the first day (any day of the
// month); without it StartDate is zero; a bad value names the key.
func TestRunFileStartDate(t *testing.T) {
	cases := []struct {
		content string
		want    time.Time
		err     string
	}{
		{`start_date = "1949-12-30"`, time.Date(1949, 12, 30, 0, 0, 0, 0, time.UTC), ""},
		{"[params]\nseed = 1\n", time.Time{}, ""},
		{`start_date = "1949-12"`, time.Time{}, `start_date: "1949-12" is not a YYYY-MM-DD date`},
		{`start_date = 1949`, time.Time{}, `start_date: expected a date string "YYYY-MM-DD", got an integer`},
	}
	for _, tc := range cases {
		rf, err := Decode(strings.NewReader(tc.content), "run.toml", t.TempDir())
		if tc.err != "" {
			assert.ErrorContains(t, err, tc.err, tc.content)
			continue
		}
		require.NoError(t, err, tc.content)
		assert.Equal(t, tc.want, rf.StartDate, tc.content)
	}
}
