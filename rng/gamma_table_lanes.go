package rng

// gammaTableData is the part of a [GammaTable] its first trials read, in
// SIMD lanes (gamma_table_amd64.s reads it at fixed offsets: pick 0, z
// 4096, wr 8192, w 12288, zr 12296, c 12304; TestGammaTableDataLayout
// checks them). Per piece (the strips, then the left and right tails): the
// alias table ([Alias]) packed in one word, alias<<45 | T with T =
// ⌈keep·2⁴⁴⌉ the keep probability as a threshold on the 44 bits of U1's
// fraction (see [gammaTableData.piece]); z the strip's left end; and wr =
// w/r with r = s/h (+Inf for a tail: its trials always take the slow
// path). w is the strips' width, zr the right end of their range and c =
// a·e^zr.
type gammaTableData struct {
	pick     [gammaTablePieces]uint64
	z, wr    [gammaTablePieces]float64
	w, zr, c float64
}

const (
	// gammaPickBits is the number of bits of U1's fraction that decide
	// between a column and its alias: U1 has 53 bits, the column takes 9.
	gammaPickBits = 44
	// gammaPickMask keeps a packed pick word's threshold T ≤ 2⁴⁴.
	gammaPickMask = 1<<(gammaPickBits+1) - 1
)

// piece returns the piece U1 = u picks, the choice of [Alias] from one
// uniform: with m = u·2⁵³ (an integer: uniforms are multiples of 2⁻⁵³),
// column i = m >> 44 (⌊512·u⌋) is kept when the fraction m mod 2⁴⁴ is below
// its threshold T, else its alias. Alias's test x − i < keep, with x − i =
// (m mod 2⁴⁴)·2⁻⁴⁴ exactly, is the same as m mod 2⁴⁴ < ⌈keep·2⁴⁴⌉. The
// choice is a mask, not a branch: it goes either way at random.
func (d *gammaTableData) piece(u float64) int {
	m := uint64(u * 0x1p53)
	i := m >> gammaPickBits & (gammaTablePieces - 1)
	e := d.pick[i]
	alias := e >> (gammaPickBits + 1)
	keep := -uint64(b2i(m&(1<<gammaPickBits-1) < e&gammaPickMask)) // all ones to keep column i
	return int(alias ^ (i^alias)&keep)
}

// gammaTableLanesGeneric is the pure-Go kernel of a run's first trials
// (see [GammaTable]): lane j, with U1 = u1[j] and U2 = u2[j], picks its
// piece p, and t = U2·wr_p; when t < w the squeeze accepts Z = z_p + t and
// out[j] = c·expLane(Z − zr), else bit j mod 8 of slow[j/8] is set (the
// squeeze missed: out[j] = c is to be replaced). t < w is U2 < r_p up to
// the rounding of U2·wr_p, and never holds in a tail (U2·∞ is ∞, or NaN
// for U2 = 0). Every product and sum is rounded on its own, as in the SIMD
// kernel, which equals it bit for bit. Z − zr lies in expLane's range
// [−700, 1]: zr − z_L < 700 for every shape of the table.
func gammaTableLanesGeneric(d *gammaTableData, u1, u2, out []float64, slow []uint8) {
	for j, v := range u2[:len(out)] {
		p := d.piece(u1[j])
		t := float64(v * d.wr[p])
		fast := t < d.w
		z := d.zr
		if fast {
			z = d.z[p] + t
		}
		out[j] = d.c * expLane(z-d.zr)
		if j%8 == 0 {
			slow[j/8] = 0
		}
		slow[j/8] |= uint8(b2i(!fast)) << (j % 8)
	}
}
