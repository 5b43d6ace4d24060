//go:build !amd64 || purego

package mixing

// distRowImpls lists the row kernels this build can run: only the pure-Go
// one.
func distRowImpls() []namedDistRow {
	return []namedDistRow{{"go", distRowGeneric}}
}
