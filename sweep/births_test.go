package sweep

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestManifestHashesBirthsTables: VitalDynamics' births and deaths are path
// keys whose words "crude" and "scenario" are not files: a sweep over
// births = ["crude", "scenario", "births.csv"] with deaths = "crude"
// hashes births.csv (and the scenario) and nothing else.
func TestManifestHashesBirthsTables(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "towns.csv"), []byte("id,pop,lat,lon,mcv1,births_per_year\na,1000,0,0,0,30\nb,2000,0,1,0,60\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "births.csv"), []byte("id,year,births\na,2000,30\nb,2000,60\n"), 0o644))
	path := filepath.Join(dir, "s.toml")
	require.NoError(t, os.WriteFile(path, []byte(`scenario = "towns.csv"
[[phases]]
type = "VitalDynamics"
deaths = "crude"
[sweep]
"phases.VitalDynamics.births" = ["crude", "scenario", "births.csv"]
`), 0o644))
	f, err := Load(path)
	require.NoError(t, err)
	m, err := f.NewManifest("csv", []string{"x"})
	require.NoError(t, err)
	assert.Len(t, m.Inputs, 2)
	assert.Contains(t, m.Inputs, "towns.csv")
	assert.Contains(t, m.Inputs, "births.csv")
}
