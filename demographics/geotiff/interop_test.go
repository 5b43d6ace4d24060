package geotiff_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// TestLibtiffInterop checks the reader against files encoded by libtiff's
// tiffcp (Debian package libtiff-tools), independently of geotifftest's
// encoder, and the encoder against libtiff's decoder. It is skipped when
// tiffcp is not on PATH. tiffcp drops the GeoTIFF tags, so its outputs are
// opened without georeferencing.
func TestLibtiffInterop(t *testing.T) {
	tiffcp, err := exec.LookPath("tiffcp")
	if err != nil {
		t.Skip("tiffcp (libtiff-tools) not installed")
	}
	dir := t.TempDir()
	for _, f := range []geotifftest.SampleFormat{geotifftest.Float32, geotifftest.Float64, geotifftest.Int16, geotifftest.Uint8} {
		want := testImage(f)
		plain := filepath.Join(dir, f.String()+".tif")
		require.NoError(t, geotifftest.WriteFile(plain, testW, testH, want, geotifftest.Options{Format: f, Georef: testGeoref}))
		// tiffcp -c codec[:predictor] (tiffcp(1)); -t -w -l tiles; -r rows per strip; -B/-L byte order.
		args := [][]string{
			{"-c", "lzw:2", "-r", "5", "-B"}, {"-c", "zip:2", "-t", "-w", "16", "-l", "16"},
			{"-c", "lzw", "-r", "1", "-L"}, {"-c", "zip", "-r", "7", "-B"}, {"-c", "none", "-B", "-t", "-w", "16", "-l", "32"},
		}
		if f.IsFloat() {
			// Not with -B: libtiff 4.5.0 byte-swaps floats before its predictor 3
			// encoder when writing the non-native byte order, and its own decoder
			// then reads them back swapped (checked with tiffcp -c none).
			args = append(args, []string{"-c", "zip:3", "-r", "4", "-L"}, []string{"-c", "lzw:3", "-t", "-w", "32", "-l", "16"})
		}
		for _, a := range args {
			name := f.String() + " " + strings.Join(a, " ")
			out := filepath.Join(dir, "out.tif")
			cmd := exec.Command(tiffcp, append(append([]string{}, a...), plain, out)...)
			msg, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s: %s", name, msg)
			b, err := os.ReadFile(out)
			require.NoError(t, err)
			im, err := geotiff.OpenUngeoreferenced(bytes.NewReader(b), int64(len(b)))
			require.NoError(t, err, name)
			got := make([]float64, testW*testH)
			require.NoError(t, im.ReadWindow(0, 0, testW, testH, got), name)
			requireSame(t, want, got, name)
		}
	}
}

// TestLibtiffDecodesFixtures has tiffcp decompress geotifftest's LZW and
// Deflate files with predictors 2 and 3 and compares the pixels.
func TestLibtiffDecodesFixtures(t *testing.T) {
	tiffcp, err := exec.LookPath("tiffcp")
	if err != nil {
		t.Skip("tiffcp (libtiff-tools) not installed")
	}
	dir := t.TempDir()
	want := testImage(geotifftest.Float64)
	for _, v := range variants() {
		if v.opts.Format != geotifftest.Float64 || v.opts.Compression == geotifftest.None {
			continue
		}
		in, out := filepath.Join(dir, "in.tif"), filepath.Join(dir, "out.tif")
		require.NoError(t, geotifftest.WriteFile(in, testW, testH, want, v.opts))
		msg, err := exec.Command(tiffcp, "-c", "none", in, out).CombinedOutput()
		require.NoError(t, err, "%s: %s", v.name, msg)
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		im, err := geotiff.OpenUngeoreferenced(bytes.NewReader(b), int64(len(b)))
		require.NoError(t, err, v.name)
		require.Equal(t, 1, im.Compression())
		got := make([]float64, testW*testH)
		require.NoError(t, im.ReadWindow(0, 0, testW, testH, got), v.name)
		requireSame(t, want, got, v.name)
	}
}
