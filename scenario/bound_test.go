package scenario

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The population bound of SPEC §3.2: every pop and the total over patches
// are at most 2^53, for every scenario source.

// twoToThe53 is 2^53 written out, as the messages show it.
const twoToThe53 = "9007199254740992"

func TestMaxPopIs2To53(t *testing.T) {
	assert.Equal(t, int64(1)<<53, int64(MaxPop))
}

func TestValidatePopBound(t *testing.T) {
	for _, tc := range []struct {
		name string
		pop  []int64
		want string // "" = valid
	}{
		{"one patch at 2^53", []int64{MaxPop, 0, 0}, ""},
		// The hostile value, 2^62.
		{"patch above 2^53", []int64{1, 1 << 62, 0},
			`row 2, column "pop": "4611686018427387904": must be <= ` + twoToThe53 + ` (2^53)`},
		{"total above 2^53", []int64{MaxPop / 2, MaxPop / 2, 1},
			`scenario: column "pop": total population passes ` + twoToThe53 + ` (2^53) at row 3; the total over patches must stay <= 2^53 so that every count is exact in float64 and in the samplers`},
		{"total exactly 2^53", []int64{MaxPop / 2, MaxPop / 2, 0}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab := validGoTable()
			tab.Pop = tc.pop
			err := tab.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.want)
		})
	}
}

func TestReadCSVPopBound(t *testing.T) {
	// The hostile row (SPEC §3.2 example message) and a total that
	// passes 2^53 only over two rows, each named with the file.
	for _, tc := range []struct {
		name, rows, want string
	}{
		{"row", "a,100,1,1,0.5\nb,4611686018427387904,1,1,0.5\n",
			`in.csv: row 2, column "pop": "4611686018427387904": must be <= ` + twoToThe53 + ` (2^53)`},
		{"total", "a,9007199254740992,1,1,0.5\nb,1,1,1,0.5\n",
			`in.csv: column "pop": total population passes ` + twoToThe53 + ` (2^53) at row 2; the total over patches must stay <= 2^53 so that every count is exact in float64 and in the samplers`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readCSV(strings.NewReader("id,pop,lat,lon,mcv1\n"+tc.rows), "in.csv", 0)
			assert.EqualError(t, err, tc.want)
		})
	}
}

func TestBuildersPopBound(t *testing.T) {
	const huge = int64(1) << 62
	_, err := SinglePatch(huge, 0)
	assert.EqualError(t, err, "scenario: SinglePatch: pop must be <= "+twoToThe53+" (2^53), got 4611686018427387904")
	// TwoPatch(2^53) has pops 2^53 and 2^52: each valid, the total not.
	_, err = TwoPatch(MaxPop, 0)
	assert.ErrorContains(t, err, "total population passes "+twoToThe53)
	// A 10×10 grid of 2^50 each totals 100·2^50 > 2^53 without overflowing.
	_, err = Grid(10, 10, 1<<50, DefaultGridOptions())
	assert.ErrorContains(t, err, "total population passes "+twoToThe53+" (2^53) at row 9")
	_, err = FromColumns([]string{"a"}, []int64{huge}, []float64{0}, []float64{0}, []float64{0})
	assert.EqualError(t, err, `row 1, column "pop": "4611686018427387904": must be <= `+twoToThe53+` (2^53)`)
}

// TestBuilderSizeLimit: a synthetic scenario too large for memory is an
// error before anything is allocated (a run file asking for rows = cols =
// 100000 would otherwise exhaust memory; n = 16000000 took minutes).
func TestBuilderSizeLimit(t *testing.T) {
	const over = MaxBuilderPatches + 1
	_, err := Grid(100000, 100000, 1, DefaultGridOptions())
	assert.EqualError(t, err, "scenario: Grid: 100000×100000 = 10000000000 patches, more than the 1048576 a synthetic builder makes (load a scenario CSV for larger ones)")
	_, err = RandomN(over, 1, 0)
	assert.EqualError(t, err, "scenario: RandomN: n = 1048577 patches, more than the 1048576 a synthetic builder makes (load a scenario CSV for larger ones)")
	o := DefaultTwoClusterOptions()
	o.NodesPerCluster = over
	_, err = TwoCluster(o)
	assert.ErrorContains(t, err, "NodesPerCluster 1048577 × 2 Centers = 2097154 patches, more than the 1048576")
	so := DefaultSatellitesOptions()
	so.NTowns = over
	_, err = Satellites(so)
	assert.ErrorContains(t, err, "NTowns 1048577 is more than the 1048576 patches")
}
