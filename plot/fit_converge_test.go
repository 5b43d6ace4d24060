package plot

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/plotter"

	"github.com/rubeola/rubeola/fit"
)

// convergenceTrace is 12 iterations with r0 flat at 56 and rho still
// climbing 2 % an iteration over the last 10, the log-likelihood flat.
func convergenceTrace() []fit.IF2Iteration {
	var tr []fit.IF2Iteration
	for m := 1; m <= 12; m++ {
		tr = append(tr, fit.IF2Iteration{Iteration: m, LogLik: -3805,
			Params: map[string]float64{"r0": 56, "rho": 0.4 * math.Pow(1.02, float64(m))}})
	}
	return tr
}

func TestMarkConvergence(t *testing.T) {
	c := fit.TraceConvergence(convergenceTrace(), []string{"r0", "rho"})
	tests := []struct {
		series int
		title  string
		shade  any
	}{
		{series: 0, title: "loglik: changed by +0, settled", shade: settledShade},
		{series: 1, title: "r0: moved 0 %, settled", shade: settledShade},
		// rho over iterations 3–12 is 0.4·1.02^k: its range 1.02^12 − 1.02^3
		// = 0.207 over its mean 1.162 (times 0.4 both) is 17.8 %.
		{series: 2, title: "rho: moved 18 %, not settled", shade: unsettledShade},
	}
	for _, tc := range tests {
		t.Run(tc.title, func(t *testing.T) {
			p := newPlot("x", "", "")
			l, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 0}, {X: 12, Y: 1}})
			require.NoError(t, err)
			p.Add(l)
			require.NoError(t, markConvergence(p, c.Series[tc.series], c))
			assert.Equal(t, tc.title, p.Title.Text)
			text := settledText
			if tc.shade == unsettledShade {
				text = unsettledText
			}
			assert.Equal(t, text, p.Title.TextStyle.Color)
			assert.Equal(t, 0.0, p.Y.Min, "the band does not widen the panel")
			assert.Equal(t, 1.0, p.Y.Max)
		})
	}
}

func TestConvergenceTitle(t *testing.T) {
	tr := convergenceTrace()
	flat := append([]fit.IF2Iteration(nil), tr...)
	for i := range flat {
		flat[i].Params = map[string]float64{"r0": 56, "rho": 0.5}
	}
	tests := []struct {
		name  string
		trace []fit.IF2Iteration
		want  string
	}{
		{name: "settled", trace: flat,
			want: "the search has settled over iterations 3–12 (shaded): every estimate within 5 %, log-likelihood within ±3"},
		{name: "rho moving", trace: tr,
			want: "NOT settled over iterations 3–12 (shaded; red: more than 5 %, or a log-likelihood change beyond ±3): rho"},
		{name: "short", trace: flat[:4], want: "NOT settled: 4 iterations, fewer than the 10 judged"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, convergenceTitle(fit.TraceConvergence(tc.trace, []string{"r0", "rho"})))
		})
	}
}

// TestConvergenceTitleLongList: London's search of docs/fit.md's forecast
// check left seven series unsettled; on one line with the head (160
// characters) the title ran off both edges of trace.png, so the list
// takes a line of its own.
func TestConvergenceTitleLongList(t *testing.T) {
	c := fit.Convergence{From: 21, To: 30}
	for _, name := range []string{"r0", "amplitude", "rho", "sigma_se", "psi", "iota", "cohort"} {
		c.Series = append(c.Series, fit.SeriesConvergence{Name: name})
	}
	assert.Equal(t, "NOT settled over iterations 21–30 (shaded; red: more than 5 %, or a log-likelihood change beyond ±3):\n"+
		"r0, amplitude, rho, sigma_se, psi, iota, cohort", convergenceTitle(c))
}
