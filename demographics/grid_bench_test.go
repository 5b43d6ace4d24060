package demographics

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// BenchmarkGridScenario1km: a 2 000 × 2 000 population raster of 30″
// pixels in 256 × 256 Deflate tiles, a smooth blob and waves clipped at 0
// (about two thirds of the pixels inhabited), with a 1 000 × 1 000 percent
// MCV1 raster, on a 1 km grid with --min-pop 100.
func BenchmarkGridScenario1km(b *testing.B) {
	const n = 2000
	dir := b.TempDir()
	pop := make([]float64, n*n)
	for r := range n {
		for c := range n {
			x, y := float64(c)/n, float64(r)/n
			v := 200*math.Exp(-20*((x-0.3)*(x-0.3)+(y-0.6)*(y-0.6))) + 50*math.Sin(40*x)*math.Cos(37*y)
			pop[r*n+c] = math.Round(max(v, 0)*10) / 10
		}
	}
	g := geotiff.Georef{X0: -5, Y0: 30, DX: 1.0 / 120, DY: 1.0 / 120}
	popPath, mcvPath := filepath.Join(dir, "pop.tif"), filepath.Join(dir, "mcv1.tif")
	require.NoError(b, geotifftest.WriteFile(popPath, n, n, pop, geotifftest.Options{
		Tiled: true, TileWidth: 256, TileHeight: 256, Compression: geotifftest.Deflate, Georef: g}))
	mcv := make([]float64, n*n/4)
	for i := range mcv {
		mcv[i] = 40 + 50*float64(i%(n/2))/(n/2)
	}
	g.DX, g.DY = 1.0/60, 1.0/60
	require.NoError(b, geotifftest.WriteFile(mcvPath, n/2, n/2, mcv, geotifftest.Options{
		RowsPerStrip: 16, Compression: geotifftest.LZW, Georef: g}))
	o := DefaultGridOptions()
	o.MinPop, o.MCV1Raster = 100, mcvPath
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := GridScenario(context.Background(), popPath, o); err != nil {
			b.Fatal(err)
		}
	}
}
