package fit

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
)

// inOrder runs a pass's items 0 … n−1 on the calling goroutine.
func inOrder(n int, w phases.Blocker) {
	for it := range n {
		w.Block(it)
	}
}

// inReverse runs a pass's items n−1 … 0: a schedule no pool produces, to
// show that the draws do not depend on the items' order.
func inReverse(n int, w phases.Blocker) {
	for it := n - 1; it >= 0; it-- {
		w.Block(it)
	}
}

// fixedCases is a CaseCounter over a fixed slice.
type fixedCases []int64

func (fixedCases) Name() string     { return "fixedCases" }
func (c fixedCases) Cases() []int64 { return c }
func (fixedCases) ResetCases()      {}

// resamplerFixture is a resampler over places of j particles with the
// given blocks and log weights, every report observed unless counts says
// otherwise.
func resamplerFixture(j int, blocks [][]int, logw []float64, counts [][]int64, run func(int, phases.Blocker)) (*particles, *blockResampler) {
	np := len(logw) / j
	ps := &particles{j: j, places: np, anc: make([]int32, np*j), blocks: blocks, resrc: make([]*rng.Source, len(blocks))}
	for b := range blocks {
		ps.resrc[b] = rng.NewSource(1, "fit.resample", uint64(b))
	}
	obs := &Observations{Counts: counts, Places: make([]string, np)}
	return ps, newBlockResampler(ps, obs, logw, run, nil)
}

// systematicReference is systematic resampling written out serially over
// all of a block's weights (Kitagawa 1996): particle i takes the first k
// whose cumulative weight reaches (u + i)·step, with the resampler's u.
func systematicReference(w []float64, u float64) []int32 {
	total := 0.0
	for _, v := range w {
		total += v
	}
	step := total / float64(len(w))
	anc := make([]int32, len(w))
	k, cum := 0, w[0]
	for i := range w {
		t := (u + float64(i)) * step
		for t > cum && k < len(w)-1 {
			k++
			cum += w[k]
		}
		anc[i] = int32(k)
	}
	return anc
}

// TestBlockResamplerBlocks checks block resampling on three places × four
// particles with blocks {0, 2} and {1}: the block's log weight is the sum
// of its places' (place 2's report missing: it adds nothing), its
// conditional log-likelihood log(mean exp(sum)), every place of a block
// takes the same ancestor particle, a one-place block resamples as the
// place alone, the filtering means are weighted by the block's weights,
// and a block whose places all miss the report keeps its
// particles with conditional log-likelihood 0.
func TestBlockResamplerBlocks(t *testing.T) {
	const j = 4
	blocks := [][]int{{0, 2}, {1}}
	logw := []float64{
		-1, -9, -2, -30, // place 0
		-5, -1, -1, -5, // place 1
		-3, -1, -2, -40, // place 2
	}
	for _, tc := range []struct {
		name   string
		counts [][]int64
		sum    []float64 // block {0, 2}'s log weights
	}{
		{"all reported", [][]int64{{1}, {1}, {1}}, []float64{-4, -10, -4, -70}},
		{"place 2 missing", [][]int64{{1}, {1}, {Missing}}, []float64{-1, -9, -2, -30}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps, r := resamplerFixture(j, blocks, logw, tc.counts, inOrder)
			cond, ess := [][]float64{{0}, {0}}, [][]float64{{0}, {0}}
			loglik := r.report(0, cond, ess)
			mean := 0.0
			for _, v := range tc.sum {
				mean += math.Exp(v) / j
			}
			assert.InDelta(t, math.Log(mean), cond[0][0], 1e-12)
			assert.InDelta(t, cond[0][0]+cond[1][0], loglik, 1e-12)
			assert.Greater(t, ess[0][0], 1.0)
			for i := range j {
				a0, a2 := ps.anc[i], ps.anc[2*j+i]
				assert.Equal(t, a0+2*j, a2, "particle %d: the places of a block share the ancestor", i)
				assert.Less(t, a0, int32(j))
			}
			// The one-place block is the systematic draw on place 1's weights.
			w := make([]float64, j)
			for i, v := range logw[j : 2*j] {
				w[i] = math.Exp(v + 1)
			}
			u := float64(rng.NewSource(1, "fit.resample", 1).Uint64()>>11) * 0x1p-53
			want := systematicReference(w, u)
			for i := range want {
				want[i] += j
			}
			assert.Equal(t, want, ps.anc[j:2*j])
		})
	}
	// The filtering means: place 1's state and cases weighted by its block's
	// weights, place 0's by block {0, 2}'s.
	state := []int64{10, 20, 30, 40, 1, 2, 3, 4, 5, 6, 7, 8}
	cases := []int64{0, 1, 0, 1, 9, 9, 0, 0, 2, 2, 2, 2}
	ps0, r0 := resamplerFixture(j, blocks, logw, [][]int64{{1}, {1}, {1}}, inReverse)
	ps0.states, ps0.counter = [][]int64{state}, fixedCases(cases)
	means := [][][]float64{{nil}, {nil}, {nil}}
	r0 = newBlockResampler(ps0, r0.obs, logw, inReverse, means)
	r0.report(0, [][]float64{{0}, {0}}, [][]float64{{0}, {0}})
	for _, row := range []struct {
		place int
		logw  []float64
	}{{0, []float64{-4, -10, -4, -70}}, {1, logw[j : 2*j]}, {2, []float64{-4, -10, -4, -70}}} {
		var ws, wState, wCases float64
		for i, v := range row.logw {
			ws += math.Exp(v)
			wState += math.Exp(v) * float64(state[row.place*j+i])
			wCases += math.Exp(v) * float64(cases[row.place*j+i])
		}
		require.Len(t, means[row.place][0], 2)
		assert.InEpsilon(t, wState/ws, means[row.place][0][0], 1e-12, "place %d's state", row.place)
		if wCases == 0 {
			assert.Zero(t, means[row.place][0][1])
		} else {
			assert.InEpsilon(t, wCases/ws, means[row.place][0][1], 1e-12, "place %d's cases", row.place)
		}
	}
	ps, r := resamplerFixture(j, blocks, logw, [][]int64{{Missing}, {1}, {Missing}}, inOrder)
	cond, ess := [][]float64{{0}, {0}}, [][]float64{{0}, {0}}
	r.report(0, cond, ess)
	assert.Equal(t, 0.0, cond[0][0])
	assert.Equal(t, float64(j), ess[0][0])
	assert.Equal(t, []int32{0, 1, 2, 3}, ps.anc[:j])
	assert.Equal(t, []int32{8, 9, 10, 11}, ps.anc[2*j:])
}

// TestBlockResamplerSystematic checks the chunked systematic draw of one
// block against the serial one with the same uniform, for block sizes
// inside one chunk, at its edge and across many, with log weights spread
// over 30 units (many weights underflow against the largest) and with
// impossible particles (−Inf): the same ancestors in any order of the
// items, ancestors in order, every particle's offspring ⌊J·w/Σw⌋ or
// ⌈J·w/Σw⌉ (systematic resampling's property), no impossible ancestor,
// and the conditional log-likelihood and effective sample size of the
// weights.
func TestBlockResamplerSystematic(t *testing.T) {
	for _, tc := range []struct {
		name       string
		j          int
		impossible int // every impossible-th particle has log weight −Inf (0: none)
	}{
		{"one particle", 1, 0},
		{"inside a chunk", 7, 0},
		{"one chunk exactly", resampleChunk, 0},
		{"one past a chunk", resampleChunk + 1, 3},
		{"many chunks", 10000, 0},
		{"many chunks, impossible particles", 5000, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := rng.NewSource(7, "test", uint64(tc.j))
			logw := make([]float64, tc.j)
			for i := range logw {
				logw[i] = -30 * rng.Uniform(src)
				if tc.impossible > 0 && i%tc.impossible == 1 {
					logw[i] = math.Inf(-1)
				}
			}
			counts := [][]int64{{1}}
			ps, r := resamplerFixture(tc.j, [][]int{{0}}, logw, counts, inOrder)
			cond, ess := [][]float64{{0}}, [][]float64{{0}}
			r.report(0, cond, ess)
			psRev, rRev := resamplerFixture(tc.j, [][]int{{0}}, logw, counts, inReverse)
			condRev, essRev := [][]float64{{0}}, [][]float64{{0}}
			rRev.report(0, condRev, essRev)
			assert.Equal(t, ps.anc, psRev.anc, "the items' order changes nothing")
			assert.Equal(t, cond, condRev)
			assert.Equal(t, ess, essRev)

			mx := math.Inf(-1)
			for _, v := range logw {
				mx = max(mx, v)
			}
			w := make([]float64, tc.j)
			total, sq := 0.0, 0.0
			for i, v := range logw {
				w[i] = math.Exp(v - mx)
				total += w[i]
				sq += w[i] * w[i]
			}
			// Sums in chunk order round differently from one running sum:
			// 10⁻¹² is a few thousand ulp of either.
			assert.InDelta(t, mx+math.Log(total/float64(tc.j)), cond[0][0], 1e-12)
			assert.InEpsilon(t, total*total/sq, ess[0][0], 1e-12)
			u := float64(rng.NewSource(1, "fit.resample", 0).Uint64()>>11) * 0x1p-53
			assert.Equal(t, systematicReference(w, u), ps.anc)

			offspring := make([]int, tc.j)
			for i, a := range ps.anc {
				offspring[a]++
				if i > 0 {
					require.LessOrEqual(t, ps.anc[i-1], a, "ancestors in order")
				}
			}
			for k, n := range offspring {
				expect := float64(tc.j) * w[k] / total
				if w[k] == 0 {
					require.Zero(t, n, "particle %d is impossible", k)
					continue
				}
				require.GreaterOrEqual(t, float64(n), math.Floor(expect)-1e-9, "particle %d", k)
				require.LessOrEqual(t, float64(n), math.Ceil(expect)+1e-9, "particle %d", k)
			}
		})
	}
}

// TestBlockResamplerAllImpossible checks a block whose particles all have
// log weight −Inf: conditional log-likelihood −Inf, resampled with equal
// weights (every particle its own ancestor: systematic on equal weights),
// effective sample size J.
func TestBlockResamplerAllImpossible(t *testing.T) {
	const j = 600 // two chunks
	logw := make([]float64, j)
	for i := range logw {
		logw[i] = math.Inf(-1)
	}
	ps, r := resamplerFixture(j, [][]int{{0}}, logw, [][]int64{{3}}, inOrder)
	cond, ess := [][]float64{{0}}, [][]float64{{0}}
	assert.True(t, math.IsInf(r.report(0, cond, ess), -1))
	assert.Equal(t, float64(j), ess[0][0])
	for i, a := range ps.anc {
		require.Equal(t, int32(i), a)
	}
}

// TestBlockResamplerNaN checks a block whose log weights hold a NaN (no
// measurement gives one; a custom model might): its conditional
// log-likelihood is NaN, so the filter's is, and every particle keeps its
// state rather than an ancestor left from an earlier report.
func TestBlockResamplerNaN(t *testing.T) {
	const j = 600
	logw := make([]float64, j)
	logw[300] = math.NaN()
	ps, r := resamplerFixture(j, [][]int{{0}}, logw, [][]int64{{3}}, inOrder)
	for i := range ps.anc {
		ps.anc[i] = 0 // an earlier report's ancestors
	}
	cond, ess := [][]float64{{0}}, [][]float64{{0}}
	assert.True(t, math.IsNaN(r.report(0, cond, ess)))
	for i, a := range ps.anc {
		require.Equal(t, int32(i), a)
	}
}
