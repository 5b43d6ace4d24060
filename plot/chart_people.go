package plot

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// addPeoplePictures adds the pictures of the trackers of people the run
// has: age-pyramid, age-at-infection, immunity-by-age.
func (d *runData) addPeoplePictures(add func(string, func() (func(draw.Canvas) error, error))) {
	if t := d.people.pyramid; t != nil {
		add("age-pyramid", func() (func(draw.Canvas) error, error) { return pyramidPicture(t) })
	}
	if t := d.people.infection; t != nil {
		add("age-at-infection", func() (func(draw.Canvas) error, error) { return ageInfectionPicture(t) })
	}
	if t := d.people.immunity; t != nil {
		add("immunity-by-age", func() (func(draw.Canvas) error, error) { return immunityPicture(t) })
	}
}

// binLabels is how many bins an age axis labels at most.
const binLabels = 12

// pyramidPicture draws the age pyramid of the first and the last sample
// (all groups): per age bin a horizontal bar of its share of the
// population, in percent.
func pyramidPicture(t *Table) (func(draw.Canvas) error, error) {
	states, bins, err := binStates(t, "")
	if err != nil {
		return nil, err
	}
	last := len(t.Ticks) - 1
	p := newPlot(fmt.Sprintf("Age pyramid, all groups (%s)", baseName(t.Path)), "share of the population (%)", "age")
	p.Add(plotter.NewGrid())
	for k, i := range []int{0, last} {
		if k == 1 && last == 0 {
			break
		}
		shares := make(plotter.Values, len(states))
		var n float64
		for b, s := range states {
			shares[b] = totals(t, s)[i]
			n += shares[b]
		}
		for b := range shares {
			if n > 0 {
				shares[b] *= 100 / n
			}
		}
		bars, err := plotter.NewBarChart(shares, vg.Points(6))
		if err != nil {
			return nil, err
		}
		bars.Horizontal = true
		bars.Color, bars.LineStyle.Width = lineColor(k), 0
		bars.Offset = vg.Points(float64(6*k - 3))
		bars.XMin = 0.5 // bin b at b + 0.5 on the age axis
		p.Add(bars)
		p.Legend.Add(t.Dates[i].Format("2006-01-02"), bars)
	}
	p.Legend.Top = true
	p.Y.Min, p.Y.Max = 0, float64(len(bins))
	p.Y.Tick.Marker = binTicks(bins, 2*binLabels)
	p.X.Min, p.X.Max = 0, p.X.Max*1.1
	return func(c draw.Canvas) error {
		p.Draw(c)
		return nil
	}, nil
}

// ageInfectionPicture draws the age at infection over time: per window
// (column) the share of its infections in each age bin (row, youngest at
// the bottom), with the window's mean age (from age_days_sum) as a line.
func ageInfectionPicture(t *Table) (func(draw.Canvas) error, error) {
	states, bins, err := binStates(t, "")
	if err != nil {
		return nil, err
	}
	cols, rows := len(t.Ticks), len(bins)
	counts := make([][]float64, rows)
	perWindow := make([]float64, cols)
	for b, s := range states {
		counts[b] = totals(t, s)
		for i, v := range counts[b] {
			perWindow[i] += v
		}
	}
	daysSum := totals(t, "age_days_sum")
	hi := 0.0
	for b := range counts {
		for i, v := range counts[b] {
			if perWindow[i] > 0 {
				counts[b][i] = v / perWindow[i]
				hi = math.Max(hi, counts[b][i])
			}
		}
	}
	cmap := &ramp{min: 0, max: math.Max(hi, 1e-9)}
	topDown := slices.Clone(counts) // image rows run top-down: youngest bin at the bottom
	slices.Reverse(topDown)
	img := heatImage(topDown, cmap.colorAt)
	p := newPlot(fmt.Sprintf("Age at infection per window, all groups (%s)", baseName(t.Path)), "window (ending)", "age at infection")
	p.Add(plotter.NewImage(img, 0, 0, float64(cols), float64(rows)))
	var mean plotter.XYs
	for i, n := range perWindow {
		if n > 0 && daysSum != nil {
			mean = append(mean, plotter.XY{X: float64(i) + 0.5, Y: position(bins, daysSum[i]/n)})
		}
	}
	if len(mean) > 0 {
		l, err := plotter.NewLine(mean)
		if err != nil {
			return nil, err
		}
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add("mean age", l)
		p.Legend.Top = true
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, float64(cols), 0, float64(rows)
	p.X.Padding, p.Y.Padding = 0, 0
	p.Y.Tick.Marker = binTicks(bins, binLabels)
	p.X.Tick.Marker = windowTicks(t, windowLabels)

	return withColorBar(p, colorBar(cmap, "share of the window's infections")), nil
}

// windowLabels is how many windows the age at infection's time axis
// labels at most (dates ten characters wide).
const windowLabels = 7

// windowTicks labels about n windows (column i spans [i, i+1)) with
// their last day.
func windowTicks(t *Table, n int) plot.ConstantTicks {
	step := max(1, (len(t.Ticks)+n-1)/n)
	var out plot.ConstantTicks
	for i := 0; i < len(t.Ticks); i += step {
		out = append(out, plot.Tick{Value: float64(i) + 0.5, Label: t.Dates[i].Format("2006-01-02")})
	}
	return out
}

// immunityClasses are the immunity profile's classes in stacking order
// (metrics.ImmunityClasses) and their colours.
var immunityClasses = []immunityClass{{"S", 0}, {"E_I", 1}, {"infection", 2}, {"maternal", 5}, {"mcv1", 3}, {"mcv2", 4}, {"sia", 6}, {"R_other", 8}}

// immunityClass is a class of the immunity profile and its colour.
type immunityClass struct {
	name  string
	color int // index in lineColors
}

// extraClassColors are the colours of the classes of immunity sources a
// program registered (agents.RegisterImmunitySource: three at most), in
// the order they appear in the table; indexes in lineColors no built-in
// class uses.
var extraClassColors = []int{7, 9, 10}

// immunityClassesOf returns the built-in classes with the table's other
// classes (immunity sources a program registered, e.g. "catchup") before
// R_other, in first-appearance order: every agent is in one of them.
func immunityClassesOf(t *Table) []immunityClass {
	out := immunityClasses[: len(immunityClasses)-1 : len(immunityClasses)-1]
	seen := map[string]bool{}
	for _, cl := range immunityClasses {
		seen[cl.name] = true
	}
	for _, st := range t.States {
		name, _, ok := strings.Cut(st, "/")
		if !ok || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, immunityClass{name, extraClassColors[(len(out)-len(immunityClasses)+1)%len(extraClassColors)]})
	}
	return append(out, immunityClasses[len(immunityClasses)-1])
}

// immunityPicture draws the immunity profile of the last sample (all
// groups): per age bin the shares of its agents by class, stacked.
func immunityPicture(t *Table) (func(draw.Canvas) error, error) {
	sStates, bins, err := binStates(t, immunityPrefix)
	if err != nil {
		return nil, err
	}
	classes := immunityClassesOf(t)
	last := len(t.Ticks) - 1
	shares := make([]plotter.Values, len(classes))
	sums := make([]float64, len(bins))
	for c, cl := range classes {
		shares[c] = make(plotter.Values, len(bins))
		for b := range bins {
			if v := totals(t, cl.name+"/"+strings.TrimPrefix(sStates[b], immunityPrefix)); v != nil {
				shares[c][b] = v[last]
				sums[b] += v[last]
			}
		}
	}
	p := newPlot("", "age", "share of the age group")
	title := fmt.Sprintf("Immunity by age on %s, all groups (%s)", t.Dates[last].Format("2006-01-02"), baseName(t.Path))
	var below *plotter.BarChart
	var entries []legendEntry
	for c, cl := range classes {
		if maxOf(shares[c]) == 0 {
			continue
		}
		for b := range bins {
			if sums[b] > 0 {
				shares[c][b] /= sums[b]
			}
		}
		bars, err := plotter.NewBarChart(shares[c], vg.Points(math.Max(2, 400/float64(len(bins)))))
		if err != nil {
			return nil, err
		}
		bars.Color, bars.LineStyle.Width, bars.XMin = lineColor(cl.color), 0, 0.5
		if below != nil {
			bars.StackOn(below)
		}
		below = bars
		p.Add(bars)
		entries = append(entries, legendEntry{cl.name, bars.Color})
	}
	// The bars end at 1; the legend is in a row below the chart (above the
	// bars it needed the axis to run to 1.4), and the chart keeps a margin
	// on the right (the last bar was cut at the picture's edge).
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, float64(len(bins)), 0, 1
	p.Y.Tick.Marker = shareTicks{}
	p.X.Tick.Marker = binTicks(bins, binLabels)
	return func(c draw.Canvas) error {
		c = withTitle(c, title)
		h := drawLegendRows(c, "immunity class, from the bottom of each bar:", entries)
		p.Draw(draw.Crop(c, 0, -vg.Points(12), h, 0))
		return nil
	}, nil
}

// shareTicks marks the shares 0, 0.2, …, 1 (and minor ticks every 0.1).
type shareTicks struct{}

// Ticks implements plot.Ticker.
func (shareTicks) Ticks(_, _ float64) []plot.Tick {
	var ts []plot.Tick
	for k := 0; k <= 10; k++ {
		v := float64(k) / 10
		label := ""
		if k%2 == 0 {
			label = strconv.FormatFloat(v, 'f', 1, 64)
		}
		ts = append(ts, plot.Tick{Value: v, Label: label})
	}
	return ts
}
