package fit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
