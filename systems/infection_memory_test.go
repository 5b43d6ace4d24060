package systems_test

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/systems"
)

// TestInfectionSetupStorage: the mixing the memory estimate counts before
// the build, per storage and kernel (SPEC §9; issue 27: a scenario whose
// matrix cannot fit is refused, not killed by the runtime): the dense
// matrix 8 B per N² entry, factored D stored once 4 B (float32 2 B), the
// streaming operator and a truncated mixer nothing that grows as N².
func TestInfectionSetupStorage(t *testing.T) {
	three := table(t, []string{"a", "b", "c"}, []int64{1000, 2000, 3000})
	trunc := mixing.Truncated(mixing.DefaultGravity(), mixing.Truncation{TopK: 1})
	for _, tc := range []struct {
		name    string
		storage string
		mixer   mixing.Mixer
		numba   bool
		bytes   float64
	}{
		{"factored float64", systems.StorageFloat64, nil, true, 3 * 3 * 4},
		{"factored float32", systems.StorageFloat32, nil, true, 3 * 3 * 2},
		{"dense", systems.StorageDense, nil, true, 3 * 3 * 8},
		{"reference kernel", systems.StorageFloat64, nil, false, 3 * 3 * 8},
		{"streaming", systems.StorageStreaming, nil, true, 0},
		{"truncated", systems.StorageFloat64, trunc, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := systems.DefaultInfectionParams()
			q.Storage = tc.storage
			if tc.mixer != nil {
				q.Mixer = tc.mixer
			}
			p := quietParams(1, 1)
			p.Parallel = tc.numba
			m, err := model.NewBiweekly(three, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
			require.NoError(t, err)
			require.NoError(t, m.SetComponents(systems.NewInfection(&q)))
			inf := model.InstancesOf[*systems.Infection](m)[0]
			assert.Equal(t, tc.bytes, inf.SetupStorage(m).Bytes())
		})
	}
}
