package mixing

// The batched tile kernel is the tile kernel of tile.go for G source
// vectors at once (an ensemble's replicates), stored replicate-minor:
// value i of vector g at v[i·G + g], G a multiple of batchLanes (padding
// vectors are zero). One pass over a tile of D serves every vector: each
// stored value is read once and used for all G, in a contiguous inner loop
// over the vectors.
//
// Per vector it keeps the summation order of the tile kernel exactly, so
// vector g's partials are bit for bit those of tileKernel on vector g:
//
//   - z[j·G+g] += yRow[r·G+g]·row_r[j] for r = 0, 1, …, rows−1 in turn,
//     each product rounded before the addition;
//   - dots[r·G+g] is the 8-lane dot product of row r with vector g: lane
//     l sums the products of columns j ≡ l (mod 8) in increasing j from +0,
//     and the lanes are reduced by the tree ((l0+l4)+(l2+l6)) +
//     ((l1+l5)+(l3+l7)).
//
// Only whole rows of padded width are processed (cols is a multiple of 8,
// as in the factored force, whose tiles are padded with zeros), so the tile
// kernel's tail columns never occur.

// batchLanes is the multiple the number of vectors of a batch is padded to:
// one AVX-512 register of float64s (two AVX2 registers).
const batchLanes = 8

// batchTileFuncOf processes a tile of rows rows and cols columns (a
// multiple of tileLanes) with row stride stride starting at d, for G
// vectors (a multiple of batchLanes): z (cols·G values) receives the
// column sums and dots (rows·G values) the row dot products, as described
// above. z must hold its previous partial sums (zero for a fresh tile).
type batchTileFuncOf[E element] func(d []E, stride, rows, cols, G int, yRow, yCol, z, dots []float64)

// batchTiles reports whether BatchForce batches the tile pass: when the
// batched tile kernels are assembly (set in batch_tile_amd64.go; tests
// turn it on and off to compare both ways).
var batchTiles = false

// batchTileMain and batchTileMain32 are the batched tile kernels in use:
// assembly when the CPU supports it (batch_tile_amd64.go), the pure-Go
// reference otherwise.
var (
	batchTileMain   batchTileFuncOf[float64] = batchTileGeneric[float64]
	batchTileMain32 batchTileFuncOf[float32] = batchTileGeneric[float32]
)

// batchTileGeneric is the pure-Go batched tile kernel, the reference of
// the assembly versions. Explicit float64 conversions forbid fused
// multiply-add.
func batchTileGeneric[E element](d []E, stride, rows, cols, G int, yRow, yCol, z, dots []float64) {
	var lanes [tileLanes * maxBatchChunk]float64
	for c := 0; c < G; c += maxBatchChunk {
		w := min(maxBatchChunk, G-c)
		for r := range rows {
			l := lanes[:tileLanes*w]
			clear(l)
			yr := yRow[r*G+c : r*G+c+w]
			row := d[r*stride : r*stride+cols]
			for j, e := range row {
				v := float64(e)
				lj := l[(j&(tileLanes-1))*w : (j&(tileLanes-1))*w+w]
				yc := yCol[j*G+c : j*G+c+w]
				zj := z[j*G+c : j*G+c+w]
				for g := range w {
					lj[g] += float64(v * yc[g])
					zj[g] += float64(yr[g] * v)
				}
			}
			out := dots[r*G+c : r*G+c+w]
			for g := range out {
				out[g] = ((l[0*w+g] + l[4*w+g]) + (l[2*w+g] + l[6*w+g])) +
					((l[1*w+g] + l[5*w+g]) + (l[3*w+g] + l[7*w+g]))
			}
		}
	}
}

// maxBatchChunk is the number of vectors the generic kernel keeps lanes for
// at once (its lane scratch is tileLanes·maxBatchChunk values on the stack).
const maxBatchChunk = 32

// namedBatchTile is a batched tile kernel implementation and its name (for
// tests and benchmarks).
type namedBatchTile struct {
	name string
	fn   batchTileFuncOf[float64]
}

// namedBatchTile32 is a float32 batched tile kernel and its name.
type namedBatchTile32 struct {
	name string
	fn   batchTileFuncOf[float32]
}
