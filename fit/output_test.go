package fit

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNumberJSON(t *testing.T) {
	b, err := json.Marshal([]Number{1.5, Number(math.NaN()), Number(math.Inf(-1)), -3804.9})
	require.NoError(t, err)
	assert.Equal(t, "[1.5,null,null,-3804.9]", string(b))
	var back []Number
	require.NoError(t, json.Unmarshal(b, &back))
	assert.True(t, math.IsNaN(float64(back[1])))
	assert.Equal(t, Number(-3804.9), back[3])
}

// testPFilterResult is a small filter result of two places and two
// reports, the second of B missing.
func testPFilterResult() *PFilterResult {
	d := time.Date(1950, 1, 6, 0, 0, 0, 0, time.UTC)
	return &PFilterResult{LogLik: -10.5, SE: math.NaN(), FilterLogLiks: []float64{-10.5}, Particles: 100, Filters: 1,
		Places: []string{"A", "B"}, Dates: []time.Time{d, d.AddDate(0, 0, 7)}, Reports: [][]int64{{3, 4}, {0, Missing}},
		CondLogLik: [][]float64{{-2, -3}, {-0.5, 0}}, ESS: [][]float64{{90, 80.5}, {100, 100}},
		States:  []string{"S", "E", "I", "R", "C"},
		Means:   [][][]float64{{{1, 2, 3, 4, 5}, {1, 2, 3, 4, 6}}, {{7, 8, 9, 10, 0}, {7, 8, 9, 10, 0.25}}},
		Seconds: 2, ParticleDays: 1400}
}

func TestOutputFiles(t *testing.T) {
	dir := t.TempDir()
	o := &Output{Dir: dir}
	r := testPFilterResult()
	require.NoError(t, o.LogLik(r, 7, map[string]float64{"r0": 40}))
	require.NoError(t, o.Filter(r))
	var ll map[string]any
	require.NoError(t, json.Unmarshal(readOutput(t, filepath.Join(dir, LogLikFile)), &ll))
	assert.Equal(t, -10.5, ll["loglik"])
	assert.Nil(t, ll["se"], "NaN is null")
	assert.Equal(t, 1400.0, ll["particle_days_per_second"])
	assert.Equal(t, []any{"A", "B"}, ll["places"])
	assert.Equal(t, 2.0, ll["reports"])
	assert.Equal(t, "1950-01-13", ll["last_report"])
	assert.Equal(t, map[string]any{"r0": 40.0}, ll["set"])
	assert.Equal(t, "place,date,report,cond_loglik,ess,S,E,I,R,C\n"+
		"A,1950-01-06,3,-2,90,1,2,3,4,5\n"+
		"A,1950-01-13,4,-3,80.5,1,2,3,4,6\n"+
		"B,1950-01-06,0,-0.5,100,7,8,9,10,0\n"+
		"B,1950-01-13,NA,0,100,7,8,9,10,0.25\n", string(readOutput(t, filepath.Join(dir, FilterFile))))

	if2 := &IF2Result{Trace: []IF2Iteration{{Iteration: 1, LogLik: -12, Params: map[string]float64{"r0": 30, "rho": 0.4}},
		{Iteration: 2, LogLik: -11, Params: map[string]float64{"r0": 35, "rho": 0.45}}},
		MLE: map[string]float64{"r0": 35, "rho": 0.45, "psi": 0.1}, Seconds: 3}
	require.NoError(t, o.Trace(if2, []string{"r0", "rho"}))
	assert.Equal(t, "iteration,loglik,r0,rho\n1,-12,30,0.4\n2,-11,35,0.45\n", string(readOutput(t, filepath.Join(dir, TraceFile))))
	// Two candidates, iterations 1 and 2; the first wins (-10.5 > -13).
	best, worse := *r, *r
	best.SE = 0.3
	worse.LogLik, worse.SE, worse.Seconds = -13, 0.7, 1
	sel := &IF2Selection{Candidates: IF2Candidates(if2, 2), Best: 0}
	sel.Candidates[0].Eval, sel.Candidates[1].Eval = &best, &worse
	require.NoError(t, o.MLE(if2, sel, TraceConvergence(if2.Trace, []string{"r0", "rho"}), 7))
	var mle MLEReport
	require.NoError(t, json.Unmarshal(readOutput(t, filepath.Join(dir, MLEFile)), &mle))
	assert.Equal(t, Number(30), mle.Params["r0"], "the chosen candidate's: iteration 1")
	assert.Equal(t, Number(0.1), mle.Params["psi"], "with the held parameters")
	assert.Equal(t, Number(-10.5), mle.LogLik)
	assert.Equal(t, 2, mle.Iterations)
	assert.Equal(t, 1, mle.Iteration)
	assert.Equal(t, Number(3), mle.EvalSeconds, "both candidates' filters: 2 + 1 s")
	assert.Equal(t, "the highest particle-filter log-likelihood among the last 2 iterations' parameter means", mle.Selection)
	assert.Equal(t, []CandidateReport{
		{Iteration: 1, LogLik: -10.5, SE: 0.3, Chosen: true, Params: map[string]Number{"r0": 30, "rho": 0.4}},
		{Iteration: 2, LogLik: -13, SE: 0.7, Params: map[string]Number{"r0": 35, "rho": 0.45}},
	}, mle.Candidates)
	assert.False(t, mle.Convergence.Settled)
	assert.Equal(t, 1, mle.Convergence.From)
	assert.Equal(t, 2, mle.Convergence.To)
	require.Len(t, mle.Convergence.Series, 3)
	assert.Equal(t, SeriesReport{Name: "r0", Change: Number(5.0 / 32.5), Tolerance: 0.05}, mle.Convergence.Series[1])
	assert.Contains(t, mle.Convergence.Summary, "not settled over iterations 1–2")

	sim := &Simulation{Places: []string{"A"}, Dates: r.Dates, Reports: [][]int64{{3, Missing}}, Probs: SimulationProbs,
		Simulated: [][][]float64{{{0, 1, 2, 3, 4}, {1, 2, 3, 4, 5.5}}}, Cases: [][][]float64{{{0, 2, 4, 6, 8}, {2, 4, 6, 8, 11}}}}
	require.NoError(t, o.Simulated(sim))
	assert.Equal(t, "place,date,report,q025,q10,q50,q90,q975,cases_q025,cases_q10,cases_q50,cases_q90,cases_q975\n"+
		"A,1950-01-06,3,0,1,2,3,4,0,2,4,6,8\n"+
		"A,1950-01-13,NA,1,2,3,4,5.5,2,4,6,8,11\n", string(readOutput(t, filepath.Join(dir, SimulatedFile))))

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 5, "no temporary file remains")
	assert.Len(t, o.Written, 5)
}

func TestProfileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	o := &Output{Dir: dir}
	points := []ProfilePoint{
		{Index: 0, Value: 40, Start: 0, LogLik: -100.25, SE: 0.5, Params: map[string]float64{"r0": 40, "rho": 0.4}},
		{Index: 1, Value: 40, Start: 1, LogLik: -101, SE: math.NaN(), Params: map[string]float64{"r0": 40, "rho": 0.5, "psi": 0.1}},
	}
	name := ProfileShardFile(1, 3)
	assert.Equal(t, "profile-shard-1-of-3.csv", name)
	require.NoError(t, o.Profile(name, "r0", points))
	text := string(readOutput(t, filepath.Join(dir, name)))
	assert.Equal(t, "parameter,index,value,start,loglik,se,psi,r0,rho\nr0,0,40,0,-100.25,0.5,NA,40,0.4\nr0,1,40,1,-101,NA,0.1,40,0.5\n", text)
	param, back, err := ReadProfile(filepath.Join(dir, name))
	require.NoError(t, err)
	assert.Equal(t, "r0", param)
	require.Len(t, back, 2)
	assert.Equal(t, points[0], back[0])
	assert.True(t, math.IsNaN(back[1].SE))
	assert.Equal(t, points[1].Params, back[1].Params)

	bad := filepath.Join(dir, "bad.csv")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(text, "-100.25", "x", 1)), 0o644))
	_, _, err = ReadProfile(bad)
	assert.ErrorContains(t, err, `bad.csv: row 1: loglik: "x" is not a number`)
	require.NoError(t, os.WriteFile(bad, []byte("a,b\n1,2\n"), 0o644))
	_, _, err = ReadProfile(bad)
	assert.ErrorContains(t, err, "not a profile table")
}

// readOutput returns the file's content.
func readOutput(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// TestProfileShardGrid: a shard's file carries its profile's grid on
// every row (issue 37 item 3); it reads back, and a file whose rows hold
// two grids is refused.
func TestProfileShardGrid(t *testing.T) {
	dir := t.TempDir()
	o := &Output{Dir: dir}
	points := []ProfilePoint{{Index: 0, Value: 40, Start: 0, LogLik: -100.25, SE: 0.5, Params: map[string]float64{"r0": 40}}}
	grid := ProfileGrid("r0", []float64{40, 50}, 1)
	assert.Len(t, grid, 16, "16 hex digits")
	for _, other := range []string{
		ProfileGrid("r0", []float64{40, 51}, 1), ProfileGrid("r0", []float64{40, 50}, 2), ProfileGrid("rho", []float64{40, 50}, 1),
	} {
		assert.NotEqual(t, grid, other, "a different value, starts or parameter is a different grid")
	}
	name := ProfileShardFile(0, 2)
	require.NoError(t, o.ProfileShard(name, "r0", grid, points))
	text := string(readOutput(t, filepath.Join(dir, name)))
	assert.Equal(t, "parameter,index,value,start,loglik,se,r0,profile_grid\nr0,0,40,0,-100.25,0.5,40,"+grid+"\n", text)
	param, g, back, err := ReadProfileShard(filepath.Join(dir, name))
	require.NoError(t, err)
	assert.Equal(t, "r0", param)
	assert.Equal(t, grid, g)
	assert.Equal(t, points, back)

	mixed := filepath.Join(dir, "mixed.csv")
	require.NoError(t, os.WriteFile(mixed, []byte(text+"r0,2,50,0,-99,0.5,50,0123456789abcdef\n"), 0o644))
	_, _, _, err = ReadProfileShard(mixed)
	assert.ErrorContains(t, err, `mixed.csv: row 2: profile_grid "0123456789abcdef", earlier rows "`+grid+`": rows of two profiles`)
}
