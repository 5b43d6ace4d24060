package mixing

// The tile kernel is the inner loop of the factored force (SPEC §7.5): one
// pass over a block of the symmetric matrix D computes both what the block's
// rows send to its columns and what its columns send to its rows. It has an
// assembly implementation per CPU feature (tile_amd64.s, chosen at run time)
// and the pure-Go reference tileGeneric; all give the same bits.
//
// Summation order (the contract every implementation keeps):
//
//   - z[j] += yRow[r]·row_r[j] for r = 0, 1, …, rows−1 in turn, each product
//     rounded before the addition (no fused multiply-add);
//   - dots[r] = Σ_j row_r[j]·yCol[j] over 8 lanes: lane l sums the products
//     of columns j ≡ l (mod 8) below cols8 = cols − cols mod 8 in increasing
//     j, starting from +0; the lanes are reduced by the fixed tree
//     ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7)) and the tail columns
//     cols8…cols−1 are then added one by one in increasing j.
//
// The 8-lane layout is one AVX-512 register or two AVX2 registers; the tree
// is the natural halving reduction of either (high half onto low half).

// tileLanes is the number of dot-product lanes (see the summation order
// above). Tile rows are stored padded to a multiple of it.
const tileLanes = 8

// element is the stored type of D: float64, or float32 for the opt-in
// float32 storage (SPEC §7.5). A float32 value is widened to float64
// exactly and all arithmetic is float64, so both follow the same order.
type element interface{ float32 | float64 }

// tileFuncOf processes the first cols8 columns (a multiple of tileLanes) of
// a tile of rows rows with row stride stride (in elements) starting at d:
// it adds yRow[r]·d[r][j] to z[j] and writes the 8-lane dot product of row
// r with yCol to dots[r] (without tail columns).
type tileFuncOf[E element] func(d []E, stride int, yRow, yCol, z, dots []float64, cols8 int)

// tileFunc and tileFunc32 are the float64 and float32 tile functions.
type (
	tileFunc   = tileFuncOf[float64]
	tileFunc32 = tileFuncOf[float32]
)

// tileMain and tileMain32 are the implementations of the first cols8
// columns used by tileKernel and tileKernel32: assembly when the CPU
// supports it (see tile_amd64.go), the pure-Go tileMainGeneric otherwise.
var (
	tileMain   tileFunc   = tileMainGeneric[float64]
	tileMain32 tileFunc32 = tileMainGeneric[float32]
)

// tileKernel runs the tile kernel on the rows×cols tile d (row r at
// d[r*stride:], rows = len(yRow), cols = len(yCol)): z[j] += Σ_r yRow[r]·
// d[r][j] and dots[r] = Σ_j d[r][j]·yCol[j], in the order of the package
// comment above. len(z) ≥ cols, len(dots) ≥ rows.
func tileKernel(d []float64, stride int, yRow, yCol, z, dots []float64) {
	tileKernelOf(tileMain, d, stride, yRow, yCol, z, dots)
}

// tileKernel32 is tileKernel on a float32 tile.
func tileKernel32(d []float32, stride int, yRow, yCol, z, dots []float64) {
	tileKernelOf(tileMain32, d, stride, yRow, yCol, z, dots)
}

// tileKernelOf is tileKernel with main for the first cols8 columns.
func tileKernelOf[E element](main tileFuncOf[E], d []E, stride int, yRow, yCol, z, dots []float64) {
	rows, cols := len(yRow), len(yCol)
	if rows == 0 {
		return
	}
	_ = d[(rows-1)*stride+cols-1] // bounds for the assembly
	_, _ = z[cols-1], dots[rows-1]
	cols8 := cols &^ (tileLanes - 1)
	if cols8 > 0 {
		main(d, stride, yRow, yCol, z, dots, cols8)
	} else {
		clear(dots[:rows])
	}
	tileTail(d, stride, yRow, yCol, z, dots, cols8)
}

// tileTail adds the tail columns cols8…cols−1 of every row, one by one in
// increasing j.
func tileTail[E element](d []E, stride int, yRow, yCol, z, dots []float64, cols8 int) {
	cols := len(yCol)
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

// tileMainGeneric is the pure-Go tile kernel on the first cols8 columns, the
// reference for the assembly versions. Explicit float64 conversions forbid
// fused multiply-add.
func tileMainGeneric[E element](d []E, stride int, yRow, yCol, z, dots []float64, cols8 int) {
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

// namedTile is a tile kernel implementation and its name (for tests and
// benchmarks).
type namedTile struct {
	name string
	fn   tileFunc
}
