//go:build amd64 && !purego

package mixing

// batchTileImpls lists the batched tile kernels this CPU can run, best
// first, ending with the pure-Go one; tests compare them all.
func batchTileImpls() []namedBatchTile {
	return []namedBatchTile{{"go", batchTileGeneric[float64]}}
}
