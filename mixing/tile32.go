package mixing

// The float32 tile kernel is the tile kernel of tile.go on a tile stored as
// float32 (the opt-in float32 storage of D, SPEC §7.5): each stored value is
// widened to float64 exactly and the arithmetic, lanes and summation order
// are those of tileKernel, so every implementation gives the same bits.

// namedTile32 is a float32 tile kernel implementation and its name.
type namedTile32 struct {
	name string
	fn   tileFunc32
}
