package cli

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBinaryName(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"/usr/local/bin/mybinary", "run"}, "mybinary"},
		{[]string{`mybinary.exe`}, "mybinary"},
		{[]string{"./rubeola"}, "rubeola"},
		{nil, defaultName},
		{[]string{""}, defaultName},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, binaryName(tc.args), "%q", tc.args)
	}
}

// newGreetCmd is a user's subcommand: it greets --who on stdout, refuses
// an empty name as bad input (exit 2) and fails on "fail" (exit 1).
func newGreetCmd() *cobra.Command {
	var who string
	cmd := &cobra.Command{
		Use:   "greet",
		Short: "Greet someone",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch who {
			case "":
				return Invalid(errors.New("--who must not be empty"))
			case "fail":
				return errors.New("greeting failed\nsecond problem")
			}
			fmt.Fprintf(cmd.OutOrStdout(), "hello %s\n", who)
			return nil
		},
	}
	cmd.Flags().StringVar(&who, "who", "world", "whom to greet")
	return cmd
}

// TestAppCommands: an App runs its own subcommand beside rubeola's, under
// its program name, with rubeola's exit codes and one "name: " line per
// problem, and a fresh tree per execution (a flag of one run does not
// leak into the next).
func TestAppCommands(t *testing.T) {
	app := New(WithName("mybin")).AddCommand(newGreetCmd)
	cases := []struct {
		name       string
		args       []string
		code       int
		stdout     string
		stderrHave string
	}{
		{"own command", []string{"greet", "--who", "Ann"}, exitOK, "hello Ann\n", ""},
		{"defaults again", []string{"greet"}, exitOK, "hello world\n", ""},
		{"bad input", []string{"greet", "--who", ""}, exitValidation, "", "mybin: --who must not be empty\n"},
		{"run error", []string{"greet", "--who", "fail"}, exitRunError, "", "mybin: greeting failed\nmybin: second problem\n"},
		{"unknown flag", []string{"greet", "--whom", "x"}, exitValidation, "", "mybin: unknown flag: --whom\n"},
		{"built-in command", []string{"run", "--ticks", "-1"}, exitValidation, "", "mybin: --ticks must be >= 0, got -1\n"},
		{"help lists it", []string{"--help"}, exitOK, "  greet ", ""},
		{"usage line", []string{"--help"}, exitOK, "  mybin [command]", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := app.Execute(tc.args, &out, &errOut)
			assert.Equal(t, tc.code, code, errOut.String())
			if tc.code == exitOK {
				assert.Contains(t, out.String(), tc.stdout)
				assert.Empty(t, errOut.String())
			} else {
				assert.Equal(t, tc.stderrHave, errOut.String())
			}
		})
	}
}

// TestAppReplacesBuiltin: a command named like a built-in replaces it.
func TestAppReplacesBuiltin(t *testing.T) {
	app := New(WithName("mybin")).AddCommand(func() *cobra.Command {
		return &cobra.Command{Use: "version", RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), "mybin 1.0")
			return err
		}}
	})
	var out, errOut bytes.Buffer
	require.Equal(t, exitOK, app.Execute([]string{"version"}, &out, &errOut), errOut.String())
	assert.Equal(t, "mybin 1.0\n", out.String())
}

// TestAppDefaults: New names the App after the running binary (the test
// binary here), an empty WithName keeps that, a nil command builder is an
// error, and the stock Execute keeps the "rubeola: " prefix.
func TestAppDefaults(t *testing.T) {
	assert.True(t, strings.HasSuffix(New().Name(), ".test"), New().Name())
	assert.Equal(t, New().Name(), New(WithName("")).Name())
	assert.NoError(t, Invalid(nil))

	var out, errOut bytes.Buffer
	code := New(WithName("x")).AddCommand(func() *cobra.Command { return nil }).Execute([]string{"version"}, &out, &errOut)
	assert.Equal(t, exitRunError, code)
	assert.Equal(t, "x: AddCommand: a command builder returned nil\n", errOut.String())

	errOut.Reset()
	assert.Equal(t, exitValidation, Execute([]string{"run", "--ticks", "-1"}, &out, &errOut))
	assert.Equal(t, "rubeola: --ticks must be >= 0, got -1\n", errOut.String())
}
