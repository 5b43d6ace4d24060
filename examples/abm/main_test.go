package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/cli"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/abm"
)

// band returns the index of the band named name.
func band(t *testing.T, name string) int {
	t.Helper()
	for b, x := range bands {
		if x.name == name {
			return b
		}
	}
	t.Fatalf("no band %q", name)
	return -1
}

// lastProfiles runs the model and returns it with each region's immunity
// profile at the last tick.
func lastProfiles(t *testing.T) (*model.Model, map[string]profile) {
	t.Helper()
	m, err := runModel(context.Background())
	require.NoError(t, err)
	last := numTicks - 1
	tr := model.InstancesOf[*metrics.ImmunityByAgeTracker](m)[0]
	require.Equal(t, last, tr.Ticks()[len(tr.Ticks())-1], "the run ends on a yearly sample")
	require.Equal(t, "2006-01-01", m.TickDate(last).Format("2006-01-02"))
	profiles, err := readProfiles(tr, last)
	require.NoError(t, err)
	require.Len(t, profiles, 2)
	return m, profiles
}

// routineCoverage returns the population-weighted mcv1 and mcv2 coverage
// of the towns whose id starts with region.
func routineCoverage(t *testing.T, region string) (mcv1, mcv2 float64) {
	t.Helper()
	scn, err := scenario.ReadCSV(bytes.NewReader(townsCSV))
	require.NoError(t, err)
	second, ok, err := scn.MCV2()
	require.NoError(t, err)
	require.True(t, ok)
	var pop float64
	for j, id := range scn.ID {
		if strings.HasPrefix(id, region+":") {
			n := float64(scn.Pop[j])
			pop += n
			mcv1 += n * scn.MCV1[j]
			mcv2 += n * second[j]
		}
	}
	return mcv1 / pop, mcv2 / pop
}

// TestImmunityProfile: the profile at the end shows what the schedule
// does, region by region.
func TestImmunityProfile(t *testing.T) {
	m, profiles := lastProfiles(t)
	tbl, err := agents.Of(m.World())
	require.NoError(t, err)
	var counted int64
	for _, p := range profiles {
		for _, row := range p {
			for _, n := range row {
				counted += n
			}
		}
	}
	assert.Equal(t, tbl.Live(), counted, "the classes partition the live agents (the first band starts at age 0)")

	ri := abm.DefaultRoutineImmunizationParams()
	sia := abm.DefaultABMSIAParams()
	campaign := model.InstancesOf[*abm.ABMSIACalendar](m)[0].Results()
	require.Len(t, campaign, 1)
	// Ages at the end of the children targeted on the campaign's day.
	youngest, oldest := float64(sia.MinAge+numTicks-1-campaign[0].Tick), float64(sia.MaxAge+numTicks-1-campaign[0].Tick)
	// The lognormal duration of maternal protection (mean 180, sd 60
	// days): the share still protected at age a is P(D > a).
	mp := abm.DefaultMaternalImmunityParams()
	s2 := math.Log(1 + (mp.DurationSD/mp.DurationMean)*(mp.DurationSD/mp.DurationMean))
	protected := func(a float64) float64 {
		return 0.5 * math.Erfc((math.Log(a)-(math.Log(mp.DurationMean)-s2/2))/math.Sqrt(2*s2))
	}
	infant, toddlers := band(t, "under 6 months"), band(t, "2-4 years")
	for region, p := range profiles {
		t.Run(region, func(t *testing.T) {
			// Newborns of immune mothers (97 % of adults are immune) are
			// protected for D days: the mean of P(D > a) over 0–179 days
			// is about 0.83, so most infants are.
			assert.Greater(t, p.share(infant, "maternal"), 0.5)
			for b, x := range bands {
				if x.from < float64(ri.MCV1Age) {
					assert.Zero(t, p[b][classIndex("mcv1")], "%s: MCV1 is given at %d days", x.name, ri.MCV1Age)
				}
				if x.from < float64(ri.MCV2Age) {
					assert.Zero(t, p[b][classIndex("mcv2")], "%s: MCV2 is given at %d days", x.name, ri.MCV2Age)
				}
				if x.from >= 1826 {
					// P(D > 1826 days) is below 1e−12.
					assert.Zero(t, p[b][classIndex("maternal")], "%s: maternal antibodies wane within months", x.name)
				}
				targeted := b+1 < len(bands) && bands[b+1].from > youngest && x.from <= oldest
				if region == "north" || !targeted {
					assert.Zero(t, p[b][classIndex("sia")], "%s: no campaign reached this cohort", x.name)
				}
			}
			// MCV1 immunises a share c·e(270 days) of the children not
			// protected by maternal antibodies on the dose's day (their
			// dose fails): c the region's population-weighted mcv1, e the
			// efficacy under 12 months. Tolerance 0.03: children infected
			// before 9 months count as "infection" (0.8 % of 9–11-month-
			// olds), and the binomial sd for about 10 000 children is 0.005.
			c1, _ := routineCoverage(t, region)
			want := c1 * ri.EfficacyUnder12m * (1 - protected(float64(ri.MCV1Age)))
			assert.InDelta(t, want, p.share(toddlers, "mcv1"), 0.03, "MCV1 share of the 2–4-year-olds")
			assert.Positive(t, p.share(toddlers, "mcv2"))
		})
	}
	c1n, c2n := routineCoverage(t, "north")
	c1s, c2s := routineCoverage(t, "south")
	require.Greater(t, c1n, c1s)
	require.Greater(t, c2n, c2s)
	assert.Greater(t, profiles["north"].share(toddlers, "mcv2"), profiles["south"].share(toddlers, "mcv2"), "MCV2 coverage is higher in the north")
	assert.Greater(t, profiles["south"].share(toddlers, "sia"), 0.1, "the campaign reached the south's 2–4-year-olds")

	// The campaign: doses ≈ coverage × targeted within 4 binomial sd;
	// a dose immunises only a susceptible child.
	r := campaign[0]
	assert.Equal(t, "south_2005-03-01", r.Key)
	sd := math.Sqrt(float64(r.Targeted) * r.Coverage * (1 - r.Coverage))
	assert.InDelta(t, r.Coverage*float64(r.Targeted), float64(r.Doses), 4*sd)
	assert.Less(t, r.Immunised, r.Doses)
	doses := dosesByGroup(model.InstancesOf[*metrics.DosesTracker](m)[0])
	assert.Equal(t, r.Doses, doses["south"]["SIA"])
	assert.Equal(t, r.Immunised, doses["south"]["SIA_immunised"])
	assert.Zero(t, doses["north"]["SIA"])
}

// TestRunPrints runs the program: a header, the campaign, the doses of
// both regions and a profile table per region, one row per band.
func TestRunPrints(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	text := out.String()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	// 5 lines, then per region a blank line, a title, a header and a row
	// per band.
	require.Len(t, lines, 5+2*(3+len(bands)), text)
	assert.True(t, strings.HasPrefix(lines[0], "abm model: 8 towns, 2193 days from 2000-01-01 to 2006-01-01, "), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "SIA south_2005-03-01 (tick 1886): "), "1 March 2005 is day 1886 of the run")
	assert.Contains(t, text, "immunity by age on 2006-01-01, north (% of each age band):\n")
	assert.Contains(t, text, "immunity by age on 2006-01-01, south (% of each age band):\n")
	assert.Regexp(t, `(?m)^\s+age\s+agents\s+S\s+E_I\s+infection\s+mcv1\s+mcv2\s+sia\s+maternal\s+R_other$`, text)
	assert.Regexp(t, `(?m)^\s+15 years \+\s+\d+\s`, text)
}

// TestUnderFive: the program's own phase counts the same infections of
// children under five as an AgeAtInfectionTracker whose first bin is ages
// 0…1824 days, region by region.
func TestUnderFive(t *testing.T) {
	underFive := &UnderFive{}
	ages := metrics.DefaultAgeAtInfectionParams()
	ages.AgeBins = []float64{0, underFiveDays}
	ages.AggregationLevel = 0
	m, err := runModel(context.Background(), func(phases.Model) (phases.Component, error) { return underFive, nil },
		metrics.NewAgeAtInfectionTracker(&ages))
	require.NoError(t, err)
	want := map[string]int64{}
	for b := range model.InstancesOf[*metrics.AgeAtInfectionTracker](m)[0].Blocks {
		if b.State == "0-1825" {
			for k, id := range b.IDs {
				want[id] += b.Counts[k]
			}
		}
	}
	got := map[string]int64{}
	for j, n := range underFive.PerPatch {
		region, _, _ := strings.Cut(m.Scenario().ID[j], ":")
		got[region] += n
	}
	assert.Positive(t, want["north"])
	assert.Positive(t, want["south"])
	assert.Equal(t, want, got)
}

// readTidy returns a tidy CSV's count per (tick, patch_id, state).
func readTidy(t *testing.T, path string) map[[3]string]int64 {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"tick", "date", "patch_id", "state", "count"}, rows[0])
	out := map[[3]string]int64{}
	for _, r := range rows[1:] {
		n, err := strconv.ParseInt(r[4], 10, 64)
		require.NoError(t, err)
		out[[3]string{r[0], r[2], r[3]}] = n
	}
	return out
}

// TestRunFile: run.toml through the command line is the Go program's
// model: the same immunity profile and doses, count for count.
func TestRunFile(t *testing.T) {
	m, err := runModel(context.Background())
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, cli.Execute([]string{"run", "--config", "run.toml", "--out", dir, "--no-progress"}, &stdout, &stderr), stderr.String())

	for _, tc := range []struct {
		file    string
		tracker metrics.Tracker
	}{
		{"immunity_by_age.csv", model.InstancesOf[*metrics.ImmunityByAgeTracker](m)[0]},
		{"doses.csv", model.InstancesOf[*metrics.DosesTracker](m)[0]},
		{"age_pyramid.csv", model.InstancesOf[*metrics.AgePyramidTracker](m)[0]},
	} {
		got := readTidy(t, filepath.Join(dir, tc.file))
		want := map[[3]string]int64{}
		for b := range tc.tracker.Blocks {
			for k, id := range b.IDs {
				want[[3]string{strconv.Itoa(b.Tick), id, b.State}] = b.Counts[k]
			}
		}
		assert.NotEmpty(t, want, tc.file)
		assert.Equal(t, want, got, tc.file)
	}
}
