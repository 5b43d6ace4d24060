package main

import (
	"errors"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWaningRates runs the binary's own subcommand in-process: the shares
// are 1 − (1 − rate)^(days/365) for 14-day and 1-day ticks (computed
// independently: 1 - 0.9**(14/365) = 0.00403307 and 1 - 0.9**(1/365) =
// 0.000288617 with Python, %.6g), the default rate is Waning's 0.05, and a
// rate that is not a share is bad input with the binary's own prefix.
func TestWaningRates(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"rate 0.1", []string{"--yearly-rate", "0.1"}, 0,
			"model          days per tick  share per tick\nbiweekly       14             0.00403307\ncompartmental  1              0.000288617\n", ""},
		// 1 - 0.95**(14/365) = 0.00196548, 1 - 0.95**(1/365) = 0.00014052.
		{"default rate", nil, 0,
			"model          days per tick  share per tick\nbiweekly       14             0.00196548\ncompartmental  1              0.00014052\n", ""},
		{"not a share", []string{"--yearly-rate", "1.5"}, 2, "",
			"mybinary: --yearly-rate: WaningProcess: yearly_rate must be in [0, 1], got 1.5\n"},
		{"not a number", []string{"--yearly-rate", "high"}, 2, "",
			"mybinary: invalid argument \"high\" for \"--yearly-rate\" flag: strconv.ParseFloat: parsing \"high\": invalid syntax\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := rubeola(append([]string{"waning-rates"}, tc.args...)...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Equal(t, tc.stdout, stdout)
			assert.Equal(t, tc.stderr, stderr)
		})
	}
}

// TestBuiltBinary builds mybinary and runs it as a shell would: its help
// lists waning-rates beside rubeola's commands under its own name, and
// bad input exits 2 with "mybinary:" errors, for its own subcommand and for
// rubeola's.
func TestBuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "mybinary")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(out))

	out, err = exec.Command(bin, "--help").CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Contains(t, string(out), "  mybinary [command]")
	assert.Contains(t, string(out), "  waning-rates ")
	assert.Contains(t, string(out), "  run ")

	for args, want := range map[[2]string]string{
		{"waning-rates", "--yearly-rate=-1"}: "mybinary: --yearly-rate: WaningProcess: yearly_rate must be in [0, 1], got -1\n",
		{"run", "--ticks=-1"}:                "mybinary: --ticks must be >= 0, got -1\n",
	} {
		out, err = exec.Command(bin, args[:]...).CombinedOutput()
		var exit *exec.ExitError
		require.True(t, errors.As(err, &exit), "%v: want a non-zero exit, got %v", args, err)
		assert.Equal(t, 2, exit.ExitCode(), args)
		assert.Equal(t, want, string(out), args)
	}
}
