package mixing

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// TestHierarchicalAccuracyLarge carries TestHierarchicalAccuracy's 1e−6
// bound past its 20 000 patches (where every row is checked) to 10⁵
// clustered points (the realistic layout, and the one that needs the
// deeper trees), on a sample: 1 000 rows evenly spaced over the input
// order (Check's sample, most of them not the 256 rows the build's own
// estimate measured), each against the exact direct sum over all 10⁵
// patches, for both of Check's weight vectors. A long test
// (RUBEOLA_LONG=1): the build and 2·1 000·10⁵ kernel evaluations, 54 s
// of CPU and 1 GB (2026-12-07: order 16, max relative error 3.4e−8, mean
// 2.6e−9).
func TestHierarchicalAccuracyLarge(t *testing.T) {
	testkit.Long(t, "a hierarchical build of 10⁵ patches checked on 1 000 rows")
	const n, tol, rows = 100_000, 1e-6, 1000
	lat, lon := clusteredPoints(n, 7)
	begin := time.Now()
	h, err := NewHierarchical(lat, lon, gravityDecay, HierarchicalOptions{Tolerance: tol})
	require.NoError(t, err)
	built := time.Since(begin)
	assert.LessOrEqual(t, h.Estimate().Max, tol*estimateShare, "the build's own estimate")
	rep, err := h.Check(nil, rows)
	require.NoError(t, err)
	assert.Equal(t, rows, rep.Rows)
	assert.LessOrEqual(t, rep.Max, tol, "max relative error over %d sampled rows, order %d", rows, h.Order())
	t.Logf("N = %d: order %d, built in %.1f s; max relative error %.3g (mean %.3g) over %d rows, %.1f s",
		n, h.Order(), built.Seconds(), rep.Max, rep.Mean, rep.Rows, (time.Since(begin) - built).Seconds())
}
