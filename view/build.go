package view

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/internal/atomicfile"
	"github.com/rubeola/rubeola/plot/mapdata"
)

// Where Build writes the page: DIR/view/index.html.
const (
	Dir  = "view"
	File = "index.html"
)

// Options are how [Build] makes a page.
type Options struct {
	// Scenario is the scenario file with the patches' coordinates; ""
	// finds it from summary.json (mapdata.FindScenario).
	Scenario string
	// Shapefile holds admin boundaries to draw under the patches ("":
	// none).
	Shapefile string
	// MaxValues bounds the per-patch values the page holds (0:
	// DefaultMaxValues).
	MaxValues int
}

// Result is what [Build] wrote.
type Result struct {
	// Path is the page and Bytes its size.
	Path  string
	Bytes int64
	// Kind is the payload's kind: "run", "ensemble" or "fit".
	Kind string
	// Places are the circles on the map (0: no map), Patches the
	// scenario's patches, Periods the map's time steps.
	Places, Patches, Periods int
	// Notes say what was aggregated or left out, as the page does.
	Notes []string
}

// Build reads the run, ensemble or fit in dir and writes DIR/view/index.html
// atomically (a failed build leaves no page and no new DIR/view). Input
// problems are [*InputError]s or mapdata's.
func Build(dir string, opts Options) (*Result, error) {
	p, places, patches, err := Load(dir, opts)
	if err != nil {
		return nil, err
	}
	out := filepath.Join(dir, Dir)
	_, statErr := os.Stat(out)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(out, File)
	var n countWriter
	err = atomicfile.Write(path, 0o644, func(w io.Writer) error { return WritePage(io.MultiWriter(w, &n), p) })
	if err != nil {
		if errors.Is(statErr, os.ErrNotExist) {
			_ = os.Remove(out) // only if empty: ours
		}
		return nil, err
	}
	return &Result{Path: path, Bytes: int64(n), Kind: p.Kind, Places: places, Patches: patches, Periods: len(p.Dates), Notes: p.Notes}, nil
}

// countWriter counts the bytes written through it.
type countWriter int64

func (c *countWriter) Write(b []byte) (int, error) { *c += countWriter(len(b)); return len(b), nil }

// Load reads dir into the page's data: a `rubeola fit` directory (its fit/
// folder), an ensemble (ensemble/) or a run. It also returns the map's
// places and the scenario's patches (0 without a map).
func Load(dir string, opts Options) (p *Payload, places, patches int, err error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, 0, 0, err
	}
	if !info.IsDir() {
		return nil, 0, 0, &InputError{File: dir, Err: errors.New("not a directory: expected a run's output directory")}
	}
	if opts.MaxValues <= 0 {
		opts.MaxValues = DefaultMaxValues
	}
	if IsFitDir(dir) {
		f, err := ReadFit(dir)
		if err != nil {
			return nil, 0, 0, err
		}
		p := &Payload{Kind: "fit", Title: "rubeola fit: " + filepath.Base(absOr(dir)), Subtitle: dir, Fit: f}
		return p, 0, 0, nil
	}
	ens := filepath.Join(dir, ensembleDir)
	if st, err := os.Stat(ens); err == nil && st.IsDir() {
		return loadEnsemble(dir, ens, opts)
	}
	return loadRun(dir, opts)
}

// exists reports whether path exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// absOr is path made absolute, or path when it cannot be.
func absOr(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}

// loadRun reads a single run: the map from its per-patch tables, or
// without them the totals of its states table and a note.
func loadRun(dir string, opts Options) (*Payload, int, int, error) {
	p := &Payload{Kind: "run", Title: "rubeola run: " + filepath.Base(absOr(dir)), Subtitle: dir}
	if !exists(filepath.Join(dir, "summary.json")) && !exists(filepath.Join(dir, "states.csv")) {
		return nil, 0, 0, &InputError{File: dir, Err: errors.New("no rubeola outputs here: expected a run's summary.json and states.csv, an ensemble's ensemble/ or a fit's fit/")}
	}
	d, err := mapdata.Load(dir, mapdata.Options{Scenario: opts.Scenario})
	if errors.Is(err, mapdata.ErrNoPerPatch) && (exists(filepath.Join(dir, "states.parquet")) || exists(filepath.Join(dir, "cases.parquet"))) {
		return nil, 0, 0, &InputError{File: dir, Err: fmt.Errorf("%w: this run wrote Parquet tables, and rubeola view reads the CSV ones (rerun with --format csv)", mapdata.ErrNoPerPatch)}
	}
	if errors.Is(err, mapdata.ErrNoPerPatch) {
		tot, dates, period, terr := readTotals(dir)
		if errors.Is(terr, fs.ErrNotExist) {
			return nil, 0, 0, err // no states.csv: mapdata's message says why
		}
		if terr != nil {
			return nil, 0, 0, fmt.Errorf("%w; and no totals either: %w", err, terr)
		}
		p.Totals, p.Dates, p.Period = tot, dates, period
		p.Notes = append(p.Notes, "No map: "+err.Error()+".")
		return p, 0, 0, nil
	}
	if err != nil {
		return nil, 0, 0, err
	}
	if err := p.setMap(d, opts); err != nil {
		return nil, 0, 0, err
	}
	return p, d.Places.Len(), d.NumPatches, nil
}

// setMap fills the map, totals, dates and boundaries from d.
func (p *Payload) setMap(d *mapdata.Data, opts Options) error {
	m, tot, dates, word, notes := mapPayload(d, opts.MaxValues)
	p.Map, p.Totals, p.Dates, p.Period = m, tot, dates, word
	p.Notes = append(p.Notes, notes...)
	p.Subtitle = fmt.Sprintf("%s — %d %s, %d periods (each a %s) from %s; scenario %s", p.Subtitle, m.N, m.Unit, len(dates), word, dates[0], d.ScenarioFrom)
	if opts.Shapefile != "" {
		b, err := ReadBoundaries(opts.Shapefile, d.Projection.Project)
		if err != nil {
			return err
		}
		p.Boundaries = b
	}
	return nil
}
