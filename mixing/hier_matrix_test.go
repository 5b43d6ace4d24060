package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHierarchicalMatrix: the hierarchical operator's mixing, for gravity
// and for a user distance kernel (the terms' decay is D's for both), has
// the exact streaming matrix's entries within the operator's tolerance
// (1e−6, the default: every entry is a row sum's share, and each row of D·y
// is within 1e−6 relative) and rows summing to 1 (the diagonal takes what
// the row's migration leaves).
func TestHierarchicalMatrix(t *testing.T) {
	scn := randomTable(300, 3)
	for _, m := range []Mixer{DefaultGravity(), FromKernel(expKernel{Scale: 50, K: 0.01, Dest: 1})} {
		t.Run(m.Name(), func(t *testing.T) {
			hm, h, err := HierarchicalMatrix(m, scn, HierarchicalOptions{Workers: 2})
			require.NoError(t, err)
			assert.Equal(t, scn.Len(), h.N())
			sm, err := StreamingMatrix(m, scn, StreamingOptions{Workers: 2})
			require.NoError(t, err)
			got, want := rows(hm.Matrix()), rows(sm.Matrix())
			for i := range want {
				for j := range want[i] {
					assert.LessOrEqual(t, math.Abs(got[i][j]-want[i][j]), 1e-6*math.Max(math.Abs(want[i][j]), 1e-300)+1e-15,
						"M[%d][%d] = %v, exact %v", i, j, got[i][j], want[i][j])
				}
			}
			requireRowsSumToOne(t, hm.Matrix())
		})
	}
}
