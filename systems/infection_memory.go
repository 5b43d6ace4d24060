package systems

import (
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/phases"
)

var (
	_ phases.SetupSizer = (*Infection)(nil)
	_ phases.SetupSizer = (*SEIRInfection)(nil)
)

// SetupStorage describes the mixing the instance builds when it is
// initialised ([phases.SetupSizer]), as newKernel chooses it: the dense
// matrix (N × N float64) for a mixer without a factored form, the
// reference kernel or storage "dense"; the factored D stored once (N²/2
// float64 or, with "float32", float32: 4 or 2 bytes per N² entry); nothing
// that grows faster than N for the streaming operator and for a truncated
// mixer, whose sparse rows are sized by its options (SPEC §7.6).
func (c *Infection) SetupStorage(m phases.Model) phases.Storage {
	n := m.Scenario().Len()
	square := func(elemBytes int) phases.Storage {
		return phases.Storage{Dims: []phases.Dim{{N: n, Unit: "patches"}, {N: n, Unit: "patches"}}, ElemBytes: elemBytes}
	}
	if _, truncated := c.p.Mixer.(mixing.TruncatedMixer); truncated || onOperator(c.p.Storage) {
		return phases.Storage{}
	}
	_, factored := mixing.AsFactored(c.p.Mixer)
	switch {
	case !factored || !m.Params().Parallel || c.p.Storage == StorageDense:
		return square(8)
	case c.p.Storage == StorageFloat32:
		return square(2) // N²/2 float32
	default:
		return square(4) // N²/2 float64
	}
}

// SetupStorage is the force's ([Infection.SetupStorage]).
func (c *SEIRInfection) SetupStorage(m phases.Model) phases.Storage { return c.force.SetupStorage(m) }
