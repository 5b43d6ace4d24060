package plot

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestViewFixture(t *testing.T) {
	out := os.Getenv("PLOT_VIEW")
	if out == "" {
		t.Skip()
	}
	dir := writeRun(t, fixture{patches: 40, ticks: 130, seed: 1, perPatch: true, cases: true, timing: true, ensemble: true, parquet: true})
	res, err := Render(dir, out, Options{})
	require.NoError(t, err)
	t.Log(res)
}
