package scenario

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// A builder reports every problem with its arguments, one line each naming
// the builder and the option.
func TestBuilderArgsJoinEveryProblem(t *testing.T) {
	tests := []struct {
		name  string
		build func() (*Table, error)
		want  string
	}{
		{"single patch", func() (*Table, error) { return SinglePatch(-1, 2) },
			"scenario: SinglePatch: pop must be >= 0, got -1\n" +
				"scenario: SinglePatch: mcv1 must be in [0, 1], got 2"},
		{"grid", func() (*Table, error) { return Grid(0, 3, -5, GridOptions{Spacing: math.NaN(), MCV1: -1}) },
			"scenario: Grid: rows and cols must be > 0, got 0×3\n" +
				"scenario: Grid: pop must be >= 0, got -5\n" +
				"scenario: Grid: mcv1 must be in [0, 1], got -1\n" +
				"scenario: Grid: Spacing must be finite and > 0, got NaN"},
		{"grid extent", func() (*Table, error) { return Grid(2, 2, 1, GridOptions{Lat0: 95, Lon0: 185, Spacing: 1}) },
			"scenario: Grid: latitudes 95 … 96 leave [-90, 90] (Lat0 95, 2 rows, Spacing 1)\n" +
				"scenario: Grid: longitudes 185 … 186 leave [-180, 180] (Lon0 185, 2 cols, Spacing 1)"},
		{"random n", func() (*Table, error) { return RandomN(0, 1, math.Inf(1)) },
			"scenario: RandomN: n must be > 0, got 0\n" +
				"scenario: RandomN: mcv1 must be in [0, 1], got +Inf"},
		{"two cluster", func() (*Table, error) {
			return TwoCluster(TwoClusterOptions{Centers: [][2]float64{{91, 0}, {0, 181}}, ClusterStd: -1, MCV1Range: [2]float64{0.7, 0.4}})
		},
			"scenario: TwoCluster: NodesPerCluster must be > 0, got 0\n" +
				"scenario: TwoCluster: Centers[0] = (91, 0) must have lat in [-90, 90] and lon in [-180, 180]\n" +
				"scenario: TwoCluster: Centers[1] = (0, 181) must have lat in [-90, 90] and lon in [-180, 180]\n" +
				"scenario: TwoCluster: ClusterStd must be finite and >= 0, got -1\n" +
				"scenario: TwoCluster: MCV1Range (0.7, 0.4) must have lo <= hi"},
		{"satellites", func() (*Table, error) {
			return Satellites(SatellitesOptions{CorePop: -1, SatellitePop: -2, NTowns: 0, MaxDistanceKm: math.Inf(1), MCV1: 2})
		},
			"scenario: Satellites: CorePop must be >= 0, got -1\n" +
				"scenario: Satellites: SatellitePop must be >= 0, got -2\n" +
				"scenario: Satellites: NTowns must be >= 1 (the core counts), got 0\n" +
				"scenario: Satellites: MaxDistanceKm must be finite and >= 0, got +Inf\n" +
				"scenario: Satellites: MCV1 must be in [0, 1], got 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tbl, err := tc.build()
			require.EqualError(t, err, tc.want)
			require.Nil(t, tbl)
		})
	}
}
