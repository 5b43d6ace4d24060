package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK         = 0
	exitRunError   = 1
	exitValidation = 2
)

// exitError carries an exit code with an error.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// invalid marks err as a usage or validation error (exit code 2).
//
// A download that failed (a network failure, [isNetworkFailure]) stays a
// run error, exit 1, wherever it happens: `rubeola --help` promises 1 for
// network failures, and a run file's WPP download failing while it was
// loaded exited 2 (issue 37 item 6).
func invalid(err error) error {
	if isNetworkFailure(err) {
		return err
	}
	return &exitError{code: exitValidation, err: err}
}

// Main runs the rubeola command line on the process's arguments and exits
// with its exit code (0 ok, 1 run or network error, 2 usage or validation
// error). A binary with its own components registers them (model.Register,
// mixing.Register, model.RegisterCompartment) before calling Main; one
// with its own subcommands or program name calls [New]'s [App.Main]
// instead.
func Main() {
	os.Exit(Execute(os.Args[1:], os.Stdout, os.Stderr))
}

// Execute runs the command line with args, writing to stdout and stderr, and
// returns the exit code instead of exiting.
func Execute(args []string, stdout, stderr io.Writer) int {
	return New(WithName(defaultName)).Execute(args, stdout, stderr)
}

// Execute runs the App's command line with args, writing to stdout and
// stderr, and returns the exit code instead of exiting (see [Main]).
func (a *App) Execute(args []string, stdout, stderr io.Writer) int {
	root, err := a.newRoot(stdout, stderr)
	if err == nil {
		root.SetArgs(args)
		err = root.Execute()
	}
	if err == nil {
		return exitOK
	}
	code := exitRunError
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	} else if isUsageError(err) {
		code = exitValidation
	}
	writeProblems(stderr, a.name, err)
	return code
}

// isUsageError recognises cobra's flag and argument errors.
func isUsageError(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown flag", "unknown shorthand flag", "unknown command", "invalid argument",
		"flag needs an argument", "accepts ", "requires at least", "required flag"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// writeProblems prints one line per problem (joined errors are split),
// each after the program name.
func writeProblems(w io.Writer, name string, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.TrimSpace(line) != "" {
			fmt.Fprintf(w, "%s: %s\n", name, line)
		}
	}
}

// newRootCmd returns rubeola's command tree under the program name name.
func newRootCmd(name string, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           name,
		Short:         rootShort,
		Long:          rootShort + "\n\n" + exitCodesHelp,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(newRunCmd(stdout, stderr), newResumeCmd(stdout, stderr), newValidateCmd(stdout), newVersionCmd(name, stdout), newComponentsCmd(stdout),
		newScenarioCmd(stdout, stderr), newShapefileCmd(stdout, stderr), newPyramidCmd(stdout, stderr),
		newPlotCmd(stdout), newSweepCmd(stdout, stderr), newFitCmd(stdout, stderr))
	root.AddCommand(newViewCmd(stdout))
	return root
}
