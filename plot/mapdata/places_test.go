package mapdata

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// uniformPatches are n patches on a square of side 2° from (51, −2), in
// rows of 100, each of population 1000 + its index.
func uniformPatches(n int) (lat, lon, pop []float64) {
	for i := range n {
		lat = append(lat, 51+2*float64(i/100)/float64(max(1, (n-1)/100)))
		lon = append(lon, -2+2*float64(i%100)/99)
		pop = append(pop, float64(1000+i))
	}
	return lat, lon, pop
}

func TestGridPlaces(t *testing.T) {
	for _, c := range []struct {
		name     string
		n, cells int
	}{
		{"10 000 patches, 128 cells a side", 10_000, GridCells},
		{"10 000 patches, 10 cells a side", 10_000, 10},
		{"one patch", 1, GridCells},
	} {
		t.Run(c.name, func(t *testing.T) {
			lat, lon, pop := uniformPatches(c.n)
			proj := ProjectionFor(lat, lon)
			p, place, g := gridPlaces(lat, lon, pop, proj, c.cells)
			require.Len(t, place, c.n)
			assert.LessOrEqual(t, p.Len(), c.cells*c.cells, "at most cells² places")
			assert.LessOrEqual(t, g.Rows, c.cells)
			assert.LessOrEqual(t, g.Cols, c.cells)
			total, members, want := 0.0, 0, 0.0
			for k := range p.Len() {
				total += p.Pop[k]
				members += p.Patches[k]
			}
			sums := make([]float64, p.Len())
			for i, k := range place {
				want += pop[i]
				sums[k] += pop[i]
			}
			assert.Equal(t, want, total, "population is kept")
			assert.Equal(t, c.n, members, "every patch is in one cell")
			assert.Equal(t, sums, p.Pop, "a cell's population is its patches'")
			for k := range p.Len() {
				// A cell's centroid lies inside the cell.
				x, y := proj.Project(p.Lat[k], p.Lon[k])
				assert.InDelta(t, x, p.X[k], 1e-9)
				assert.InDelta(t, y, p.Y[k], 1e-9)
			}
		})
	}
}

func TestPatchPlaces(t *testing.T) {
	lat, lon, pop := uniformPatches(3)
	p, place := patchPlaces([]string{"a", "b", "c"}, lat, lon, pop, ProjectionFor(lat, lon))
	assert.Equal(t, []int32{0, 1, 2}, place)
	assert.Equal(t, []int{1, 1, 1}, p.Patches)
	assert.Equal(t, 2, p.Largest(), "population 1002")
}
