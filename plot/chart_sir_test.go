package plot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestSIRPictureDrawsDeclaredCompartments: a states table with a declared
// compartment (W, as examples/sirs writes) puts it beside S and R in the
// top panel; an S, I, R table has no extra state.
func TestSIRPictureDrawsDeclaredCompartments(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "states.csv")
	require.NoError(t, os.WriteFile(path, []byte("tick,date,patch_id,state,count\n"+
		"0,2000-01-01,all_patches,S,900\n0,2000-01-01,all_patches,I,10\n0,2000-01-01,all_patches,R,90\n0,2000-01-01,all_patches,W,0\n"+
		"1,2000-01-15,all_patches,S,890\n1,2000-01-15,all_patches,I,12\n1,2000-01-15,all_patches,R,80\n1,2000-01-15,all_patches,W,18\n"), 0o644))
	tbl, err := readTidy(path)
	require.NoError(t, err)
	assert.Equal(t, []string{"W"}, extraStates(tbl))
	draw1, err := sirPicture(tbl, "patches", 0)
	require.NoError(t, err)
	img := vgimg.New(4*vg.Inch, 3*vg.Inch)
	require.NoError(t, draw1(draw.New(img)))
	top, _, err := sirPlots(tbl, "patches", 0)
	require.NoError(t, err)
	assert.Equal(t, "Global S, I, R and W over time (states.csv)", top.Title.Text)

	assert.Empty(t, extraStates(&tidyTable{states: []string{"S", "I", "R"}}))
}
