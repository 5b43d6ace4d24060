package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// defaultName is the program name of [Main] and [Execute]: rubeola's own
// binary.
const defaultName = "rubeola"

// App is a rubeola command line that a binary of one's own extends: the
// whole rubeola command tree (run, resume, validate, components, plot,
// sweep, fit, …) under the binary's program name, plus the binary's own
// subcommands. [Main] and [Execute] are the App of the stock binary.
//
//	func main() {
//		model.MustRegister(myComponent)
//		cli.New(cli.WithName("mybinary")).AddCommand(newReportCmd).Main()
//	}
type App struct {
	name     string
	commands []func() *cobra.Command
}

// Option configures an [App].
type Option func(*App)

// New returns the rubeola command line with opts applied. Its program
// name — the usage line's first word and the prefix of every error line on
// stderr — is the running binary's file name ("mybinary", without ".exe")
// unless [WithName] sets it.
func New(opts ...Option) *App {
	a := &App{name: binaryName(os.Args)}
	for _, o := range opts {
		o(a)
	}
	return a
}

// binaryName returns the file name of the running binary (args[0]) without
// its directory and ".exe", or rubeola's when there is none.
func binaryName(args []string) string {
	if len(args) == 0 {
		return defaultName
	}
	name := strings.TrimSuffix(filepath.Base(args[0]), ".exe")
	if name == "" || name == "." || name == string(filepath.Separator) {
		return defaultName
	}
	return name
}

// WithName sets the program name: the first word of usage lines and the
// prefix of error lines ("name: …"). An empty name keeps the default.
func WithName(name string) Option {
	return func(a *App) {
		if name != "" {
			a.name = name
		}
	}
}

// Name returns the program name.
func (a *App) Name() string { return a.name }

// AddCommand adds subcommands beside rubeola's own, each given as a
// function that builds it: every [App.Execute] builds a fresh command tree,
// so flags parsed by one execution never leak into the next. A command
// writes to cmd.OutOrStdout() and cmd.ErrOrStderr() (the streams given to
// Execute), and an error it returns is printed like rubeola's own, one
// "name: " line per problem, with exit code 1, or 2 when wrapped by
// [Invalid]. A command named like one of rubeola's replaces it. AddCommand
// returns a, so calls chain.
func (a *App) AddCommand(newCmds ...func() *cobra.Command) *App {
	a.commands = append(a.commands, newCmds...)
	return a
}

// Main runs the command line on the process's arguments and exits with its
// exit code (see [Main]).
func (a *App) Main() {
	os.Exit(a.Execute(os.Args[1:], os.Stdout, os.Stderr))
}

// Invalid marks err as bad input: an App's command that returns it exits
// with code 2 (usage or validation error), as rubeola's own commands do
// when a flag, file or value the user gave is wrong.
func Invalid(err error) error {
	if err == nil {
		return nil
	}
	return invalid(err)
}

// newRoot returns rubeola's command tree under the App's name with the
// App's own commands added (replacing a built-in command of the same
// name).
func (a *App) newRoot(stdout, stderr io.Writer) (*cobra.Command, error) {
	root := newRootCmd(a.name, stdout, stderr)
	for _, newCmd := range a.commands {
		cmd := newCmd()
		if cmd == nil {
			return nil, errors.New("AddCommand: a command builder returned nil")
		}
		for _, c := range root.Commands() {
			if c.Name() == cmd.Name() {
				root.RemoveCommand(c)
			}
		}
		root.AddCommand(cmd)
	}
	return root, nil
}
