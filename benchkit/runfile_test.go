package benchkit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/model"
)

// benchCount is the component type of the compartment TestFromRunFile's
// run file declares.
type benchCount int64

// benchCompartment is that compartment, registered once for the package's
// tests, as a variant's program registers its own.
var benchCompartment = func() ecs.Compartment {
	c := ecs.NewCompartment[benchCount]("BenchW")
	model.MustRegisterCompartment(c)
	return c
}()

// writeRunFile writes text as run.toml in a temporary directory and
// returns its path.
func writeRunFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.toml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// TestFromRunFile: a run file's model type, component list, compartments
// and scenario make the Config, and the model it builds is the file's
// (its schedule, its extra state); a file without [[phases]] leaves the
// type's standard schedule.
func TestFromRunFile(t *testing.T) {
	path := writeRunFile(t, `model = "compartmental"
compartments = ["BenchW"]

[scenario]
builder = "grid"
rows = 2
cols = 3
pop = 6000

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "Infection"

[[phases]]
type = "StateTracker"
`)
	c := FromRunFile(t, path)
	assert.Equal(t, model.TypeCompartmental, c.Type)
	require.NotNil(t, c.Scenario)
	assert.Equal(t, 6, c.Scenario.Len(), "the file's 2×3 grid")
	require.NotNil(t, c.Components)
	assert.Len(t, c.Components(), 3)
	m := c.NewModel(t)
	assert.Equal(t, []string{"InitializeEquilibriumStatesProcess", "InfectionProcess", "StateTracker"}, scheduleNames(m))
	assert.Contains(t, m.Patches().States(), benchCompartment.Name())
	assert.Equal(t, 6, m.Patches().Len())

	plain := FromRunFile(t, writeRunFile(t, "[params]\nnum_ticks = 10\n"))
	assert.Equal(t, model.TypeBiweekly, plain.Type)
	assert.Nil(t, plain.Components, "no [[phases]]: the standard schedule")
	assert.Nil(t, plain.Scenario, "no scenario: N RandomN patches")
	assert.Empty(t, plain.Options)
}

// scheduleNames returns the names of m's components in schedule order.
func scheduleNames(m *model.Model) []string {
	var out []string
	for _, c := range m.Instances() {
		out = append(out, c.Name())
	}
	return out
}
