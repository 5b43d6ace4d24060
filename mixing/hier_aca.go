package mixing

import "math"

// The far-field kernel matrices between the Chebyshev nodes of two
// well-separated boxes are numerically of low rank (about 16 at a relative
// accuracy of 1e−8 for p² = 64…144 nodes, measured on clustered points), so
// they are stored as K ≈ Σ_r u_r·v_rᵀ, built by adaptive cross
// approximation with full pivoting (M. Bebendorf, "Approximation of boundary
// element matrices", Numer. Math. 86, 2000; full pivoting on the residual
// of the small dense block): each step subtracts the cross through the
// largest remaining entry, until every entry of the residual is at most
// eps times that entry's own kernel value. The stopping rule is entrywise
// relative, not relative to the block's largest entry: the error of z_j
// for a single far source is the block's error at one entry, and the
// kernel varies about tenfold across a well-separated pair (d^(−1.5) at
// the opening ratio 0.65), so a block-relative 1e−7 left 2e−7 of a 1e−6
// budget on the smallest entries (hier_entry.go).

// lowRank is a p²×p² matrix Σ_r u_r·v_rᵀ; u and v hold the rank vectors
// one after the other (len = rank·np each), or u32 and v32 the same in
// float32 (tolerance ≥ float32FarTolerance).
type lowRank struct {
	u, v     []float64
	u32, v32 []float32
}

// rank returns the number of rank vectors for np nodes.
func (lr lowRank) rank(np int) int { return (len(lr.u) + len(lr.u32)) / np }

// acaScratch is a worker's reusable memory for the far blocks: the dense
// block and the rank vectors before they are copied out at their size.
type acaScratch struct {
	k, inv, u, v []float64
}

// block returns the scratch dense block of np×np entries.
func (s *acaScratch) block(np int) []float64 {
	if cap(s.k) < np*np {
		s.k = make([]float64, np*np)
	}
	return s.k[:np*np]
}

// compressACA returns the cross approximation of the np×np row-major
// matrix k (overwritten with the residual) to the entrywise relative
// accuracy eps (|residual_mn| ≤ eps·|k_mn| for every entry),
// its vectors rounded to float32 if f32; sc holds the growing rank
// vectors.
func compressACA(k []float64, np int, eps float64, f32 bool, sc *acaScratch) lowRank {
	// The largest residual entry (first in index order), which is the next
	// pivot, and the largest ratio of a residual entry to its kernel value,
	// which decides when to stop, are found while the residual is updated:
	// one pass over the block per step. inv holds 1/|K_mn| (the kernel is
	// positive between distinct nodes; a zero entry, an underflowed
	// kernel, must be matched exactly).
	if cap(sc.inv) < len(k) {
		sc.inv = make([]float64, len(k))
	}
	inv := sc.inv[:len(k)]
	bi, bv, rel := 0, 0.0, 0.0
	for i, x := range k {
		a := math.Abs(x)
		inv[i] = math.Inf(1)
		if a > 0 {
			inv[i] = 1 / a
			rel = 1
		}
		if a > bv {
			bi, bv = i, a
		}
	}
	lr := lowRank{u: sc.u[:0], v: sc.v[:0]}
	defer func() { sc.u, sc.v = lr.u[:0], lr.v[:0] }()
	for range np {
		if rel <= eps {
			break
		}
		pi, pj := bi/np, bi%np
		piv := k[bi]
		base := len(lr.u)
		for i := range np {
			lr.u = append(lr.u, k[i*np+pj])
			lr.v = append(lr.v, k[pi*np+i]/piv)
		}
		u, v := lr.u[base:], lr.v[base:]
		bi, bv, rel = 0, 0.0, 0.0
		for i := range np {
			row, irow := k[i*np:(i+1)*np], inv[i*np:(i+1)*np]
			ui := u[i]
			for j := range row {
				x := row[j] - ui*v[j]
				row[j] = x
				a := math.Abs(x)
				if a > bv {
					bi, bv = i*np+j, a
				}
				if a > 0 {
					rel = max(rel, a*irow[j])
				}
			}
		}
	}
	if f32 {
		return lowRank{u32: toFloat32(lr.u), v32: toFloat32(lr.v)}
	}
	return lowRank{u: append([]float64(nil), lr.u...), v: append([]float64(nil), lr.v...)}
}

// toFloat32 returns x rounded to float32.
func toFloat32(x []float64) []float32 {
	out := make([]float32, len(x))
	for i, v := range x {
		out[i] = float32(v)
	}
	return out
}
