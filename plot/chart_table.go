package plot

import (
	"errors"
	"fmt"
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

// tablePicture draws a user table: one panel per state (its own y scale),
// one line per group (the first tableLines groups), over the ticks'
// dates.
func tablePicture(t *Table) (func(draw.Canvas) error, error) {
	if len(t.Ticks) == 0 || len(t.Groups) == 0 {
		return nil, fmt.Errorf("%s has no groups or ticks", t.Path)
	}
	states := t.States[:min(len(t.States), tablePanels)]
	groups := t.Groups[:min(len(t.Groups), tableLines)]
	var panels []*plot.Plot
	for k, state := range states {
		p := newPlot(state, "", "")
		if len(states) > 1 {
			shrinkFonts(p, 10, 9, 8)
		}
		dateAxis(p)
		p.Add(plotter.NewGrid())
		lo, hi := 0.0, 0.0
		for i, g := range groups {
			v := t.Series(state, g)
			l, err := addTimeLine(p, t.Dates, v, lineColor(i), vg.Points(1.2))
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
	if len(panels) == 1 {
		p := panels[0]
		p.Title.Text = title
		p.Y.Label.Text = t.Column
		return func(c draw.Canvas) error {
			p.Draw(c)
			return nil
		}, nil
	}
	return gridPicture(title, panels), nil
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
	title := fmt.Sprintf("%s by group over time (%s, %s)", strings.Join(t.States[:states], ", "), which, baseName(t.Path))
	switch {
	case states < len(t.States):
		title = fmt.Sprintf("The first %d of %d states by group (%s, %s)", states, len(t.States), which, baseName(t.Path))
	case states > 1 && len(title) > maxGridTitle:
		// The panels carry the states' names; a list of six (doses.csv)
		// ran past both edges of the picture.
		title = fmt.Sprintf("%d states by group over time (%s, %s)", states, which, baseName(t.Path))
	}
	return title
}
