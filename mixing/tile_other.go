//go:build !amd64 || purego

package mixing

// tileImpls lists the tile kernels this build can run: only the pure-Go one
// (no assembly for this architecture, or the purego tag is set).
func tileImpls() []namedTile {
	return []namedTile{{"go", tileMainGeneric[float64]}}
}

// tile32Impls lists the float32 tile kernels this build can run: only the
// pure-Go one.
func tile32Impls() []namedTile32 {
	return []namedTile32{{"go", tileMainGeneric[float32]}}
}
