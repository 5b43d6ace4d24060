package rng

// gammaTableData is the part of a [GammaTable] its first trials read, in
// SIMD lanes (gamma_table_amd64.s reads it at fixed offsets: keep 0, alias
// 4096, r 8192, z 12288, wr 16384, w 20480, zr 20488, c 20496;
// TestGammaTableDataLayout checks them). Per piece (the strips, then the
// left and right tails): the alias table's keep probability and alias
// ([Alias]), r = s/h (0 for a tail: its trials always take the slow path),
// z the strip's left end and wr = w/r (0 where r = 0). w is the strips'
// width, zr the right end of their range and c = a·e^zr.
type gammaTableData struct {
	keep     [gammaTablePieces]float64
	alias    [gammaTablePieces]int64
	r, z, wr [gammaTablePieces]float64
	w, zr, c float64
}

// piece returns the piece U1 = u picks: column i = ⌊512·u⌋ (exact: 512 is
// a power of two), kept when the fraction 512·u − i is below its keep
// probability, else its alias ([Alias]'s draw from one uniform). The
// choice is a mask, not a branch: it goes either way at random.
func (d *gammaTableData) piece(u float64) int {
	x := float64(u * gammaTablePieces)
	i := int64(x) & (gammaTablePieces - 1)
	alias := d.alias[i]
	keep := -b2i(x-float64(i) < d.keep[i]) // all ones to keep column i
	return int(alias ^ (i^alias)&keep)
}

// gammaTableLanesGeneric is the pure-Go kernel of a run's first trials
// (see [GammaTable]): lane j, with U1 = u1[j] and U2 = u2[j], picks its
// piece p and sets out[j] = c·expLane(Z − zr) with Z = z_p +
// min(U2·wr_p, w), and bit j mod 8 of slow[j/8] when U2 ≥ r_p (the
// squeeze missed: out[j] is then to be replaced). Every product and sum is
// rounded on its own, as in the SIMD kernel, which equals it bit for bit.
// Z − zr lies in expLane's range [−700, 1]: zr − z_L < 700 for every shape
// of the table.
func gammaTableLanesGeneric(d *gammaTableData, u1, u2, out []float64, slow []uint8) {
	for j, v := range u2[:len(out)] {
		p := d.piece(u1[j])
		z := d.z[p] + min(float64(v*d.wr[p]), d.w)
		out[j] = d.c * expLane(z-d.zr)
		if j%8 == 0 {
			slow[j/8] = 0
		}
		slow[j/8] |= uint8(b2i(v >= d.r[p])) << (j % 8)
	}
}
