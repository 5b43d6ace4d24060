package mixing

import (
	"encoding/json"
	"fmt"

	"github.com/rubeola/rubeola/internal/hugepage"
	"github.com/rubeola/rubeola/scenario"
)

// Migrator is a [Mixer] that also exposes its migration matrix: the matrix
// before the diagonal step of SPEC §7.3 (diagonal 0). The kernel mixers
// ([Gravity], …) and [FromMigrationMatrix] implement it; [FromMixingMatrix]
// does not.
type Migrator interface {
	Mixer
	Migration(scn *scenario.Table) (*Matrix, error)
}

// FromMigrationMatrix returns a mixer with a user-given migration matrix
// (SPEC §7.4; JSON type "migration_matrix"): m[i][j] is the share of patch
// i's people travelling to j. m is copied, so later changes to it do not
// affect the mixer.
//
// The matrix is validated against the scenario when the mixer is used
// (Mixing or Migration): it must be square N×N with N the scenario's number
// of patches, with finite entries ≥ 0, a diagonal of exactly 0 and row sums
// ≤ 1. Mixing returns M = m with M[i,i] = 1 − Σ_{j≠i} m[i][j]. The returned
// Mixer also implements [Migrator].
func FromMigrationMatrix(m [][]float64) Mixer {
	return migrationMatrix{m: cloneRows(m)}
}

// FromMixingMatrix returns a mixer with a user-given mixing matrix M (SPEC
// §7.4; JSON type "mixing_matrix"), used as is: row = source, M[i][j] the
// share of i's infectious pressure landing in j. m is copied.
//
// When the mixer is used, M must be square N×N with N the scenario's number
// of patches and have finite entries ≥ 0. Row sums are not checked (routing
// and chain matrices whose rows do not sum to 1 are allowed).
func FromMixingMatrix(m [][]float64) Mixer {
	return mixingMatrix{m: cloneRows(m)}
}

// migrationMatrix is the Mixer of FromMigrationMatrix.
type migrationMatrix struct{ m [][]float64 }

// mixingMatrix is the Mixer of FromMixingMatrix.
type mixingMatrix struct{ m [][]float64 }

// Name returns "migration_matrix".
func (u migrationMatrix) Name() string { return "migration_matrix" }

// Name returns "mixing_matrix".
func (u mixingMatrix) Name() string { return "mixing_matrix" }

// Migration returns the validated migration matrix, dense.
func (u migrationMatrix) Migration(scn *scenario.Table) (*Matrix, error) {
	return u.build(scn, false)
}

// Mixing returns the mixing matrix, dense, with diagonal 1 − Σ_{j≠i} m[i][j].
func (u migrationMatrix) Mixing(scn *scenario.Table) (*Matrix, error) {
	return u.build(scn, true)
}

// build validates u against scn and returns it as a dense matrix, with the
// mixing diagonal if diag.
func (u migrationMatrix) build(scn *scenario.Table, diag bool) (*Matrix, error) {
	n, err := scenarioLen(scn)
	if err != nil {
		return nil, err
	}
	if err := checkMigrationRows(u.m, n, scn.ID); err != nil {
		return nil, err
	}
	data := hugepage.Make[float64](n * n)
	for i, row := range u.m {
		out := data[i*n : (i+1)*n]
		copy(out, row)
		if diag {
			out[i] = 1 - offDiagonalSum(nil, row, i)
		}
	}
	return NewDense(n, data)
}

// Mixing returns the validated mixing matrix, dense.
func (u mixingMatrix) Mixing(scn *scenario.Table) (*Matrix, error) {
	n, err := scenarioLen(scn)
	if err != nil {
		return nil, err
	}
	if err := checkMixingRows(u.m, n); err != nil {
		return nil, err
	}
	data := hugepage.Make[float64](n * n)
	for i, row := range u.m {
		copy(data[i*n:(i+1)*n], row)
	}
	return NewDense(n, data)
}

// checkMigrationRows validates a user migration matrix (SPEC §7.4): n×n,
// finite, ≥ 0, diagonal exactly 0, row sums ≤ 1. ids (may be nil) name the
// patches in messages.
func checkMigrationRows(m [][]float64, n int, ids []string) error {
	const what = "migration matrix"
	if err := checkShape(m, what, n); err != nil {
		return err
	}
	for i, row := range m {
		s := 0.0
		for j, v := range row {
			if err := checkEntry(what, i, j, v); err != nil {
				return err
			}
			if j == i && v != 0 {
				return fmt.Errorf("mixing: %s diagonal entry [%d][%d] (patch %s) = %v must be 0",
					what, i, i, idName(ids, i), v)
			}
			s += v
		}
		if s > 1 {
			return rowSumError(i, s, ids)
		}
	}
	return nil
}

// checkMixingRows validates a user mixing matrix (SPEC §7.4): n×n, finite,
// ≥ 0; row sums are not checked.
func checkMixingRows(m [][]float64, n int) error {
	const what = "mixing matrix"
	if err := checkShape(m, what, n); err != nil {
		return err
	}
	for i, row := range m {
		for j, v := range row {
			if err := checkEntry(what, i, j, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// MarshalJSON encodes the mixer as {"type":"migration_matrix","matrix":[[…]]};
// an empty or invalid matrix is an error.
func (u migrationMatrix) MarshalJSON() ([]byte, error) {
	if len(u.m) == 0 {
		return nil, fmt.Errorf("mixing: cannot encode an empty migration matrix")
	}
	if err := checkMigrationRows(u.m, len(u.m), nil); err != nil {
		return nil, err
	}
	return json.Marshal(userMatrixJSON{Type: u.Name(), Matrix: u.m})
}

// MarshalJSON encodes the mixer as {"type":"mixing_matrix","matrix":[[…]]};
// an empty or invalid matrix is an error.
func (u mixingMatrix) MarshalJSON() ([]byte, error) {
	if len(u.m) == 0 {
		return nil, fmt.Errorf("mixing: cannot encode an empty mixing matrix")
	}
	if err := checkMixingRows(u.m, len(u.m)); err != nil {
		return nil, err
	}
	return json.Marshal(userMatrixJSON{Type: u.Name(), Matrix: u.m})
}

// userMatrixJSON is the JSON form of the user-matrix mixers.
type userMatrixJSON struct {
	Type   string      `json:"type"`
	Matrix [][]float64 `json:"matrix"`
}

// checkShape checks that m is n×n.
func checkShape(m [][]float64, what string, n int) error {
	if len(m) != n {
		return fmt.Errorf("mixing: %s has %d rows but the scenario has %d patches", what, len(m), n)
	}
	for i, row := range m {
		if len(row) != n {
			return fmt.Errorf("mixing: %s row %d has %d entries, want %d (square N×N, N = %d patches)",
				what, i, len(row), n, n)
		}
	}
	return nil
}

// cloneRows deep-copies a matrix given as rows (nil stays nil).
func cloneRows(m [][]float64) [][]float64 {
	if m == nil {
		return nil
	}
	out := make([][]float64, len(m))
	for i, row := range m {
		out[i] = append([]float64(nil), row...)
	}
	return out
}
