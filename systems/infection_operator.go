package systems

import "github.com/rubeola/rubeola/mixing"

// OperatorMatrix returns the mixing on a distance operator the force uses
// (storage "streaming" or "hierarchical": [mixing.StreamingMatrix],
// [mixing.HierarchicalMatrix]), built on first use; nil for the other
// storages or when it cannot be built (Initialize returns the error). An
// ensemble's replicates share one, built once through phases.Model's
// Shared, so the hierarchical tree and its blocks are stored once for all
// replicates.
func (c *Infection) OperatorMatrix() *mixing.OperatorMatrix {
	if c.buildKernel() != nil {
		return nil
	}
	return c.opm
}
