package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHierarchicalApplyKernels: Apply runs its near blocks and far pairs
// through the tile kernels (tile.go); every implementation this CPU has
// (AVX-512, AVX2, pure Go) gives the same bits, for float32 near blocks
// (tolerance 1e−6) and float64 ones (1e−8).
func TestHierarchicalApplyKernels(t *testing.T) {
	lat, lon := clusteredPoints(3000, 5)
	y := randomWeights(len(lat), 3)
	impls, impls32 := tileImpls(), tile32Impls()
	old, old32 := tileMain, tileMain32
	defer func() { tileMain, tileMain32 = old, old32 }()
	for _, tol := range []float64{1e-6, 1e-8} {
		h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Tolerance: tol, Workers: 2})
		require.NoError(t, err)
		var want []float64
		for k := range max(len(impls), len(impls32)) {
			impl, impl32 := impls[min(k, len(impls)-1)], impls32[min(k, len(impls32)-1)]
			tileMain, tileMain32 = impl.fn, impl32.fn
			z := make([]float64, len(lat))
			h.Apply(z, y)
			if want == nil {
				want = z
				continue
			}
			for j := range z {
				require.Equal(t, math.Float64bits(want[j]), math.Float64bits(z[j]),
					"z[%d], tolerance %v, kernels %s/%s", j, tol, impl.name, impl32.name)
			}
		}
	}
}
