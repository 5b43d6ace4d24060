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
