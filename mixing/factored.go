package mixing

import (
	"fmt"

	"github.com/rubeola/rubeola/internal/hugepage"
)

// Factored is a mixing matrix in the factored symmetric form of SPEC §7.5,
// for separable kernels (gravity):
//
//	M[i,j] = f_i · g_j · D_ij   (i ≠ j),   M[j,j] = diag_j,
//
// with D symmetric and zero on the diagonal. D is stored once, as the
// upper-triangle tiles of a blocking of the patches into blocks of
// [FactoredTileSize] (each tile contiguous, rows padded to a multiple of 8
// with zeros), so it takes about half the bytes of the dense matrix
// (4·N² + O(N·FactoredTileSize) bytes). The force Σ_i x_i·M[i,j] is
// evaluated by [FactoredForce]: in one pass over the stored tiles, or, with
// few active sources, over their rows of D only (source-major).
//
// A Factored is immutable once built and safe for concurrent readers. It is
// not a [Matrix]: [Factored.At] computes an entry, [Factored.Matrix]
// materialises the dense matrix (8·N² bytes) for code that needs one.
type Factored struct {
	n      int
	nb     int       // number of patch blocks
	f      []float64 // source factors f_i
	g      []float64 // destination factors g_j
	diag   []float64 // M[j,j]
	tiles  []tileRef // (I, J) with I ≤ J, in row-major order of (I, J)
	data   []float64 // every tile, contiguous (nil with float32 storage)
	data32 []float32 // the same, float32 storage (else nil)
	capped int       // migration rows scaled down to 1 ([RowSumsCap])
}

// RowsCapped returns the number of migration rows scaled down to 1
// ([RowSumsCap]) and the number of rows.
func (m *Factored) RowsCapped() (capped, rows int) { return m.capped, m.n }

// FactoredTileSize is the block size of [Factored] storage: tiles are at
// most FactoredTileSize×FactoredTileSize (256×256 float64s = 512 KB; a tile
// row is a 2 KB contiguous run and a tile's column partial stays in L1).
const FactoredTileSize = 256

// tileRef locates tile (bi, bj) of D: rows of block bi, columns of block bj,
// row r at data[off+r*stride:], stride = the padded width of block bj.
type tileRef struct {
	bi, bj int
	off    int
}

// N returns the number of patches.
func (m *Factored) N() int { return m.n }

// blockRange returns the patches [lo, hi) of block b.
func (m *Factored) blockRange(b int) (lo, hi int) {
	return b * FactoredTileSize, min((b+1)*FactoredTileSize, m.n)
}

// stride returns the padded width of block b (a multiple of tileLanes).
func (m *Factored) stride(b int) int {
	lo, hi := m.blockRange(b)
	return (hi - lo + tileLanes - 1) &^ (tileLanes - 1)
}

// tileIndex returns the index in m.tiles of tile (bi, bj), bi ≤ bj.
func (m *Factored) tileIndex(bi, bj int) int {
	// Rows 0…bi−1 hold nb, nb−1, …, nb−bi+1 tiles.
	return bi*m.nb - bi*(bi-1)/2 + (bj - bi)
}

// D returns D_ij (0 on the diagonal).
func (m *Factored) D(i, j int) float64 {
	m.checkIndex(i, "row")
	m.checkIndex(j, "column")
	if i > j {
		i, j = j, i
	}
	bi, bj := i/FactoredTileSize, j/FactoredTileSize
	t := m.tiles[m.tileIndex(bi, bj)]
	return m.stored(t.off + (i-bi*FactoredTileSize)*m.stride(bj) + (j - bj*FactoredTileSize))
}

// stored returns stored value k of D as a float64.
func (m *Factored) stored(k int) float64 {
	if m.data32 != nil {
		return float64(m.data32[k])
	}
	return m.data[k]
}

// Float32 reports whether D is stored as float32 ([FactoredOptions]).
func (m *Factored) Float32() bool { return m.data32 != nil }

// At returns M[i,j]: diag_i when i = j, else (f_i·g_j)·D_ij, the value the
// factored force uses. It panics if i or j is outside [0, N).
func (m *Factored) At(i, j int) float64 {
	if i == j {
		m.checkIndex(i, "row")
		return m.diag[i]
	}
	return float64(m.f[i]*m.g[j]) * m.D(i, j)
}

// Factors returns copies of f, g and the diagonal of M.
func (m *Factored) Factors() (f, g, diag []float64) {
	return append([]float64(nil), m.f...), append([]float64(nil), m.g...), append([]float64(nil), m.diag...)
}

// StoredBytes returns the bytes of D's storage (the bytes one force
// evaluation streams when every source is active).
func (m *Factored) StoredBytes() int { return 8*len(m.data) + 4*len(m.data32) }

// Matrix materialises M as a dense [Matrix] with the entries of
// [Factored.At]. It costs 8·N² bytes and O(N²) time; the factored force
// never needs it.
func (m *Factored) Matrix() *Matrix {
	n := m.n
	data := hugepage.Make[float64](n * n)
	for _, t := range m.tiles {
		ilo, ihi := m.blockRange(t.bi)
		jlo, jhi := m.blockRange(t.bj)
		s := m.stride(t.bj)
		for i := ilo; i < ihi; i++ {
			row := t.off + (i-ilo)*s
			for j := jlo; j < jhi; j++ {
				if i == j {
					continue
				}
				d := m.stored(row + j - jlo)
				data[i*n+j] = float64(m.f[i]*m.g[j]) * d
				data[j*n+i] = float64(m.f[j]*m.g[i]) * d
			}
		}
	}
	for j, v := range m.diag {
		data[j*n+j] = v
	}
	return &Matrix{n: n, dense: data}
}

// checkIndex panics with a clear message when k is not a valid index.
func (m *Factored) checkIndex(k int, what string) {
	if k < 0 || k >= m.n {
		panic(fmt.Sprintf("mixing: %s index %d out of range [0, %d)", what, k, m.n))
	}
}
