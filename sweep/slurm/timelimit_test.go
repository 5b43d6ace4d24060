package slurm

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestValidateTime(t *testing.T) {
	// The valid forms are sbatch(1)'s list for --time (Slurm 22.05).
	tests := []struct {
		in   string
		want string // "" = valid, else a part of the error
	}{
		{"", ""},
		{"0", ""},
		{"90", ""},
		{"30:00", ""},
		{"12:00:00", ""},
		{"100:00:00", ""}, // the leading field is unbounded
		{"2-0", ""},
		{"1-12:30", ""},
		{"7-00:00:00", ""},
		{"INFINITE", ""},
		{"unlimited", ""},
		{"1:75:00", "field 2 is 75, must be below 60"},
		{"1-24:00", "field 2 is 24, must be below 24"},
		{"10:61", "field 2 is 61"},
		{"1h", "expected MINUTES"},
		{"-5", "expected MINUTES"},
		{"1:2:3:4", "expected MINUTES"},
		{"1-", "expected MINUTES"},
		{" 10", "expected MINUTES"},
		{"99999999999999999999", "too large"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			err := ValidateTime(tc.in)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tc.want)
			assert.ErrorContains(t, err, tc.in)
		})
	}
}
