//go:build !amd64 || purego

package mixing

// tileImpls lists the tile kernels this build can run: only the pure-Go one
// (no assembly for this architecture, or the purego tag is set).
func tileImpls() []namedTile {
	return []namedTile{{"go", tileMainGeneric}}
}
