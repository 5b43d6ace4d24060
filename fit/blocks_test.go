package fit

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/rng"
)

// TestWeighBlock checks block resampling on three places × four particles
// with blocks {0, 2} and {1}: the block's log weight is the sum of its
// places' (place 2's report missing: it adds nothing), its conditional
// log-likelihood log(mean exp(sum)), every place of a block takes the same
// ancestor particle, and a one-place block resamples as the place alone
// (systematic draws from the block's stream on its own weights).
func TestWeighBlock(t *testing.T) {
	const j = 4
	blocks := [][]int{{0, 2}, {1}}
	ps := &particles{j: j, places: 3, anc: make([]int32, 3*j), blocks: blocks,
		resrc: []*rng.Source{rng.NewSource(1, "fit.resample", 0), rng.NewSource(1, "fit.resample", 1)}}
	logw := []float64{
		-1, -9, -2, -30, // place 0
		-5, -1, -1, -5, // place 1
		-3, -1, -2, -40, // place 2
	}
	for _, tc := range []struct {
		name    string
		missing int // place whose report is missing (−1: none)
		sum     []float64
	}{
		{"all reported", -1, []float64{-4, -10, -4, -70}},
		{"place 2 missing", 2, []float64{-1, -9, -2, -30}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			obs := &Observations{Counts: [][]int64{{1}, {1}, {1}}}
			if tc.missing >= 0 {
				obs.Counts[tc.missing][0] = Missing
			}
			sc := &blockScratch{logw: make([]float64, j), weights: make([]float64, j), anc: make([]int32, j)}
			cond, essB := ps.weighBlock(0, blocks[0], obs, 0, logw, sc, nil)
			mean := 0.0
			for _, v := range tc.sum {
				mean += math.Exp(v) / j
			}
			assert.InDelta(t, math.Log(mean), cond, 1e-12)
			assert.Greater(t, essB, 1.0)
			for i := range j {
				a0, a2 := ps.anc[i], ps.anc[2*j+i]
				assert.Equal(t, a0+2*j, a2, "particle %d: the places of a block share the ancestor", i)
				assert.Less(t, a0, int32(j))
			}
		})
	}
	// The one-place block equals a systematic draw on place 1's weights.
	obs := &Observations{Counts: [][]int64{{1}, {1}, {1}}}
	sc := &blockScratch{logw: make([]float64, j), weights: make([]float64, j), anc: make([]int32, j)}
	ps.resrc[1] = rng.NewSource(1, "fit.resample", 1)
	ps.weighBlock(1, blocks[1], obs, 0, logw, sc, nil)
	want := make([]int32, j)
	w := make([]float64, j)
	for i, v := range logw[j : 2*j] {
		w[i] = math.Exp(v + 1)
	}
	systematic(rng.NewSource(1, "fit.resample", 1), w, want, j)
	assert.Equal(t, want, ps.anc[j:2*j])
	// A block whose places all miss the report keeps its particles.
	obs.Counts = [][]int64{{Missing}, {1}, {Missing}}
	cond, essB := ps.weighBlock(0, blocks[0], obs, 0, logw, sc, nil)
	assert.Equal(t, 0.0, cond)
	assert.Equal(t, float64(j), essB)
	assert.Equal(t, []int32{0, 1, 2, 3}, ps.anc[:j])
	assert.Equal(t, []int32{8, 9, 10, 11}, ps.anc[2*j:])
}

// TestBlockSpecResolve checks block_size, block lists and their refusals.
func TestBlockSpecResolve(t *testing.T) {
	places := []string{"A", "B", "C", "D", "E"}
	for _, tc := range []struct {
		name string
		spec BlockSpec
		want [][]int
		err  []string
	}{
		{"default: one place each", BlockSpec{}, [][]int{{0}, {1}, {2}, {3}, {4}}, nil},
		{"block_size 2", BlockSpec{Size: 2}, [][]int{{0, 1}, {2, 3}, {4}}, nil},
		{"block_size 5: one block", BlockSpec{Size: 5}, [][]int{{0, 1, 2, 3, 4}}, nil},
		{"lists", BlockSpec{Lists: [][]string{{"E", "A"}, {"B", "C", "D"}}}, [][]int{{4, 0}, {1, 2, 3}}, nil},
		{"a place in two blocks", BlockSpec{Lists: [][]string{{"A", "B"}, {"B", "C", "D", "E"}}}, nil,
			[]string{`fit.blocks[2][1]: "B" is already in blocks[1]`}},
		{"an unknown place", BlockSpec{Lists: [][]string{{"A", "B", "Z"}, {"C", "D", "E"}}}, nil,
			[]string{`fit.blocks[1][3]: "Z" is not a fitted place`}},
		{"a place in none", BlockSpec{Lists: [][]string{{"A", "B"}, {"C", "D"}}}, nil,
			[]string{`fit.blocks: ["E"] are in no block`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.spec.Resolve(places, nil)
			if tc.err != nil {
				require.Error(t, err)
				for _, e := range tc.err {
					assert.Contains(t, err.Error(), e)
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.NoError(t, checkBlocks(got, len(places)))
		})
	}
}

// TestLoadFileBlocks checks the [fit] block keys through a fit file: the
// partition, and refusals naming the file and key.
func TestLoadFileBlocks(t *testing.T) {
	base := strings.Replace(fixtureFit, "places = [\"Town\"]\n", "", 1)
	base = strings.Replace(base, `method = "if2"`, `method = "pfilter"`, 1)
	for _, tc := range []struct {
		name string
		keys string
		want [][]int
		err  string
	}{
		{"block_size", "block_size = 2", [][]int{{0, 1}}, ""},
		{"lists", `blocks = [["Village"], ["Town"]]`, [][]int{{1}, {0}}, ""},
		{"place twice", `blocks = [["Village", "Town"], ["Town"]]`, nil, `fit.toml: fit.blocks[2][1]: "Town" is already in blocks[1]`},
		{"unknown place", `blocks = [["Village", "Town", "City"]]`, nil, `fit.toml: fit.blocks[1][3]: "City" is not a fitted place`},
		{"place in none", `blocks = [["Village"]]`, nil, `fit.toml: fit.blocks: ["Town"] are in no block`},
		{"unknown column", `block_column = "region"`, nil, `fit.toml: fit.block_column: the scenario has no column "region"`},
		{"two keys", "block_size = 2\nblock_column = \"region\"", nil, `fit.toml: fit.blocks: give one of block_size, blocks and block_column`},
		{"not lists", `blocks = ["Town"]`, nil, `fit.toml: fit.blocks[1]: expected a non-empty list of place ids`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fit := strings.Replace(base, "seed = 1", "", 1)
			fit = strings.Replace(fit, "iterations = 2", "iterations = 2\n"+tc.keys, 1)
			f, err := LoadFile(writeFitFixture(t, t.TempDir(), fit, true))
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, f.Spec.Blocks)
		})
	}
}
