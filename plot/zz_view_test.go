package plot

import (
	"os"
	"testing"
)

func TestZZView(t *testing.T) {
	if os.Getenv("PLOT_VIEW") == "" {
		t.Skip()
	}
	for name, f := range map[string]fixture{
		"one":  {patches: 3, ticks: 1, seed: 4, perPatch: true, cases: true, timing: true, ensemble: true},
		"band": {patches: 2*maxHeatRows + 1, ticks: 30, seed: 5, cases: true},
	} {
		dir := writeRun(t, f)
		res, err := Render(dir, "/tmp/view/"+name, Options{})
		t.Log(res, err)
	}
}
