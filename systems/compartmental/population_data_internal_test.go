package compartmental

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/ecs"
)

// TestResidualR checks residualR against R = max(N − S − E − I − M, 0)
// patch by patch, M summed with CountedAt: without roles, with roles that
// count no compartment (the sum skipped) and with counted compartments,
// from a run starting at patch 0 and at patch 2 of the columns.
func TestResidualR(t *testing.T) {
	counted := [][]int64{{5, 6, 7, 8, 9, 10}, {100, 0, 3, 2, 1, 40000}}
	rows := []struct {
		name string
		rc   *ecs.RoleColumns
		off  int
	}{
		{"no roles", nil, 0},
		{"roles counting nothing", &ecs.RoleColumns{Dying: counted}, 0},
		{"counted compartments", &ecs.RoleColumns{Counted: counted}, 0},
		{"counted compartments, offset run", &ecs.RoleColumns{Counted: counted}, 2},
	}
	place := []int32{0, 1, 1, 0}
	total := []int64{50000, 120000}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			s := []int64{10000, 60000, 0, 49000}
			e := []int64{300, 20000, 0, 700}
			i := []int64{200, 40000, 0, 250}
			r := make([]int64, len(s))
			residualR(s, e, i, r, place, total, row.rc, row.off)
			for j := range s {
				want := max(total[place[j]]-s[j]-e[j]-i[j]-row.rc.CountedAt(row.off+j), 0)
				assert.Equal(t, want, r[j], "patch %d", j)
			}
		})
	}
}

// TestFillByPlace checks the run-by-run fill against the patch → place
// map patch by patch: a particle filter's layout (each place's copies in a
// row), places interleaved, one patch, none.
func TestFillByPlace(t *testing.T) {
	byPlace := []float64{3.3e6, 1.1e6, 44000}
	rows := []struct {
		name  string
		place []int32
		runs  int
	}{
		{"copies in a row", []int32{0, 0, 0, 1, 1, 1, 2, 2, 2}, 3},
		{"interleaved", []int32{0, 1, 2, 0, 1, 2}, 6},
		{"a place twice", []int32{2, 2, 0, 2}, 3},
		{"one patch", []int32{1}, 1},
		{"none", nil, 0},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			runs := placeRuns(row.place)
			assert.Len(t, runs, row.runs)
			got := make([]float64, len(row.place))
			fillByPlace(got, runs, byPlace)
			for j, k := range row.place {
				assert.Equal(t, byPlace[k], got[j], "patch %d", j)
			}
		})
	}
}
