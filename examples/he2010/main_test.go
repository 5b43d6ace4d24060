package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// TestHe2010Runs runs the program with small sizes (the shared He et al.
// data are needed; the test skips without them) and checks its report and
// pictures: the log-likelihood at the MLE is London's (pomp: −3801.5 with
// 10 000 particles; with 300 particles the filter is biased low by a few
// units, so the test accepts −3830 … −3795), and both pictures are written.
func TestHe2010Runs(t *testing.T) {
	testkit.NeedShared(t, "../../../shared/data/he10/cases_weekly.csv")
	dir := t.TempDir()
	var out bytes.Buffer
	require.NoError(t, run(&out, "london.toml", dir, settings{particles: 300, filters: 2, ifParticles: 200, iters: 2, sims: 50}))
	m := regexp.MustCompile(`log-likelihood at the MLE: (-?[0-9.]+)`).FindStringSubmatch(out.String())
	require.NotNil(t, m, out.String())
	ll, err := strconv.ParseFloat(m[1], 64)
	require.NoError(t, err)
	assert.InDelta(t, -3812.5, ll, 17.5)
	assert.Contains(t, out.String(), "IF2: 2 iterations")
	assert.Contains(t, out.String(), "IF2 trace: not settled over iterations 1–2", "2 iterations are fewer than the diagnostic's window")
	for _, name := range []string{"trace.png", "fit.png"} {
		st, err := os.Stat(filepath.Join(dir, name))
		require.NoError(t, err)
		assert.Greater(t, st.Size(), int64(10000), name)
	}
}
