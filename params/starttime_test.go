package params_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
)

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

// AT-1: every row of the SPEC §2.2 table, through DecodeJSON, DecodeTOML and
// Validate.
func TestStartTimeTable(t *testing.T) {
	tests := []struct {
		in      string
		stored  string // "" = error expected
		errPart string // extra substring of the error besides "start_time"
	}{
		// accepted unchanged
		{in: "2000-01", stored: "2000-01"},
		// valid calendar date, stored as YYYY-MM (parity)
		{in: "2000-01-15", stored: "2000-01"},
		{in: "2000-02-29", stored: "2000-02"}, // leap day
		{in: "0001-01", stored: "0001-01"},
		{in: "9999-12-31", stored: "9999-12"},
		// error mentioning start_time (parity)
		{in: "YYYY-MM", errPart: "is not a YYYY-MM or YYYY-MM-DD date"},
		{in: "2000", errPart: `"2000" is not a YYYY-MM or YYYY-MM-DD date`},
		{in: "01-2000", errPart: "is not a YYYY-MM or YYYY-MM-DD date"},
		{in: "not-a-date", errPart: "is not a YYYY-MM or YYYY-MM-DD date"},
		{in: "", errPart: `"" is not a YYYY-MM or YYYY-MM-DD date`},
		// invalid month / date / year
		{in: "2000-13", errPart: "month"},
		{in: "2000-00", errPart: "month"},
		{in: "2000-02-30", errPart: "not a valid calendar date"},
		{in: "1900-02-29", errPart: "not a valid calendar date"},
		{in: "2000-04-31", errPart: "not a valid calendar date"},
		{in: "2000-01-00", errPart: "not a valid calendar date"},
		{in: "0000-01", errPart: "year"},
		// rubeola choice: exactly ^\d{4}-\d{2}(-\d{2})?$
		{in: "2000-1", errPart: "is not a YYYY-MM"},
		{in: " 2000-01", errPart: "is not a YYYY-MM"},
		{in: "2000-01 ", errPart: "is not a YYYY-MM"},
		{in: "2000-01T00:00", errPart: "is not a YYYY-MM"},
		{in: "2000-01-1", errPart: "is not a YYYY-MM"},
		{in: "12000-01", errPart: "is not a YYYY-MM"},
		{in: "２０００-01", errPart: "is not a YYYY-MM"}, // full-width digits
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			check := func(t *testing.T, p params.BiweeklyParams, err error) {
				t.Helper()
				if tc.stored == "" {
					require.Error(t, err)
					assert.Contains(t, err.Error(), "start_time")
					assert.Contains(t, err.Error(), tc.errPart)
					return
				}
				require.NoError(t, err)
				assert.Equal(t, tc.stored, p.StartTime)
			}
			j, err := params.DecodeJSON(strings.NewReader(`{"start_time": ` + quote(tc.in) + `}`))
			check(t, j, err)
			tm, err := params.DecodeTOML(strings.NewReader(`start_time = ` + quote(tc.in)))
			check(t, tm, err)

			s, err := params.NormalizeStartTime(tc.in)
			check(t, params.BiweeklyParams{StartTime: s}, err)

			p := params.Default()
			p.StartTime = tc.in
			if tc.stored == "" {
				require.Error(t, p.Validate())
			} else {
				require.NoError(t, p.Validate())
			}
		})
	}
}

func TestStartTimeMessage(t *testing.T) {
	_, err := params.DecodeJSON(strings.NewReader(`{"start_time": "2000"}`))
	require.EqualError(t, err, `params: start_time: "2000" is not a YYYY-MM or YYYY-MM-DD date`)
}

// quote writes s as a JSON and TOML string; the inputs above hold no quote,
// backslash or control character.
func quote(s string) string { return `"` + s + `"` }
