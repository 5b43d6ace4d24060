package plot

import (
	"encoding/xml"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg"
)

// Default PNG size: 8 × 5 in at 150 dpi.
const defaultPxW, defaultPxH = 1200, 750

// small draws the default 8 × 5 in at 50 dpi (400 × 250 pixels): the
// same drawing as the default, a ninth of the pixels to check.
var small = Options{DPI: 50}

// full is a fixture with every input: 30 patches, 78 ticks (3 years).
var full = fixture{patches: 30, ticks: 78, seed: 1, perPatch: true, cases: true, timing: true, ensemble: true}

// allPictures are the files a run with every input gives.
var allPictures = []string{"sir", "heatmap", "largest", "fadeouts", "timing", "ensemble", "ensemble-largest"}

// decodePNG reads a PNG file.
func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err, path)
	return img
}

// colours counts the distinct colours of img.
func colours(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}

func TestRenderPNG(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    fixture
		want []string
	}{
		{"csv, every input", full, allPictures},
		{"parquet, every input", func() fixture { f := full; f.parquet = true; return f }(), allPictures},
		{"global states only", fixture{patches: 5, ticks: 30, seed: 2}, []string{"sir"}},
		{"cases without per-patch states", fixture{patches: 12, ticks: 40, seed: 3, cases: true}, []string{"sir", "heatmap", "largest", "fadeouts"}},
		{"global ensemble cases", fixture{patches: 5, ticks: 30, seed: 6, ensemble: true, globalCases: true}, []string{"sir", "ensemble"}},
		{"one tick", fixture{patches: 3, ticks: 1, seed: 4, perPatch: true, cases: true, timing: true, ensemble: true}, allPictures},
		// More patches than heat-map rows (maxHeatRows): rows average bands.
		{"banded heat-map", fixture{patches: 2*maxHeatRows + 1, ticks: 3, seed: 5, cases: true}, []string{"sir", "heatmap", "largest", "fadeouts"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeRun(t, tc.f)
			out := filepath.Join(dir, "plots")
			res, err := Render(dir, out, small)
			require.NoError(t, err)
			var want []string
			for _, name := range tc.want {
				want = append(want, filepath.Join(out, name+".png"))
			}
			assert.Equal(t, want, res.Files)
			for _, path := range res.Files {
				img := decodePNG(t, path)
				assert.Equal(t, image.Rect(0, 0, defaultPxW/3, defaultPxH/3), img.Bounds(), path)
				// Text, axes and data give many colours; a blank or
				// one-colour picture has one.
				assert.Greater(t, colours(img), 20, "%s looks blank", path)
			}
			entries, err := os.ReadDir(out)
			require.NoError(t, err)
			assert.Len(t, entries, len(tc.want), "only the pictures, no temporary files")
		})
	}
}

func TestRenderDefaultSize(t *testing.T) {
	dir := writeRun(t, fixture{patches: 4, ticks: 20, seed: 1})
	res, err := Render(dir, filepath.Join(dir, "plots"), Options{})
	require.NoError(t, err)
	require.Len(t, res.Files, 1)
	assert.Equal(t, image.Rect(0, 0, defaultPxW, defaultPxH), decodePNG(t, res.Files[0]).Bounds())
}

func TestRenderSize(t *testing.T) {
	dir := writeRun(t, fixture{patches: 4, ticks: 20, seed: 1, timing: true})
	res, err := Render(dir, filepath.Join(dir, "plots"), Options{Width: 4 * vg.Inch, Height: 3 * vg.Inch, DPI: 100})
	require.NoError(t, err)
	require.NotEmpty(t, res.Files)
	for _, path := range res.Files {
		assert.Equal(t, image.Rect(0, 0, 400, 300), decodePNG(t, path).Bounds(), "4 × 3 in at 100 dpi")
	}
}

func TestRenderSVG(t *testing.T) {
	dir := writeRun(t, full)
	res, err := Render(dir, filepath.Join(dir, "plots"), Options{SVG: true})
	require.NoError(t, err)
	require.Len(t, res.Files, len(allPictures))
	for _, path := range res.Files {
		require.Equal(t, ".svg", filepath.Ext(path))
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		var root struct {
			XMLName xml.Name
			Width   string `xml:"width,attr"`
			Height  string `xml:"height,attr"`
			Inner   []byte `xml:",innerxml"`
		}
		require.NoError(t, xml.Unmarshal(data, &root), path)
		assert.Equal(t, "svg", root.XMLName.Local)
		assert.Equal(t, "576pt", root.Width, "8 in = 576 pt")
		assert.Equal(t, "360pt", root.Height, "5 in = 360 pt")
		assert.Greater(t, len(root.Inner), 5000, "%s has drawing content", path)
		// Embedded rasters (heat-map, colour bars) are labelled PNG and
		// stretched to their boxes (see fixSVG).
		assert.NotContains(t, string(data), "image/jpg", path)
		assert.Equal(t, strings.Count(string(data), "<image "), strings.Count(string(data), `<image preserveAspectRatio="none" `), path)
		assert.NotContains(t, string(data), "font-family:Liberation Serif;", "fallback fonts named")
		if filepath.Base(path) == "heatmap.svg" {
			assert.Equal(t, 2, strings.Count(string(data), "data:image/png;base64,"), "the heat-map and its colour bar")
		}
	}
}

// TestPicturesFollowTheData draws two runs that differ only in their
// seed: every picture must differ somewhere.
func TestPicturesFollowTheData(t *testing.T) {
	render := func(seed uint64) map[string]image.Image {
		f := full
		f.seed = seed
		dir := writeRun(t, f)
		res, err := Render(dir, filepath.Join(dir, "plots"), small)
		require.NoError(t, err)
		imgs := map[string]image.Image{}
		for _, path := range res.Files {
			imgs[filepath.Base(path)] = decodePNG(t, path)
		}
		return imgs
	}
	a, b := render(1), render(2)
	require.Len(t, a, len(allPictures))
	for name, img := range a {
		other, ok := b[name]
		require.True(t, ok, name)
		assert.Positive(t, differentPixels(img, other), "%s is the same for different data", name)
	}
}

// differentPixels counts the pixels where a and b differ.
func differentPixels(a, b image.Image) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}

func TestRenderSkipsMissingInputs(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "timing.csv"), []byte("tick,A,B\n0,5,7\n1,6,8\n2,4,9\n"), 0o644))
	res, err := Render(dir, filepath.Join(dir, "plots"), Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "plots", "timing.png")}, res.Files)
	require.Len(t, res.Skipped, 2)
	assert.Contains(t, res.Skipped[0], "no states.csv or states.parquet")
	assert.Contains(t, res.Skipped[1], "heat-map, largest groups, fade-out curve, maps and waves skipped")
}

func TestRenderEnsembleOnly(t *testing.T) {
	dir := writeRun(t, fixture{patches: 8, ticks: 26, seed: 1, ensemble: true})
	require.NoError(t, os.Remove(filepath.Join(dir, "states.csv")))
	res, err := Render(dir, filepath.Join(dir, "plots"), small)
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "plots", "ensemble.png"), filepath.Join(dir, "plots", "ensemble-largest.png")}, res.Files)
	require.Len(t, res.Skipped, 2, "%q", res.Skipped)
	assert.Contains(t, res.Skipped[0], "holds ensemble outputs only")
	assert.Contains(t, res.Skipped[1], "global ensemble band of reported cases skipped")
}

func TestRenderNothingToPlot(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "plots")
	_, err := Render(dir, out, Options{})
	require.ErrorIs(t, err, ErrNothingToPlot)
	assert.Contains(t, err.Error(), dir)
	assert.Contains(t, err.Error(), "states.csv or states.parquet")
	assert.NoDirExists(t, out)

	_, err = Render(filepath.Join(dir, "missing"), out, Options{})
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, filepath.Join(dir, "missing"), ie.File)
}

func TestRenderBadOptions(t *testing.T) {
	dir := writeRun(t, fixture{patches: 2, ticks: 3, seed: 1})
	for _, opts := range []Options{
		{Width: vg.Inch / 2},
		{Height: 200 * vg.Inch},
		{DPI: 5},
		{Width: 100 * vg.Inch, Height: 100 * vg.Inch, DPI: 1200},
	} {
		_, err := Render(dir, filepath.Join(dir, "plots"), opts)
		var oe *OptionsError
		assert.ErrorAs(t, err, &oe, "%+v", opts)
	}
}
