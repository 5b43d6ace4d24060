package systems

import (
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/phases"
)

var _ phases.SetupSizer = (*Infection)(nil)

// hierarchicalBytesPerPatch is the memory estimate of storage
// "hierarchical" per patch: measured 5.2 KB at N = 10⁵ and 7.7 KB at 10⁶
// (tolerance 1e−6, clustered patches; docs/scale.md), rounded up with room
// for the build's peak (8.5 GB at 10⁶). A
// tighter tolerance raises the interpolation order and so the far-field
// blocks; the estimate does not follow it.
const hierarchicalBytesPerPatch = 10_000

// SetupStorage describes the mixing the instance builds when it is
// initialised ([phases.SetupSizer]), as newKernel chooses it: the dense
// matrix (N × N float64) for a mixer without a factored form, the
// reference kernel or storage "dense"; the factored D stored once (N²/2
// float64 or, with "float32", float32: 4 or 2 bytes per N² entry); nothing
// that grows faster than N for the streaming operator and for a truncated
// mixer, whose sparse rows are sized by its options (SPEC §7.6); about
// 10 KB per patch for the hierarchical operator (hierarchicalBytesPerPatch).
func (c *Infection) SetupStorage(m phases.Model) phases.Storage {
	n := m.Scenario().Len()
	square := func(elemBytes int) phases.Storage {
		return phases.Storage{Dims: []phases.Dim{{N: n, Unit: "patches"}, {N: n, Unit: "patches"}}, ElemBytes: elemBytes}
	}
	if c.p.Storage == StorageHierarchical {
		return phases.Storage{Dims: []phases.Dim{{N: n, Unit: "patches"}}, ElemBytes: hierarchicalBytesPerPatch}
	}
	if _, truncated := c.p.Mixer.(mixing.TruncatedMixer); truncated || onOperator(c.p.Storage) {
		return phases.Storage{}
	}
	_, factored := mixing.AsFactored(c.p.Mixer)
	switch {
	case !factored || !m.Params().Parallel || c.p.Storage == StorageDense:
		return square(8)
	case c.p.Storage == StorageFloat32:
		return square(2) // N²/2 float32
	default:
		return square(4) // N²/2 float64
	}
}

// LambdaError returns the measured relative error of the force's operator
// when it is an approximation (storage "hierarchical": the measured worst
// case, [mixing.Hierarchical.Measure]; λ_j = M[j,j]·x_j +
// g_j·(D·y)_j, so λ's relative error is at most D·y's), and ok = false for
// the exact storages or before Initialize.
func (c *Infection) LambdaError() (r mixing.ErrorReport, ok bool) {
	if c.lambdaErr == nil {
		return mixing.ErrorReport{}, false
	}
	return *c.lambdaErr, true
}

// MigrationRowsCapped returns the share of migration rows the mixer's
// row_sums = "cap" scaled down to 1 (summary.json's
// migration_rows_capped), and ok = false when the mixer refuses such rows
// (the default) or before Initialize.
func (c *Infection) MigrationRowsCapped() (share float64, ok bool) {
	var m mixing.RowsCapper
	switch {
	case !mixing.CapsRows(c.p.Mixer):
		return 0, false
	case c.fac != nil:
		m = c.fac
	case c.opm != nil:
		m = c.opm
	default:
		return 0, false
	}
	capped, rows := m.RowsCapped()
	return float64(capped) / float64(max(rows, 1)), true
}
