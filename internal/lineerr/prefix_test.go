package lineerr

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPrefix: every line of a joined error is prefixed, and the result
// unwraps to the error.
func TestPrefix(t *testing.T) {
	first, second := errors.New("phases[1].beta: bad"), errors.New("phases[2].type: missing")
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"one line", first, "run.toml: phases[1].beta: bad"},
		{"joined", errors.Join(first, second), "run.toml: phases[1].beta: bad\nrun.toml: phases[2].type: missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Prefix("run.toml: ", tc.err)
			assert.Equal(t, tc.want, err.Error())
			assert.ErrorIs(t, err, first)
		})
	}
}
