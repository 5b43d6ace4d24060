package runfile

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
)

// TestRunFileCaseSurveillanceReporting: a CaseSurveillanceTracker phase with
// the overdispersed-reporting keys builds from a run file and reports one
// row per complete 28-day window (2 biweekly ticks of 21: 10 rows) from the
// infection's incidence.
func TestRunFileCaseSurveillanceReporting(t *testing.T) {
	dir := t.TempDir()
	rf, err := Load(writeRunFile(t, dir, `
[scenario]
builder = "grid"
rows = 2
cols = 3
pop = 50000

[params]
num_ticks = 21
seed = 7
show_progress = false

[[phases]]
type = "InfectionSeedingProcess"
num_infections = 20

[[phases]]
type = "Infection"

[[phases]]
type = "CaseSurveillanceTracker"
detection_rate = 0.5
aggregation_level = -1
reporting = "negative_binomial"
psi = 0.3
aggregate_days = 28
count = "incidence"
`))
	require.NoError(t, err)
	m := newModel(t, rf.Scenario, rf.Params, rf.Components...)
	require.NoError(t, m.Run(context.Background()))
	tr := model.InstancesOf[*metrics.CaseSurveillanceTracker](m)
	require.Len(t, tr, 1)
	assert.Equal(t, metrics.CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(0.5), AggregationLevel: metrics.AllPatches,
		Reporting: metrics.ReportingNegativeBinomial, Psi: scenario.PatchNumber(0.3), AggregateDays: 28, Count: metrics.CountIncidence, ReportDate: metrics.ReportDateLastDay}, tr[0].Params())
	assert.Equal(t, 2, tr[0].TicksPerRow())
	series := tr[0].Series()
	require.Len(t, series, 10)
	var total int64
	for _, v := range series {
		total += v
	}
	assert.Positive(t, total, "cases were reported")
}

// TestRunFileCaseSurveillanceErrors: bad reporting keys in a run file are
// errors naming the file, the phase and the key; aggregate_days that does not
// fit the tick fails when the component is built, naming the key and the step.
func TestRunFileCaseSurveillanceErrors(t *testing.T) {
	for _, tt := range []struct{ content, want string }{
		{"[[phases]]\ntype = \"CaseSurveillanceTracker\"\npsi = 0.2\n",
			`run.toml: phases[1] (CaseSurveillanceTracker): CaseSurveillanceTracker: psi = 0.2 needs reporting = "negative_binomial" (reporting is "binomial")`},
		{"[[phases]]\ntype = \"CaseSurveillanceTracker\"\nreporting = \"nb\"\n",
			`reporting must be "binomial", "negative_binomial" or "he2010", got "nb"`},
		{"[[phases]]\ntype = \"CaseSurveillanceTracker\"\ncount = \"cases\"\n",
			`count must be "I" or "incidence", got "cases"`},
	} {
		_, err := Decode(strings.NewReader(tt.content), "run.toml", "")
		require.ErrorContains(t, err, tt.want, tt.content)
	}
	rf, err := Decode(strings.NewReader("[[phases]]\ntype = \"CaseSurveillanceTracker\"\naggregate_days = 20\n"), "run.toml", "")
	require.NoError(t, err)
	m := newModel(t, twoPatch(t), quietParams(4, 1))
	require.ErrorContains(t, m.SetComponents(rf.Components...),
		"run.toml: phases[1] (CaseSurveillanceTracker): CaseSurveillanceTracker: aggregate_days = 20 must be a positive multiple of the model's time step (14 days)",
		"refused when the component meets the model, as `rubeola validate` builds it")
}
