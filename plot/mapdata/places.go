package mapdata

import (
	"fmt"
	"math"
)

// GridThreshold is the number of patches above which [Load] sums patches
// into grid cells (by default): up to it every patch is a place of its own
// (a disc on the map), above it a map of single patches would be discs of
// a pixel or less, drawn over each other.
const GridThreshold = 5000

// GridCells is the number of grid cells along the longer side of the
// projected bounding box of the patches: cells are squares of side
// (longer side)/GridCells km, so a grid has at most GridCells² cells
// (16 384), of which only those holding a patch are places.
const GridCells = 128

// Places are the places a map draws: the scenario's patches, or the grid
// cells they were summed into. Slices are indexed by place.
type Places struct {
	// IDs are the patch ids, or "cell ROW,COL" (row 0 at the south).
	IDs []string
	// Lat and Lon are the patch's coordinates in degrees, or the
	// population-weighted mean of a cell's patches.
	Lat, Lon []float64
	// X and Y are Lat, Lon projected (km east and north of the centre).
	X, Y []float64
	// Pop is the population (a cell: the sum of its patches').
	Pop []float64
	// Patches is the number of patches in each place (1 without a grid).
	Patches []int
}

// Len is the number of places.
func (p *Places) Len() int { return len(p.IDs) }

// Largest is the place of largest population (the first of equals); -1
// when there are none.
func (p *Places) Largest() int {
	best := -1
	for i, v := range p.Pop {
		if best < 0 || v > p.Pop[best] {
			best = i
		}
	}
	return best
}

// Grid describes the cells patches were summed into.
type Grid struct {
	CellKm       float64 // side of a cell, km
	X0, Y0       float64 // projected south-west corner of cell (0, 0), km
	Rows, Cols   int
	PatchesTotal int // patches summed
}

// String words the grid for a picture: "954 patches summed into 311 cells of 5.2 km".
func (g *Grid) String() string {
	return fmt.Sprintf("%d patches summed into grid cells of %.3g km", g.PatchesTotal, g.CellKm)
}

// patchPlaces makes every patch a place of its own; place[i] = i.
func patchPlaces(ids []string, lat, lon, pop []float64, proj Projection) (*Places, []int32) {
	n := len(ids)
	p := &Places{IDs: ids, Lat: lat, Lon: lon, Pop: pop, X: make([]float64, n), Y: make([]float64, n), Patches: make([]int, n)}
	place := make([]int32, n)
	for i := range n {
		p.X[i], p.Y[i] = proj.Project(lat[i], lon[i])
		p.Patches[i] = 1
		place[i] = int32(i)
	}
	return p, place
}

// gridPlaces sums patches into square cells (see [GridCells]); place[i]
// is patch i's cell's place index. Places are in order of first patch.
func gridPlaces(lat, lon, pop []float64, proj Projection, cells int) (*Places, []int32, *Grid) {
	n := len(lat)
	x, y := make([]float64, n), make([]float64, n)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := range n {
		x[i], y[i] = proj.Project(lat[i], lon[i])
		minX, maxX = math.Min(minX, x[i]), math.Max(maxX, x[i])
		minY, maxY = math.Min(minY, y[i]), math.Max(maxY, y[i])
	}
	side := math.Max(maxX-minX, maxY-minY) / float64(cells)
	if !(side > 0) {
		side = 1 // every patch at one point: one cell
	}
	g := &Grid{CellKm: side, X0: minX, Y0: minY, PatchesTotal: n,
		Cols: min(cells, int((maxX-minX)/side)+1), Rows: min(cells, int((maxY-minY)/side)+1)}
	cellOf := make(map[int]int32)
	place := make([]int32, n)
	p := &Places{}
	var wLat, wLon []float64 // population-weighted sums
	for i := range n {
		c := min(int((x[i]-minX)/side), g.Cols-1)
		r := min(int((y[i]-minY)/side), g.Rows-1)
		k, ok := cellOf[r*g.Cols+c]
		if !ok {
			k = int32(len(p.IDs))
			cellOf[r*g.Cols+c] = k
			p.IDs = append(p.IDs, fmt.Sprintf("cell %d,%d", r, c))
			p.Pop = append(p.Pop, 0)
			p.Patches = append(p.Patches, 0)
			wLat, wLon = append(wLat, 0), append(wLon, 0)
			p.Lat, p.Lon = append(p.Lat, lat[i]), append(p.Lon, lon[i])
		}
		place[i] = k
		p.Pop[k] += pop[i]
		p.Patches[k]++
		wLat[k] += pop[i] * lat[i]
		wLon[k] += pop[i] * lon[i]
	}
	p.X, p.Y = make([]float64, len(p.IDs)), make([]float64, len(p.IDs))
	for k := range p.IDs {
		if p.Pop[k] > 0 {
			p.Lat[k], p.Lon[k] = wLat[k]/p.Pop[k], wLon[k]/p.Pop[k]
		}
		p.X[k], p.Y[k] = proj.Project(p.Lat[k], p.Lon[k])
	}
	return p, place, g
}
