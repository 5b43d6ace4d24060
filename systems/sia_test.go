package systems_test

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// siaScenario is SPEC AT-18's scenario: ids NG:KN:001, NG:KN:002, NG:KD:001,
// NG:KD:002 with S = 10 000 each.
func siaScenario(t *testing.T) *scenario.Table {
	t.Helper()
	return table(t, []string{"NG:KN:001", "NG:KN:002", "NG:KD:001", "NG:KD:002"}, []int64{10000, 10000, 10000, 10000})
}

// day returns midnight UTC of a YYYY-MM-DD date.
func day(s string) time.Time { return must(time.Parse("2006-01-02", s)) }

// siaParams is SPEC AT-18's calendar: level 1 (the reference's 2), campaigns
// NG:KN 2023-01-10, NG:KD 2023-01-15, NG:KN 2023-01-25, efficacy 0.9.
func siaParams() systems.SIACalendarParams {
	p := systems.DefaultSIACalendarParams()
	p.AggregationLevel = 1
	p.Schedule = []systems.Campaign{
		{Group: "NG:KN", Date: day("2023-01-10")},
		{Group: "NG:KD", Date: day("2023-01-15")},
		{Group: "NG:KN", Date: day("2023-01-25")},
	}
	return p
}

// siaRunParams starts in 2023-01 (SPEC AT-18): tick dates 01-01, 01-15, 01-29.
func siaRunParams(ticks int, seed uint64) params.BiweeklyParams {
	p := quietParams(ticks, seed)
	p.StartTime = "2023-01"
	return p
}

// newSIAModel builds a quiet model with an SIA calendar (and more factories).
func newSIAModel(t *testing.T, p params.BiweeklyParams, sp systems.SIACalendarParams, more ...phases.Factory) (*model.Model, *systems.SIACalendar) {
	t.Helper()
	m, err := model.NewBiweekly(siaScenario(t), p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(append([]phases.Factory{systems.NewSIACalendar(&sp)}, more...)...))
	return m, model.InstancesOf[*systems.SIACalendar](m)[0]
}

// SPEC AT-18: defaults (0.9, level 2, "date", "id").
func TestSIADefaults(t *testing.T) {
	p := systems.DefaultSIACalendarParams()
	assert.Equal(t, 0.9, p.Efficacy)
	assert.Equal(t, 2, p.AggregationLevel)
	assert.Equal(t, "date", p.DateColumn)
	assert.Equal(t, "id", p.GroupColumn)
	assert.Nil(t, p.Schedule)
	assert.Nil(t, p.Filter)
	require.EqualError(t, p.Validate(), "SIACalendarProcess: sia_schedule is required")
}

// SPEC AT-18: efficacy outside [0, 1], missing schedule, unknown group and
// level −3 are errors.
func TestSIAParamErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(p *systems.SIACalendarParams)
		want string
	}{
		{"efficacy below 0", func(p *systems.SIACalendarParams) { p.Efficacy = -0.1 }, "sia_efficacy must be in [0, 1], got -0.1"},
		{"efficacy above 1", func(p *systems.SIACalendarParams) { p.Efficacy = 1.1 }, "sia_efficacy must be in [0, 1], got 1.1"},
		{"efficacy NaN", func(p *systems.SIACalendarParams) { p.Efficacy = math.NaN() }, "sia_efficacy must be in [0, 1], got NaN"},
		{"level -3", func(p *systems.SIACalendarParams) { p.AggregationLevel = -3 }, "aggregation_level must be >= -2, got -3"},
		{"no schedule", func(p *systems.SIACalendarParams) { p.Schedule = nil }, "SIACalendarProcess: sia_schedule is required"},
		{"empty group", func(p *systems.SIACalendarParams) { p.Schedule[1].Group = "" }, "sia_schedule[1].id is empty"},
		{"zero date", func(p *systems.SIACalendarParams) { p.Schedule[2].Date = time.Time{} }, "sia_schedule[2].date is missing"},
		{"no date column", func(p *systems.SIACalendarParams) { p.DateColumn = "" }, "date_column must not be empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := siaParams()
			tc.edit(&p)
			require.ErrorContains(t, p.Validate(), tc.want)
			m, err := model.NewBiweekly(siaScenario(t), siaRunParams(3, 1))
			require.NoError(t, err)
			require.ErrorContains(t, m.SetComponents(systems.NewSIACalendar(&p)), tc.want)
		})
	}
	// Efficacy at the bounds is fine.
	for _, e := range []float64{0, 1} {
		p := siaParams()
		p.Efficacy = e
		require.NoError(t, p.Validate())
	}

	m, err := model.NewBiweekly(siaScenario(t), siaRunParams(3, 1))
	require.NoError(t, err)
	require.EqualError(t, m.SetComponents(systems.NewSIACalendar(nil)), "SIACalendarProcess: SIACalendarParams must be provided")

	// Unknown groups are listed once each, in schedule order.
	p := siaParams()
	p.Schedule = append(p.Schedule,
		systems.Campaign{Group: "NG:XX", Date: day("2023-02-01")},
		systems.Campaign{Group: "NG:KN:001", Date: day("2023-02-01")},
		systems.Campaign{Group: "NG:XX", Date: day("2023-03-01")})
	require.EqualError(t, m.SetComponents(systems.NewSIACalendar(&p)),
		`SIACalendarProcess: sia_schedule groups ["NG:XX" "NG:KN:001"] are not group keys of any patch at aggregation_level 1 (e.g. "NG:KN")`)

	// A filter that keeps nothing (SPEC §8.1).
	p = siaParams()
	p.Filter = func(string) bool { return false }
	require.EqualError(t, m.SetComponents(systems.NewSIACalendar(&p)), "SIACalendarProcess: the filter keeps no patch")
}

// SPEC AT-18: tick 0 (2023-01-01) none, tick 1 (01-15) two implemented,
// tick 2 (01-29) three; a second Step at the same tick adds nothing; the
// moved fraction at tick 1 is within 5 SE of 0.9.
func TestSIACalendarFiring(t *testing.T) {
	m, sia := newSIAModel(t, siaRunParams(5, 7), siaParams())
	assert.Equal(t, []string{"NG:KN", "NG:KD"}, sia.GroupIDs(), "level 1: two groups of two patches")

	require.NoError(t, m.RunTicks(t.Context(), 1))
	assert.Empty(t, sia.Implemented(), "tick 0")
	assert.Equal(t, int64(40000), m.Patches().Totals().S)

	require.NoError(t, m.RunTicks(t.Context(), 1))
	assert.Equal(t, []string{"NG:KN_2023-01-10", "NG:KD_2023-01-15"}, sia.Implemented(), "tick 1")
	// Every patch had one campaign: moved ~ Binomial(40 000, 0.9) in total,
	// SE of the fraction √(0.9·0.1/40 000) = 0.0015.
	tot := m.Patches().Totals()
	assert.Equal(t, int64(40000), tot.S+tot.R)
	assert.InDelta(t, 0.9, float64(tot.R)/40000, 5*math.Sqrt(0.9*0.1/40000))
	for j := range 4 {
		assert.Positive(t, m.Patches().Get(j).R, "patch %d", j)
	}

	// A second Step at tick 1 changes nothing.
	before := m.Patches().Totals()
	require.NoError(t, sia.Step(atTick{m, 1}, 1))
	assert.Equal(t, before, m.Patches().Totals())
	assert.Len(t, sia.Implemented(), 2)

	require.NoError(t, m.RunTicks(t.Context(), 1))
	assert.Equal(t, []string{"NG:KN_2023-01-10", "NG:KD_2023-01-15", "NG:KN_2023-01-25"}, sia.Implemented(), "tick 2")
	require.NoError(t, sia.Step(atTick{m, 2}, 2))
	assert.Len(t, sia.Implemented(), 3, "second Step at tick 2")
	require.NoError(t, m.Run(t.Context()))
	assert.Len(t, sia.Implemented(), 3, "nothing after the last campaign")
}

// TestSIADuplicatesAndOrder: duplicate (group, date) rows fire once;
// campaigns becoming due at the same tick fire in schedule order, not date
// order; a campaign dated before the start fires at tick 0.
func TestSIADuplicatesAndOrder(t *testing.T) {
	p := siaParams()
	p.Schedule = []systems.Campaign{
		{Group: "NG:KD", Date: day("2023-01-14")},
		{Group: "NG:KN", Date: day("2023-01-02")},
		{Group: "NG:KD", Date: day("2023-01-14")},
		{Group: "NG:KN", Date: day("2022-12-01")},
		{Group: "NG:KN", Date: day("2023-01-02")},
	}
	m, sia := newSIAModel(t, siaRunParams(4, 3), p)
	require.NoError(t, m.RunTicks(t.Context(), 1))
	assert.Equal(t, []string{"NG:KN_2022-12-01"}, sia.Implemented())
	require.NoError(t, m.Run(t.Context()))
	assert.Equal(t, []string{"NG:KN_2022-12-01", "NG:KD_2023-01-14", "NG:KN_2023-01-02"}, sia.Implemented())
}

// TestSIAEfficacyOne: efficacy 1 moves every susceptible without draws.
func TestSIAEfficacyOne(t *testing.T) {
	p := siaParams()
	p.Efficacy = 1
	m, _ := newSIAModel(t, siaRunParams(2, 1), p)
	require.NoError(t, m.Run(t.Context()))
	assert.Equal(t, model.Counts{S: 0, I: 0, R: 40000}, m.Patches().Totals())
}

// SPEC AT-18: a filter excluding NG:KD → its campaigns never fire.
func TestSIAFilter(t *testing.T) {
	p := siaParams()
	p.Filter = func(id string) bool { return !strings.HasPrefix(id, "NG:KD") }
	var out bytes.Buffer
	rp := siaRunParams(5, 2)
	rp.Verbose = true
	m, err := model.NewBiweekly(siaScenario(t), rp, model.WithStdout(&out), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(systems.NewSIACalendar(&p)))
	require.NoError(t, m.Run(t.Context()))
	sia := model.InstancesOf[*systems.SIACalendar](m)[0]
	assert.Equal(t, []string{"NG:KN"}, sia.GroupIDs())
	assert.Equal(t, []string{"NG:KN_2023-01-10", "NG:KN_2023-01-25"}, sia.Implemented())
	for j := 2; j < 4; j++ {
		assert.Equal(t, model.Counts{S: 10000}, m.Patches().Get(j), "NG:KD patch %d untouched", j)
	}
	assert.Contains(t, out.String(), "SIACalendar initialized with 1 groups\n")
}

// SPEC AT-18: verbose prints "SIACalendar initialized with 2 groups".
func TestSIAVerbose(t *testing.T) {
	var out bytes.Buffer
	rp := siaRunParams(1, 2)
	rp.Verbose = true
	m, err := model.NewBiweekly(siaScenario(t), rp, model.WithStdout(&out), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	sp := siaParams()
	require.NoError(t, m.SetComponents(systems.NewSIACalendar(&sp)))
	require.NoError(t, m.Initialize())
	assert.Contains(t, out.String(), "SIACalendar initialized with 2 groups\n")
}

// SPEC AT-18: an empty schedule does nothing.
func TestSIAEmptySchedule(t *testing.T) {
	p := siaParams()
	p.Schedule = []systems.Campaign{}
	m, sia := newSIAModel(t, siaRunParams(5, 1), p)
	require.NoError(t, m.Run(t.Context()))
	assert.Empty(t, sia.Implemented())
	assert.Equal(t, model.Counts{S: 40000}, m.Patches().Totals())

	q, err := systems.DecodeSIACalendarParams([]byte(`{"sia_schedule": []}`))
	require.NoError(t, err)
	assert.NotNil(t, q.Schedule)
	assert.Empty(t, q.Schedule)
}

// SPEC AT-18: string dates in a CSV schedule are accepted (extra columns
// ignored) and a 30-tick run with the AT-18 calendar does not fail.
func TestSIAScheduleCSV(t *testing.T) {
	csvText := "date,id,note\n2023-01-10,NG:KN,first\n2023-01-15 , NG:KD ,\n2023-01-25,NG:KN,\n"
	sched, err := systems.LoadSchedule(strings.NewReader(csvText), systems.DefaultSIACalendarParams())
	require.NoError(t, err)
	assert.Equal(t, siaParams().Schedule, sched)

	p := siaParams()
	p.Schedule = sched
	rp := siaRunParams(30, 9)
	m, sia := newSIAModel(t, rp, p, systems.NewInfectionSeeding(nil), systems.NewInfection(nil), systems.NewVitalDynamics(nil))
	require.NoError(t, m.Run(t.Context()))
	assert.Len(t, sia.Implemented(), 3)
	assert.Equal(t, 30, m.Tick())
}

func TestLoadScheduleErrors(t *testing.T) {
	def := systems.DefaultSIACalendarParams()
	for _, tc := range []struct{ name, csv, want string }{
		{"no date column", "id,when\nNG:KN,2023-01-01\n", `sia_schedule must contain columns "id" and "date" (found ["id" "when"])`},
		{"no id column", "date\n2023-01-01\n", `sia_schedule must contain columns "id" and "date"`},
		{"empty", "", `sia_schedule: empty CSV, expected a header with columns "id" and "date"`},
		{"bad date", "id,date\nNG:KN,2023-01-01\nNG:KD,2023-02-30\n", `sia_schedule row 2, column "date": "2023-02-30" is not a YYYY-MM-DD date`},
		{"short date", "id,date\nNG:KN,2023-1-5\n", `sia_schedule row 1, column "date": "2023-1-5" is not a YYYY-MM-DD date`},
		{"zero date", "id,date\nNG:KN,0001-01-01\n", `sia_schedule row 1, column "date": "0001-01-01" is the zero date, which reads as no date: give a campaign date from 0001-01-02 on`},
		{"missing group", "id,date\n,2023-01-01\n", `sia_schedule row 1, column "id": missing value`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := systems.LoadSchedule(strings.NewReader(tc.csv), def)
			require.ErrorContains(t, err, tc.want)
		})
	}
	// Every bad row is reported.
	_, err := systems.LoadSchedule(strings.NewReader("id,date\na,x\nb,y\n"), def)
	require.ErrorContains(t, err, `row 1, column "date": "x"`)
	require.ErrorContains(t, err, `row 2, column "date": "y"`)

	// Custom columns; a header alone is an empty schedule.
	p := def
	p.GroupColumn, p.DateColumn = "region", "start"
	sched, err := systems.LoadSchedule(strings.NewReader("\ufeffstart,region\n2023-03-01,NG:KN\n"), p)
	require.NoError(t, err)
	assert.Equal(t, []systems.Campaign{{Group: "NG:KN", Date: day("2023-03-01")}}, sched)
	sched, err = systems.LoadSchedule(strings.NewReader("region,start\n"), p)
	require.NoError(t, err)
	assert.NotNil(t, sched)
	assert.Empty(t, sched)
	_, err = systems.LoadSchedule(strings.NewReader("id,date\n"), p)
	require.ErrorContains(t, err, `sia_schedule must contain columns "region" and "start"`)

	// LoadScheduleFile prefixes every line with the path.
	path := filepath.Join(t.TempDir(), "sia.csv")
	require.NoError(t, os.WriteFile(path, []byte("id,date\na,x\nb,y\n"), 0o600))
	_, err = systems.LoadScheduleFile(path, def)
	require.Error(t, err)
	for _, line := range strings.Split(err.Error(), "\n") {
		assert.True(t, strings.HasPrefix(line, path+": sia_schedule row "), line)
	}
	_, err = systems.LoadScheduleFile(filepath.Join(t.TempDir(), "missing.csv"), def)
	require.ErrorContains(t, err, "missing.csv")
}

// TestSIADecode covers strict decoding of SIACalendarParams: the list form
// of sia_schedule, a CSV path, and the error texts.
func TestSIADecode(t *testing.T) {
	in := `{"sia_efficacy": 0.8, "aggregation_level": 1, "sia_schedule": [
		{"id": "NG:KN", "date": "2023-01-10"}, {"date": "2023-01-15", "id": "NG:KD"}]}`
	p, err := systems.DecodeSIACalendarParams([]byte(in))
	require.NoError(t, err)
	assert.Equal(t, 0.8, p.Efficacy)
	assert.Equal(t, 1, p.AggregationLevel)
	assert.Equal(t, "date", p.DateColumn, "defaults fill the rest")
	assert.Equal(t, siaParams().Schedule[:2], p.Schedule)

	for _, tc := range []struct{ name, in, want string }{
		{"empty", ``, "SIACalendarProcess: SIACalendarParams must be provided"},
		{"null", `null`, "SIACalendarProcess: SIACalendarParams must be provided"},
		{"no schedule", `{}`, "SIACalendarProcess: sia_schedule is required"},
		{"null schedule", `{"sia_schedule": null}`, "SIACalendarProcess: sia_schedule is required"},
		{"unknown key", `{"sia_schedule": [], "coverage": 0.5}`, `SIACalendarProcess: unknown key "coverage"`},
		{"efficacy", `{"sia_schedule": [], "sia_efficacy": 2}`, "sia_efficacy must be in [0, 1], got 2"},
		{"level", `{"sia_schedule": [], "aggregation_level": -3}`, "aggregation_level must be >= -2, got -3"},
		{"bad date", `{"sia_schedule": [{"id": "a", "date": "2023-01-01"}, {"id": "a", "date": "2023-01-02"}, {"id": "b", "date": "2023-13-01"}]}`,
			`SIACalendarProcess: sia_schedule[2].date: "2023-13-01" is not a YYYY-MM-DD date`},
		{"unknown campaign key", `{"sia_schedule": [{"id": "a", "date": "2023-01-01", "dose": 2}]}`,
			`SIACalendarProcess: sia_schedule[0]: unknown key "dose" (known keys: id, date)`},
		{"misspelt campaign key", `{"sia_schedule": [{"id": "a", "dates": "2023-01-01"}]}`,
			`sia_schedule[0]: unknown key "dates" (did you mean "date"?)`},
		{"missing date", `{"sia_schedule": [{"id": "a"}]}`, `SIACalendarProcess: sia_schedule[0].date is missing`},
		{"number id", `{"sia_schedule": [{"id": 5, "date": "2023-01-01"}]}`, `sia_schedule[0].id: expected a string, got 5`},
		{"not an object", `{"sia_schedule": ["a"]}`, `sia_schedule[0]: expected an object`},
		{"not a list", `{"sia_schedule": 5}`, `sia_schedule: expected a list of {"id": …, "date": "YYYY-MM-DD"} objects or the path of a CSV file, got 5`},
		{"missing file", `{"sia_schedule": "/nonexistent/sia.csv"}`, `/nonexistent/sia.csv`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := systems.DecodeSIACalendarParams([]byte(tc.in))
			require.ErrorContains(t, err, tc.want)
		})
	}

	// A string is the path of a CSV schedule read with the given columns.
	path := filepath.Join(t.TempDir(), "sia.csv")
	require.NoError(t, os.WriteFile(path, []byte("region,start,x\nNG:KN,2023-01-10,1\nNG:KD,2023-01-15,2\n"), 0o600))
	data, err := json.Marshal(map[string]any{"sia_schedule": path, "group_column": "region", "date_column": "start"})
	require.NoError(t, err)
	p, err = systems.DecodeSIACalendarParams(data)
	require.NoError(t, err)
	assert.Equal(t, siaParams().Schedule[:2], p.Schedule)
	data, err = json.Marshal(map[string]any{"sia_schedule": path})
	require.NoError(t, err)
	_, err = systems.DecodeSIACalendarParams(data)
	require.ErrorContains(t, err, path+`: sia_schedule must contain columns "id" and "date"`)
}

// TestSIAJSONRoundTrip: encoding emits the canonical list form, every key,
// and decoding it gives the same params (snapshots and run files rely on it).
func TestSIAJSONRoundTrip(t *testing.T) {
	p := siaParams()
	data, err := json.Marshal(p)
	require.NoError(t, err)
	assert.JSONEq(t, `{"sia_efficacy": 0.9, "aggregation_level": 1, "date_column": "date", "group_column": "id",
		"sia_schedule": [{"id": "NG:KN", "date": "2023-01-10"}, {"id": "NG:KD", "date": "2023-01-15"}, {"id": "NG:KN", "date": "2023-01-25"}]}`, string(data))
	q, err := systems.DecodeSIACalendarParams(data)
	require.NoError(t, err)
	assert.Equal(t, p.Schedule, q.Schedule)
	q.Filter = nil
	again, err := json.Marshal(q)
	require.NoError(t, err)
	assert.Equal(t, string(data), string(again))

	// A CSV path is decoded into the list; encoding emits the list.
	path := filepath.Join(t.TempDir(), "sia.csv")
	require.NoError(t, os.WriteFile(path, []byte("id,date\nNG:KN,2023-01-10\n"), 0o600))
	q, err = systems.DecodeSIACalendarParams(must(json.Marshal(map[string]any{"sia_schedule": path})))
	require.NoError(t, err)
	enc, err := json.Marshal(q)
	require.NoError(t, err)
	assert.Contains(t, string(enc), `"sia_schedule":[{"id":"NG:KN","date":"2023-01-10"}]`)

	// Campaign decodes strictly through encoding/json too.
	var c systems.Campaign
	require.NoError(t, json.Unmarshal([]byte(`{"id": "g", "date": "2024-02-29"}`), &c))
	assert.Equal(t, systems.Campaign{Group: "g", Date: day("2024-02-29")}, c)
	require.ErrorContains(t, json.Unmarshal([]byte(`{"id": "g", "date": "2023-02-29"}`), &c), `campaign.date: "2023-02-29" is not a YYYY-MM-DD date`)
}

// TestSIAParamsCopied: the instance keeps its own schedule; Params returns a
// copy.
func TestSIAParamsCopied(t *testing.T) {
	p := siaParams()
	_, sia := newSIAModel(t, siaRunParams(1, 1), p)
	p.Schedule[0].Group = "changed"
	got := sia.Params()
	assert.Equal(t, "NG:KN", got.Schedule[0].Group)
	got.Schedule[0].Group = "changed"
	assert.Equal(t, "NG:KN", sia.Params().Schedule[0].Group)
}

// TestSIANoAllocations checks DESIGN §4 rule 1: a Step with nothing due
// allocates nothing.
func TestSIANoAllocations(t *testing.T) {
	m, sia := newSIAModel(t, siaRunParams(5, 1), siaParams())
	require.NoError(t, m.Run(t.Context()))
	var view phases.Model = atTick{m, 4}
	allocs := testing.AllocsPerRun(100, func() {
		if err := sia.Step(view, 4); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}
