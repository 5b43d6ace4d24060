package plot

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/rubeola/rubeola/metrics"
)

// builtinTable matches the base names of the tables the built-in
// trackers and the run write (docs/outputs.md): they are not user tables.
var builtinTable = regexp.MustCompile(`^(states|population|cases|fadeouts)(-[0-9]+)?$|^(timing|summary|age_pyramid|age_at_infection|immunity_by_age)$`)

// userTables lists DIR's user tables (a user tracker's tidy output, e.g. a
// tracker kit's): every .csv or .parquet file that is not a built-in
// table, by base name (the CSV when both exist), in name order.
func userTables(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var bases []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		base := strings.TrimSuffix(e.Name(), ext)
		if (ext == metrics.CSV.Ext() || ext == metrics.Parquet.Ext()) && e.Type().IsRegular() && !builtinTable.MatchString(base) && !slices.Contains(bases, base) {
			bases = append(bases, base)
		}
	}
	slices.Sort(bases)
	paths := make([]string, len(bases))
	for i, b := range bases {
		paths[i] = findTable(dir, b)
	}
	return paths
}

// readUserTables reads the user tables; a file that is not a tidy table
// (no tick, date, patch_id, state and count or value columns) is noted
// and skipped, a tidy table with bad content is an error.
func (d *runData) readUserTables() error {
	for _, path := range userTables(d.dir) {
		t, err := ReadTable(path)
		switch {
		case errors.Is(err, errNoColumn):
			d.note("%s is not a tidy table (%v): skipped", baseName(path), err)
		case err != nil:
			return err
		default:
			d.user = append(d.user, t)
		}
	}
	return nil
}

// tableLines is the most groups drawn in a user table's panels: more lines
// than the palette's distinct colours would not be told apart.
const tableLines = 8

// tablePanels is the most states a user table's picture has a panel for.
const tablePanels = 6

// eventTables are the base names of the tables whose counts are events
// per tick (the DosesTracker's doses, metrics/abm_doses.go): they are drawn
// cumulative, where a line of daily counts is noise.
var eventTables = []string{"doses"}

// isEventTable reports whether t counts events per tick.
func isEventTable(t *Table) bool {
	return t.Column == "count" && slices.Contains(eventTables, strings.TrimSuffix(baseName(t.Path), filepath.Ext(t.Path)))
}

// maxTablePoints is the most points per line a user table's picture draws:
// longer series are drawn as the means of consecutive runs of ticks (a
// line of thousands of daily values is a smear).
const maxTablePoints = 300

// tablePicture draws a user table: one panel per state (its own y scale),
// one line per group (the first tableLines groups), over the ticks'
// dates; an event table (doses) as running totals, other tables of more
// than maxTablePoints ticks as the means of runs of ticks (the title says
// which).
func tablePicture(t *Table) (func(draw.Canvas) error, error) {
	if len(t.Ticks) == 0 || len(t.Groups) == 0 {
		return nil, fmt.Errorf("%s has no groups or ticks", t.Path)
	}
	states := t.States[:min(len(t.States), tablePanels)]
	groups := t.Groups[:min(len(t.Groups), tableLines)]
	cumulative := isEventTable(t)
	per := 1
	if !cumulative {
		per = ceilDiv(len(t.Dates), maxTablePoints)
	}
	xs := make([]float64, len(t.Dates))
	for i, d := range t.Dates {
		xs[i] = unix(d)
	}
	xs = binFirsts(xs, per)
	var panels []*plot.Plot
	for k, state := range states {
		p := newPlot(state, "", "")
		if len(states) > 1 {
			shrinkFonts(p, 10, 9, 8)
		}
		dateAxis(p)
		p.Y.Tick.Marker = plot.TickerFunc(countTicks)
		p.Add(plotter.NewGrid())
		lo, hi := 0.0, 0.0
		for i, g := range groups {
			v := t.Series(state, g)
			if cumulative {
				v = runningTotal(v)
			}
			v = binOf(v, per, meanOf)
			l, err := addXYLine(p, xs, v, lineColor(i), vg.Points(1.2))
			if err != nil {
				return nil, err
			}
			if k == 0 {
				p.Legend.Add(g, l)
			}
			lo, hi = min(lo, minOf(v)), max(hi, maxOf(v))
		}
		p.Legend.Top, p.Legend.Left = true, true
		p.Y.Min, p.Y.Max = lo, hi+0.25*(hi-lo)
		if p.Y.Max <= p.Y.Min {
			p.Y.Max = p.Y.Min + 1
		}
		panels = append(panels, p)
	}
	title := tableTitle(t, len(states), len(groups))
	if per > 1 {
		title += fmt.Sprintf(", means of %d ticks", per)
	}
	if len(panels) == 1 {
		p := panels[0]
		p.Title.Text = title
		p.Y.Label.Text = states[0]
		if cumulative {
			p.Y.Label.Text += ", running total"
		}
		return func(c draw.Canvas) error {
			p.Draw(c)
			return nil
		}, nil
	}
	return gridPicture(title, panels), nil
}

// runningTotal is the running sum of v.
func runningTotal(v []float64) []float64 {
	out := make([]float64, len(v))
	sum := 0.0
	for i, x := range v {
		sum += x
		out[i] = sum
	}
	return out
}

// addXYLine adds a line through (xs[i], ys[i]) to p, with a dot when it is
// a single point.
func addXYLine(p *plot.Plot, xs, ys []float64, c color.Color, width vg.Length) (*plotter.Line, error) {
	xys := make(plotter.XYs, len(xs))
	for i := range xs {
		xys[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return addLine(p, xys, c, width)
}

// minOf is the smallest of v (0 for none or all positive).
func minOf(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

// maxGridTitle is the longest title, in characters, a grid of panels gets
// before its states' names are left to the panels: at the pictures' 1200
// points and title font, doses.csv's 102-character title lost a character
// at each edge, so 90 leaves a margin.
const maxGridTitle = 90

// tableTitle is the title of a user table's picture showing its first
// states and groups: the states' names, unless some are left out or the
// list would run past the picture's edges (the panels then name them).
func tableTitle(t *Table, states, groups int) string {
	which := fmt.Sprintf("%d groups", len(t.Groups))
	switch {
	case len(t.Groups) == 1:
		which = "group " + t.Groups[0]
	case groups < len(t.Groups):
		which = fmt.Sprintf("the first %d of %d groups", groups, len(t.Groups))
	}
	name := capitalise(strings.TrimSuffix(baseName(t.Path), filepath.Ext(t.Path)))
	if isEventTable(t) {
		// The panels carry the states' names.
		return fmt.Sprintf("%s given by group, running totals (%s, %s)", name, which, baseName(t.Path))
	}
	title := fmt.Sprintf("%s by group over time (%s, %s)", strings.Join(t.States[:states], ", "), which, baseName(t.Path))
	switch {
	case states < len(t.States):
		title = fmt.Sprintf("%s: the first %d of %d states by group (%s, %s)", name, states, len(t.States), which, baseName(t.Path))
	case states > 1 && len(title) > maxGridTitle:
		// The panels carry the states' names; a list of six ran past both
		// edges of the picture.
		title = fmt.Sprintf("%s by group over time (%s, %s)", name, which, baseName(t.Path))
	}
	return title
}
