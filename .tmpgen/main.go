package main

import (
	"math"
	"os"
	"strconv"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

func main() {
	n, _ := strconv.Atoi(os.Args[2])
	pop := make([]float64, n*n)
	for r := range n {
		for c := range n {
			x, y := float64(c)/float64(n), float64(r)/float64(n)
			v := 200*math.Exp(-((x-0.3)*(x-0.3)+(y-0.6)*(y-0.6))*20) + 50*math.Sin(x*40)*math.Cos(y*37)
			if v < 0 {
				v = 0
			}
			pop[r*n+c] = math.Round(v*10) / 10
		}
	}
	g := geotiff.Georef{X0: -5, Y0: 30, DX: 1.0 / 120, DY: 1.0 / 120}
	if err := geotifftest.WriteFile(os.Args[1]+"/pop.tif", n, n, pop, geotifftest.Options{Tiled: true, TileWidth: 256, TileHeight: 256, Compression: geotifftest.Deflate, Georef: g}); err != nil {
		panic(err)
	}
	m := n / 2
	mcv := make([]float64, m*m)
	for i := range mcv {
		mcv[i] = 40 + 50*float64(i%m)/float64(m)
	}
	g.DX, g.DY = 1.0/60, 1.0/60
	if err := geotifftest.WriteFile(os.Args[1]+"/mcv1.tif", m, m, mcv, geotifftest.Options{RowsPerStrip: 16, Compression: geotifftest.LZW, Georef: g}); err != nil {
		panic(err)
	}
}
