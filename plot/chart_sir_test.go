package plot

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestSIRPictureDrawsDeclaredCompartments: a states table with a declared
// compartment (W, as examples/sirs writes) names it in the title; W stays
// below 5 % of S (18 of 900), so it is drawn on a third panel of its own
// scale, not at the foot of the S and R panel; an S, I, R table has no
// extra state and no third panel.
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
	ps, err := sirPlots(tbl, "patches", 0)
	require.NoError(t, err)
	assert.Equal(t, "Global S, I, R and W over time (states.csv)", ps.s.Title.Text)
	require.NotNil(t, ps.small, "W is small: a panel of its own")
	assert.InDelta(t, 1.4*18, ps.small.Y.Max, 1e-9, "its own scale: W's peak 18 with the legend's head room")
	assert.InDelta(t, 1.4*90, ps.r.Y.Max, 1e-9, "R's panel: R's peak 90 with the legend's head room")
	// S from 890 to 900: its own range, 10 people, with 10 % below and
	// 60 % above for the legend.
	assert.InDelta(t, 889, ps.s.Y.Min, 1e-9)
	assert.InDelta(t, 906, ps.s.Y.Max, 1e-9)

	assert.Empty(t, extraStates(&tidyTable{states: []string{"S", "I", "R"}}))
}

// TestSIRPictureLargeCompartmentOnTop: a declared compartment of the size
// of S and R (W up to 400 of 900, above the 5 % threshold) is drawn with R,
// with no panel of its own.
func TestSIRPictureLargeCompartmentOnTop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "states.csv")
	require.NoError(t, os.WriteFile(path, []byte("tick,date,patch_id,state,count\n"+
		"0,2000-01-01,all_patches,S,900\n0,2000-01-01,all_patches,I,10\n0,2000-01-01,all_patches,R,90\n0,2000-01-01,all_patches,W,0\n"+
		"1,2000-01-15,all_patches,S,500\n1,2000-01-15,all_patches,I,12\n1,2000-01-15,all_patches,R,90\n1,2000-01-15,all_patches,W,400\n"), 0o644))
	tbl, err := readTidy(path)
	require.NoError(t, err)
	ps, err := sirPlots(tbl, "patches", 0)
	require.NoError(t, err)
	assert.Nil(t, ps.small)
	assert.Equal(t, 1.4*400, ps.r.Y.Max, "W's peak 400 above R's 90, with the legend's head room")
}

// TestSIRPictureSEIRWithSmallCompartment: an S, E, I, R table with a small
// declared compartment (M, maternal immunity: 30 of 900) draws four
// panels; I's is labelled "people" (its legend names I and E):
// "infectious (I) and exposed (E), people" was taller than the panel and
// ran into the gap.
func TestSIRPictureSEIRWithSmallCompartment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "states.csv")
	var rows string
	for tick, date := range []string{"2000-01-01", "2000-01-02"} {
		for _, sc := range []struct {
			state string
			count int
		}{{"S", 900}, {"E", 5}, {"I", 10}, {"R", 90}, {"M", 30 * tick}} {
			rows += fmt.Sprintf("%d,%s,all_patches,%s,%d\n", tick, date, sc.state, sc.count)
		}
	}
	require.NoError(t, os.WriteFile(path, []byte("tick,date,patch_id,state,count\n"+rows), 0o644))
	tbl, err := readTidy(path)
	require.NoError(t, err)
	ps, err := sirPlots(tbl, "patches", 0)
	require.NoError(t, err)
	require.NotNil(t, ps.small, "M is small: a panel of its own")
	for _, p := range []*plot.Plot{ps.s, ps.r, ps.i, ps.small} {
		assert.Equal(t, "people", p.Y.Label.Text, "a word: a long label runs into the gap")
	}
	assert.Empty(t, ps.i.X.Label.Text, "the date is the last panel's")
}
