package csvin

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestProblems(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		lines int    // lines of the message
		last  string // its last line
	}{
		{"none", 0, 0, ""},
		{"one", 1, 1, "problem 1"},
		{"exactly the cap", MaxProblems, MaxProblems, "problem 50"},
		{"beyond the cap", MaxProblems + 7, MaxProblems + 1, "… and 7 more problems"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p Problems
			p.Add(nil) // ignored
			for i := range tc.n {
				p.Add(fmt.Errorf("problem %d", i+1))
			}
			assert.Equal(t, tc.n, p.Len())
			err := p.Err()
			if tc.n == 0 {
				assert.NoError(t, err)
				return
			}
			var joined interface{ Unwrap() []error }
			assert.True(t, errors.As(err, &joined))
			assert.Len(t, joined.Unwrap(), tc.lines)
			assert.Equal(t, tc.last, joined.Unwrap()[tc.lines-1].Error())
		})
	}
}
