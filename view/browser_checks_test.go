package view_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// frameBudgetMs is the most a map frame may take to draw (issue 36: under
// 50 ms at the England and Wales scale, 954 patches × 1 000 weeks).
const frameBudgetMs = 50

// mapWant is what a page's map must show.
type mapWant struct {
	patches int      // circles drawn: the scenario's patches, or the aggregate's cells
	ids     []string // the circles' ids, in the data's order
}

// checkMap runs the interactive checks on an open page with a map: the
// number of circles drawn, the slider moving the date and the colours, the
// measure selector, the hover card, a click selecting a patch and the frame
// time; a screenshot after each. It returns the frame times measured.
func checkMap(t *testing.T, p *browserPage, want mapWant) []float64 {
	t.Helper()
	s := p.state()
	require.Equal(t, want.patches, s.Patches, "patches in the page's data")
	require.Equal(t, want.patches, s.PatchesDrawn, "circles drawn")
	require.Equal(t, 0, s.Period)
	p.shot("loaded")

	// The slider: a real click 60 % along it moves to about 60 % of the
	// periods; the date shown and the map's pixels change.
	before, date0 := p.mapDigest(), p.text("date")
	box := eval[[]float64](p, `(() => { const b = document.getElementById('slider').getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; })()`)
	p.do(chromedp.MouseClickXY(box[0]+0.6*box[2], box[1]+box[3]/2))
	s = p.state()
	require.Greater(t, s.Period, 0, "the slider did not move")
	require.InDelta(t, 0.6*float64(s.Periods-1), float64(s.Period), 0.1*float64(s.Periods), "period after a click 60 %% along the slider")
	require.NotEqual(t, date0, p.text("date"), "date shown")
	require.Contains(t, p.text("date"), s.Date)
	require.NotEqual(t, before, p.mapDigest(), "the map's colours did not change with the period")
	p.shot("slider")

	// Another measure recolours the map.
	before = p.mapDigest()
	measures := eval[[]string](p, `Array.from(document.getElementById('measure').options).map(o => o.value)`)
	require.GreaterOrEqual(t, len(measures), 2, "measures offered")
	p.do(chromedp.SetValue(chromedp.ID("measure"), measures[1]),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('measure').dispatchEvent(new Event('change'))`))
	require.Equal(t, measures[1], p.state().Measure)
	require.NotEqual(t, before, p.mapDigest(), "the map's colours did not change with the measure")
	p.shot("measure-" + measures[1])

	// Hover: the mouse on the centre of a patch no other circle covers
	// (the largest such, so it is easy to see) shows that patch's card.
	i := p.uncoveredPatch()
	pt := eval[[]float64](p, fmt.Sprintf(`(() => { const q = rubeolaView.patchPoint(%d); return [q.x, q.y]; })()`, i))
	p.do(chromedp.MouseEvent(chromedp.MouseMoved, pt[0], pt[1]))
	s = p.state()
	require.NotNil(t, s.Hover, "no hover card")
	require.Equal(t, i, s.Hover.Index)
	require.Equal(t, want.ids[i], s.Hover.ID)
	card := p.text("card")
	require.Contains(t, card, want.ids[i])
	require.Contains(t, card, "population")
	require.True(t, eval[bool](p, `!document.getElementById('card').hidden`), "card hidden")
	p.shot("hover")

	// A click selects the patch: the series show it.
	p.do(chromedp.MouseClickXY(pt[0], pt[1]))
	require.Contains(t, p.text("series-title"), want.ids[i])
	p.shot("patch-series")

	// Frame time: 25 draws at several periods, timed in the page with
	// performance.now around the draw.
	times := eval[[]float64](p, `(() => { const ts = []; const n = rubeolaView.state().periods;
		for (let k = 0; k < 25; k++) { document.getElementById('slider').value = String(Math.floor(k * (n - 1) / 24));
			document.getElementById('slider').dispatchEvent(new Event('input')); ts.push(rubeolaView.timeFrame()); }
		return ts; })()`)
	med := median(times)
	t.Logf("map frame: median %.2f ms, max %.2f ms over %d draws (%d circles)", med, slices.Max(times), len(times), want.patches)
	require.Less(t, med, float64(frameBudgetMs), "median frame time")
	p.events.check(t)
	return times
}

// text is an element's innerText.
func (p *browserPage) text(id string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).innerText`, id))
}

// uncoveredPatch returns the most populous patch whose centre lies in no
// other patch's circle, with its centre at least 5 px inside the map.
func (p *browserPage) uncoveredPatch() int {
	p.t.Helper()
	pts := eval[[][]float64](p, `Array.from({length: rubeolaView.state().patches}, (_, i) => { const q = rubeolaView.patchPoint(i); return [q.x, q.y, q.r]; })`)
	box := eval[[]float64](p, `(() => { const b = document.getElementById('map').getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })()`)
	best := -1
	for i, a := range pts {
		if a[0] < box[0]+5 || a[0] > box[2]-5 || a[1] < box[1]+5 || a[1] > box[3]-5 {
			continue
		}
		covered := false
		for j, b := range pts {
			if j != i && math.Hypot(a[0]-b[0], a[1]-b[1]) <= b[2]+1 {
				covered = true
				break
			}
		}
		if !covered && (best < 0 || a[2] > pts[best][2]) {
			best = i
		}
	}
	require.GreaterOrEqual(p.t, best, 0, "every patch's centre is covered by another circle")
	return best
}

// median of xs (xs is not changed).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// noWebAddress fails when html holds http:// or https:// anywhere.
func noWebAddress(t *testing.T, html string) {
	t.Helper()
	for _, scheme := range []string{"http://", "https://"} {
		if k := strings.Index(strings.ToLower(html), scheme); k >= 0 {
			t.Fatalf("the page holds %q at byte %d: …%s…", scheme, k, html[max(0, k-80):min(len(html), k+80)])
		}
	}
}
