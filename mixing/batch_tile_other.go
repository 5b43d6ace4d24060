//go:build !amd64 || purego

package mixing

// batchTileImpls lists the batched tile kernels this build can run: only
// the pure-Go one.
func batchTileImpls() []namedBatchTile {
	return []namedBatchTile{{"go", batchTileGeneric[float64]}}
}
