package benchkit

import (
	"testing"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
)

// FromRunFile returns the Config of the model the run file at path
// describes, so that a variant is benchmarked as it runs: its model type,
// its component list (read again from the file for every model built, so
// that no factory's state is shared; nil when the file has no [[phases]]:
// the type's standard schedule), its compartments ([model.WithCompartments])
// and its scenario (when it names one; else N RandomN patches, N to be
// set). The params stay benchkit's quiet ones ([QuietParams], num_ticks
// RunTicks): set Params to change them. The file's own components and
// compartments must be registered (model.MustRegister,
// model.MustRegisterCompartment) before it is read, as the program that
// runs it does. An unreadable or invalid file fails tb.
//
//	c := benchkit.FromRunFile(b, "run.toml")
//	benchkit.Ticks(b, c)
func FromRunFile(tb testing.TB, path string) Config {
	tb.Helper()
	rf, err := runfile.Load(path)
	must(tb, err, "FromRunFile")
	c := Config{Type: rf.Model, Scenario: rf.Scenario}
	if rf.Components != nil {
		c.Components = func() []phases.Factory {
			again, err := runfile.Load(path)
			must(tb, err, "FromRunFile")
			return again.Components
		}
	}
	if len(rf.Compartments) > 0 {
		c.Options = append(c.Options, model.WithCompartments(rf.Compartments...))
	}
	return c
}
