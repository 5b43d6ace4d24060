package mixing_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// TestInfectionLogsTruncationReport: SPEC §7.6, the Infection instance
// reports the lost mass — through the model's logger (issue 14: library
// diagnostics go through log/slog, silent by default); the instance's matrix
// is the truncated CSR one, nothing is logged for a dense mixer, and nothing
// reaches stdout, verbose or not.
func TestInfectionLogsTruncationReport(t *testing.T) {
	scn, err := scenario.RandomN(60, 2, 0)
	require.NoError(t, err)
	tm := mixing.Truncated(mixing.DefaultGravity(), mixing.Truncation{TopK: 5})
	want, rep, err := tm.(mixing.ReportingMixer).MixingReport(scn)
	require.NoError(t, err)
	// slog's text handler quotes a value with spaces.
	line := `msg="truncated mixing" component=InfectionProcess report="` + rep.String() + `"`
	for _, tc := range []struct {
		name    string
		mixer   mixing.Mixer
		verbose bool
		logger  bool
		logged  bool
	}{
		{"truncated, logger", tm, false, true, true},
		{"truncated, verbose, default logger", tm, true, false, false},
		{"dense, logger", mixing.DefaultGravity(), true, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, log bytes.Buffer
			p := paramstest.QuietParams(2, 1)
			p.Verbose = tc.verbose
			opts := []model.Option{model.WithStdout(&out), model.WithProgressWriter(io.Discard)}
			if tc.logger {
				opts = append(opts, model.WithLogger(slog.New(slog.NewTextHandler(&log, nil))))
			}
			m, err := model.NewBiweekly(scn, p, opts...)
			require.NoError(t, err)
			ip := systems.DefaultInfectionParams()
			ip.Mixer = tc.mixer
			require.NoError(t, m.SetComponents(systems.NewInfection(&ip)))
			require.NoError(t, m.Run(context.Background()))
			assert.NotContains(t, out.String(), "truncated mixing")
			if tc.logged {
				assert.Contains(t, log.String(), line)
			} else {
				assert.NotContains(t, log.String(), "truncated mixing")
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
