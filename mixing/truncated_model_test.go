package mixing_test

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestInfectionPrintsTruncationReport: SPEC §7.6, "the Infection instance
// prints the report when verbose"; the instance's matrix is the truncated
// CSR one, and nothing is printed for a dense mixer or without verbose.
func TestInfectionPrintsTruncationReport(t *testing.T) {
	scn, err := scenario.RandomN(60, 2, 0)
	require.NoError(t, err)
	tm := mixing.Truncated(mixing.DefaultGravity(), mixing.Truncation{TopK: 5})
	want, rep, err := tm.(mixing.ReportingMixer).MixingReport(scn)
	require.NoError(t, err)
	line := "InfectionProcess: truncated mixing: " + rep.String() + "\n"
	for _, tc := range []struct {
		name    string
		mixer   mixing.Mixer
		verbose bool
		printed bool
	}{
		{"truncated, verbose", tm, true, true},
		{"truncated, quiet", tm, false, false},
		{"dense, verbose", mixing.DefaultGravity(), true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			p := testkit.QuietParams(2, 1)
			p.Verbose = tc.verbose
			m, err := model.NewBiweekly(scn, p, model.WithStdout(&out), model.WithProgressWriter(io.Discard))
			require.NoError(t, err)
			ip := systems.DefaultInfectionParams()
			ip.Mixer = tc.mixer
			require.NoError(t, m.SetComponents(systems.NewInfection(&ip)))
			require.NoError(t, m.Run(context.Background()))
			if tc.printed {
				assert.Contains(t, out.String(), line)
			} else {
				assert.NotContains(t, out.String(), "truncated mixing")
			}
			inf := model.InstancesOf[*systems.Infection](m)[0]
			mix := inf.MixingMatrix()
			require.NotNil(t, mix)
			if tc.mixer == tm {
				require.True(t, mix.IsSparse())
				assert.Equal(t, want.NNZ(), mix.NNZ())
			}
		})
	}
	assert.Contains(t, line, "kept 300, dropped 3240 off-diagonal entries") // 60·5 kept of 60·59
}
