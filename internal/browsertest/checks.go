package browsertest

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// frameBudgetMs is the most a map frame may take to draw (issue 36: under
// 50 ms at the England and Wales scale, 954 patches × 1 000 weeks).
const frameBudgetMs = 50

// MapWant is what a page's map must show.
type MapWant struct {
	Patches int      // circles drawn: the scenario's patches, or the aggregate's cells
	IDs     []string // the circles' ids, in the data's order
}

// CheckMap runs the interactive checks on an open page with a map: the
// number of circles drawn, the slider moving the date and the colours, the
// measure selector, the hover card, a click selecting a patch and the frame
// time; a screenshot after each. It returns the frame times measured.
func CheckMap(t *testing.T, p *Page, want MapWant) []float64 {
	t.Helper()
	s := p.State()
	require.Equal(t, want.Patches, s.Patches, "patches in the page's data")
	require.Equal(t, want.Patches, s.PatchesDrawn, "circles drawn")
	require.Equal(t, 0, s.Period)
	p.Shot("loaded")

	// The slider: a real click 60 % along it moves to about 60 % of the
	// periods; the date shown and the map's pixels change.
	before, date0 := p.MapDigest(), p.Text("date")
	box := Eval[[]float64](p, `(() => { const b = document.getElementById('slider').getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; })()`)
	p.Do(chromedp.MouseClickXY(box[0]+0.6*box[2], box[1]+box[3]/2))
	s = p.State()
	require.Greater(t, s.Period, 0, "the slider did not move")
	require.InDelta(t, 0.6*float64(s.Periods-1), float64(s.Period), 0.1*float64(s.Periods), "period after a click 60 %% along the slider")
	require.NotEqual(t, date0, p.Text("date"), "date shown")
	require.Contains(t, p.Text("date"), s.Date)
	require.NotEqual(t, before, p.MapDigest(), "the map's colours did not change with the period")
	p.Shot("slider")

	// Play advances the periods by itself; pause stops them.
	period := s.Period
	p.Do(chromedp.Click(chromedp.ID("play")))
	require.True(t, p.State().Playing, "playing after a click on Play")
	_, err := p.run(chromedp.Poll[bool](fmt.Sprintf(`rubeolaView.state().period > %d || !rubeolaView.state().playing`, period),
		chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err, "the period did not advance while playing")
	p.Do(chromedp.Click(chromedp.ID("play")))
	s = p.State()
	require.False(t, s.Playing, "paused after a second click")
	require.NotEqual(t, period, s.Period, "played")
	p.Do(chromedp.MouseClickXY(box[0]+0.6*box[2], box[1]+box[3]/2))

	// Another measure recolours the map.
	before = p.MapDigest()
	measures := Eval[[]string](p, `Array.from(document.getElementById('measure').options).map(o => o.value)`)
	require.GreaterOrEqual(t, len(measures), 2, "measures offered")
	p.Do(chromedp.SetValue(chromedp.ID("measure"), measures[1]),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('measure').dispatchEvent(new Event('change'))`))
	require.Equal(t, measures[1], p.State().Measure)
	require.NotEqual(t, before, p.MapDigest(), "the map's colours did not change with the measure")
	p.Shot("measure-" + measures[1])

	// Hover: the mouse on the centre of a patch no other circle covers
	// (the largest such, so it is easy to see) shows that patch's card.
	i := p.uncoveredPatch()
	pt := Eval[[]float64](p, fmt.Sprintf(`(() => { const q = rubeolaView.patchPoint(%d); return [q.x, q.y]; })()`, i))
	p.Do(chromedp.MouseEvent(chromedp.MouseMoved, pt[0], pt[1]))
	s = p.State()
	require.NotNil(t, s.Hover, "no hover card")
	require.Equal(t, i, s.Hover.Index)
	require.Equal(t, want.IDs[i], s.Hover.ID)
	card := p.Text("card")
	require.Contains(t, card, want.IDs[i])
	require.Contains(t, card, "population")
	require.True(t, Eval[bool](p, `!document.getElementById('card').hidden`), "card hidden")
	p.Shot("hover")

	// A click selects the patch: the series show it.
	p.Do(chromedp.MouseClickXY(pt[0], pt[1]))
	require.Contains(t, p.Text("series-title"), want.IDs[i])
	p.Shot("patch-series")

	// Frame time: the map drawn at 25 periods, timed in the page with
	// performance.now around the draw until the canvas has rasterised it
	// (what the slider's previous draw left pending is flushed first); and
	// for the record, a whole slider step (map and charts' period marker).
	times := Eval[[][]float64](p, `(() => { const ts = [], steps = []; const n = rubeolaView.state().periods;
		const slider = document.getElementById('slider');
		for (let k = 0; k < 25; k++) { slider.value = String(Math.floor(k * (n - 1) / 24));
			const t0 = performance.now(); slider.dispatchEvent(new Event('input')); rubeolaView.flush(); steps.push(performance.now() - t0);
			ts.push(rubeolaView.timeFrame(true)); }
		return [ts, steps]; })()`)
	med := Median(times[0])
	t.Logf("map frame: median %.2f ms, max %.2f ms over %d draws (%d circles, rasterised); whole slider step (map and charts): median %.2f ms, max %.2f ms",
		med, slices.Max(times[0]), len(times[0]), want.Patches, Median(times[1]), slices.Max(times[1]))
	require.Less(t, med, float64(frameBudgetMs), "median frame time")
	frames := times[0]
	p.Events.Check(t)
	return frames
}

// Text is an element's innerText.
func (p *Page) Text(id string) string {
	p.t.Helper()
	return Eval[string](p, fmt.Sprintf(`document.getElementById(%q).innerText`, id))
}

// uncoveredPatch returns the most populous patch whose centre lies in no
// other patch's circle, with its centre at least 5 px inside the map.
func (p *Page) uncoveredPatch() int {
	p.t.Helper()
	pts := Eval[[][]float64](p, `Array.from({length: rubeolaView.state().patches}, (_, i) => { const q = rubeolaView.patchPoint(i); return [q.x, q.y, q.r]; })`)
	box := Eval[[]float64](p, `(() => { const b = document.getElementById('map').getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })()`)
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

// Median of xs (xs is not changed).
func Median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// NoWebAddress fails when html holds http:// or https:// anywhere.
func NoWebAddress(t *testing.T, html string) {
	t.Helper()
	for _, scheme := range []string{"http://", "https://"} {
		if k := strings.Index(strings.ToLower(html), scheme); k >= 0 {
			t.Fatalf("the page holds %q at byte %d: …%s…", scheme, k, html[max(0, k-80):min(len(html), k+80)])
		}
	}
}
