package mixing

// The float32 tile kernel is the tile kernel of tile.go on a tile stored as
// float32 (the opt-in float32 storage of D, SPEC §7.5): each stored value is
// widened to float64 exactly and the arithmetic, lanes and summation order
// are those of tileKernel, so every implementation gives the same bits.

// tileFunc32 is tileFunc for a float32 tile.
type tileFunc32 func(d []float32, stride int, yRow, yCol, z, dots []float64, cols8 int)

// tileMain32 is the float32 implementation used by tileKernel32: assembly
// when the CPU supports it (tile_amd64.go), tileMainGeneric32 otherwise.
var tileMain32 tileFunc32 = tileMainGeneric32

// tileKernel32 is tileKernel on a float32 tile.
func tileKernel32(d []float32, stride int, yRow, yCol, z, dots []float64) {
	rows, cols := len(yRow), len(yCol)
	if rows == 0 {
		return
	}
	_ = d[(rows-1)*stride+cols-1] // bounds for the assembly
	_, _ = z[cols-1], dots[rows-1]
	cols8 := cols &^ (tileLanes - 1)
	if cols8 > 0 {
		tileMain32(d, stride, yRow, yCol, z, dots, cols8)
	} else {
		clear(dots[:rows])
	}
	if cols8 == cols {
		return
	}
	for r, yr := range yRow {
		row := d[r*stride : r*stride+cols]
		s := dots[r]
		for j := cols8; j < cols; j++ {
			v := float64(row[j])
			s += float64(v * yCol[j])
			z[j] += float64(yr * v)
		}
		dots[r] = s
	}
}

// tileMainGeneric32 is the pure-Go float32 tile kernel on the first cols8
// columns, the reference for the assembly versions.
func tileMainGeneric32(d []float32, stride int, yRow, yCol, z, dots []float64, cols8 int) {
	yc := yCol[:cols8]
	zc := z[:cols8]
	for r, yr := range yRow {
		row := d[r*stride : r*stride+cols8]
		var l [tileLanes]float64
		for j := 0; j < cols8; j += tileLanes {
			rv := row[j : j+tileLanes : j+tileLanes]
			yv := yc[j : j+tileLanes : j+tileLanes]
			zv := zc[j : j+tileLanes : j+tileLanes]
			for k := range tileLanes {
				v := float64(rv[k])
				l[k] += float64(v * yv[k])
				zv[k] += float64(yr * v)
			}
		}
		dots[r] = ((l[0] + l[4]) + (l[2] + l[6])) + ((l[1] + l[5]) + (l[3] + l[7]))
	}
}

// namedTile32 is a float32 tile kernel implementation and its name.
type namedTile32 struct {
	name string
	fn   tileFunc32
}
