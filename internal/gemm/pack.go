package gemm

// tileRows and tileCols are the shape of the register tile of Y the kernel
// computes: 12 rows × 16 columns is 24 AVX-512 accumulators (two 8-lane
// vectors per row), leaving 8 of the 32 vector registers for the two
// vectors of X and the broadcasts of V.
const (
	tileRows = 12
	tileCols = PanelCols
)

// PanelCols is the width of the column panels [Packed.Mul] works in: V is
// streamed once per panel, and a block of columns that is not a multiple
// of it computes its last panel padded.
const PanelCols = 16

// Packed is an M×K row-major matrix V packed for [Packed.Mul]: row panels
// of tileRows rows (the last padded with zero rows), each stored k-major,
// panel p holding V[p·tileRows+r][k] at data[p·tileRows·K + k·tileRows + r].
type Packed struct {
	rows, cols int
	data       []float64
}

// Pack packs the rows×cols row-major matrix v (len(v) ≥ rows·cols).
func Pack(v []float64, rows, cols int) *Packed {
	panels := (rows + tileRows - 1) / tileRows
	p := &Packed{rows: rows, cols: cols, data: make([]float64, panels*tileRows*cols)}
	for u := range rows {
		base := (u/tileRows)*tileRows*cols + u%tileRows
		for k, x := range v[u*cols : (u+1)*cols] {
			p.data[base+k*tileRows] = x
		}
	}
	return p
}

// Rows and Cols return V's shape M×K.
func (p *Packed) Rows() int { return p.rows }

// Cols returns K, V's number of columns (X's rows).
func (p *Packed) Cols() int { return p.cols }

// panel is one packed column panel of X: its rows k that are not 0 in
// every one of the panel's columns, in increasing k, each stored as
// tileCols values (columns past the block's width are 0), and each row's
// offset k·tileRows into a packed row panel of V.
type panel struct {
	x   []float64
	off []int
}

// pack fills pn with the columns c0 … c0+cw−1 (cw ≤ tileCols) of the K×·
// matrix x of row stride xs.
func (pn *panel) pack(x []float64, xs, k, c0, cw int) {
	pn.x, pn.off = pn.x[:0], pn.off[:0]
	for r := range k {
		row := x[r*xs+c0 : r*xs+c0+cw]
		nz := false
		for _, v := range row {
			if v != 0 {
				nz = true
				break
			}
		}
		if !nz {
			continue
		}
		pn.x = append(pn.x, row...)
		for range tileCols - cw {
			pn.x = append(pn.x, 0)
		}
		pn.off = append(pn.off, r*tileRows)
	}
}
