//go:build !amd64 || purego

package mixing

// batchTileImpls lists the batched tile kernels this build can run: only
// the pure-Go one.
func batchTileImpls() []namedBatchTile {
	return []namedBatchTile{{"go", batchTileGeneric[float64]}}
}

// batchTile32Impls lists the float32 batched tile kernels this build can
// run: only the pure-Go one.
func batchTile32Impls() []namedBatchTile32 {
	return []namedBatchTile32{{"go", batchTileGeneric[float32]}}
}
