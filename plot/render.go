package plot

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/rubeola/rubeola/internal/tmpname"
)

// Default picture size: 8 × 5 inches, at 150 dots per inch in PNG
// (1200 × 750 pixels); SVG files are 576 × 360 pt.
const (
	DefaultWidth  = 8 * vg.Inch
	DefaultHeight = 5 * vg.Inch
	DefaultDPI    = 150
)

// Options are how pictures are written.
type Options struct {
	// SVG writes .svg files instead of .png.
	SVG bool
	// Width and Height are each picture's size (0: the defaults).
	Width, Height vg.Length
	// DPI is the PNG resolution in dots per inch (0: DefaultDPI).
	DPI int
	// Scenario is the scenario file with the patches' coordinates for the
	// maps ("": found from summary.json, see mapdata.FindScenario).
	Scenario string
	// MapDates are the dates of map.png's panels (nil: six dates chosen
	// by where incidence peaks); each shows the period holding it.
	MapDates []time.Time
}

// withDefaults fills zero fields with the defaults.
func (o Options) withDefaults() Options {
	if o.Width == 0 {
		o.Width = DefaultWidth
	}
	if o.Height == 0 {
		o.Height = DefaultHeight
	}
	if o.DPI == 0 {
		o.DPI = DefaultDPI
	}
	return o
}

// Check validates the options as they are (zero is invalid here; Render
// fills zero fields with the defaults first): a size of 1 to 100 inches, a
// resolution of 10 to 1200 dpi and a PNG of at most 10⁸ pixels. Errors
// are *OptionsError.
func (o Options) Check() error {
	if err := o.check(); err != nil {
		return &OptionsError{err}
	}
	return nil
}

func (o Options) check() error {
	for _, l := range []struct {
		name string
		v    vg.Length
	}{{"width", o.Width}, {"height", o.Height}} {
		if l.v < vg.Inch || l.v > 100*vg.Inch {
			return fmt.Errorf("%s %.3g in: must be between 1 and 100 inches", l.name, l.v/vg.Inch)
		}
	}
	if o.DPI < 10 || o.DPI > 1200 {
		return fmt.Errorf("resolution %d dpi: must be between 10 and 1200", o.DPI)
	}
	if px := o.Width.Dots(float64(o.DPI)) * o.Height.Dots(float64(o.DPI)); !o.SVG && px > 1e8 {
		return fmt.Errorf("%.0f pixels: a PNG of at most 10^8 pixels (reduce --width, --height or --dpi)", px)
	}
	return nil
}

// ext is the pictures' file name extension.
func (o Options) ext() string {
	if o.SVG {
		return ".svg"
	}
	return ".png"
}

// OptionsError is an invalid picture size or resolution.
type OptionsError struct{ Err error }

func (e *OptionsError) Error() string { return e.Err.Error() }
func (e *OptionsError) Unwrap() error { return e.Err }

// ErrNothingToPlot is returned (wrapped, naming the directory and the files
// looked for) when a run directory has none of the inputs of any picture.
var ErrNothingToPlot = errors.New("nothing to plot")

// Result lists what [Render] did.
type Result struct {
	// Files are the pictures written, as paths in the plots directory.
	Files []string
	// Skipped says, one line each, which pictures were skipped and why.
	Skipped []string
}

// picture is one file to draw.
type picture struct {
	name string // file name without extension
	draw func(c draw.Canvas) error
}

// Render draws the pictures of the run in dir into outDir (typically
// dir/plots): all of them replace outDir at once, or, on error, outDir is
// left as it was. Pictures whose inputs are missing are skipped (listed in
// Result.Skipped); if none can be drawn the error wraps
// [ErrNothingToPlot]. A bad input file gives an [*InputError].
func Render(dir, outDir string, opts Options) (Result, error) {
	opts = opts.withDefaults()
	if err := opts.check(); err != nil {
		return Result{}, &OptionsError{err}
	}
	d, err := loadRunWith(dir, opts)
	if err != nil {
		return Result{}, err
	}
	pics := d.pictures()
	mine, err := d.registeredPictures()
	if err != nil {
		return Result{Skipped: d.notes}, err
	}
	pics = append(pics, mine...)
	res := Result{Skipped: d.notes}
	if len(pics) == 0 {
		return res, fmt.Errorf("%s: %w: expected states.csv or states.parquet (S, I, R), cases or per-patch states with population (heat-map, fade-outs), timing.csv, ensemble/states.csv|.parquet or a user tracker's tidy table", dir, ErrNothingToPlot)
	}
	tmp, err := newStaging(outDir)
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(tmp)
	for _, pic := range pics {
		name := pic.name + opts.ext()
		if err := writePicture(filepath.Join(tmp, name), pic, opts); err != nil {
			return res, fmt.Errorf("drawing %s: %w", name, err)
		}
		res.Files = append(res.Files, filepath.Join(outDir, name))
		if name == "map"+opts.ext() {
			res.Files, err = d.writeMapFiles(tmp, outDir, res.Files)
			if err != nil {
				return res, err
			}
		}
	}
	if err := replaceDir(tmp, outDir); err != nil {
		return res, err
	}
	return res, nil
}

// newStaging creates the temporary directory beside outDir that the
// pictures are drawn into.
func newStaging(outDir string) (string, error) {
	tmp, err := tmpname.MkdirBeside(outDir)
	if err != nil {
		return "", err
	}
	return tmp, os.Chmod(tmp, 0o755)
}

// replaceDir renames tmp to dir, replacing dir (pictures of an earlier
// call) if it exists.
func replaceDir(tmp, dir string) error {
	if info, err := os.Stat(dir); err == nil && !info.IsDir() {
		return fmt.Errorf("plots directory %s exists and is not a directory", dir)
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}

// writePicture draws pic into a new file at path.
func writePicture(path string, pic picture, opts Options) (err error) {
	var c vg.CanvasWriterTo
	if opts.SVG {
		c = vgsvg.New(opts.Width, opts.Height)
	} else {
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(opts.Width, opts.Height), vgimg.UseDPI(opts.DPI))}
	}
	if err := pic.draw(draw.New(c)); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	if !opts.SVG {
		_, err = c.WriteTo(f)
		return err
	}
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return err
	}
	_, err = f.Write(fixSVG(buf.Bytes()))
	return err
}

// fixSVG corrects the images embedded in an SVG by gonum/plot v0.17's
// vgsvg: it encodes them as PNG but labels them "data:image/jpg", which
// strict renderers (librsvg) refuse to draw, and it leaves SVG's default
// preserveAspectRatio (xMidYMid meet), with which every renderer shrinks
// an image whose pixel shape differs from its box to fit and centres it —
// the heat-map would be narrowed and shifted, the colour bar a sliver.
// It also names metric-compatible fallbacks for the text's font: the
// layout is measured with Liberation Serif, whose widths match Times New
// Roman's, so a viewer without it still fits labels where they were
// measured to go.
func fixSVG(svg []byte) []byte {
	svg = bytes.ReplaceAll(svg, []byte("data:image/jpg;base64,iVBOR"), []byte("data:image/png;base64,iVBOR"))
	svg = bytes.ReplaceAll(svg, []byte("font-family:Liberation Serif;"), []byte("font-family:'Liberation Serif','Times New Roman',Times,serif;"))
	return bytes.ReplaceAll(svg, []byte("<image "), []byte(`<image preserveAspectRatio="none" `))
}

// baseName is a path's file name.
func baseName(path string) string { return filepath.Base(path) }

// pictures lists the pictures the run's inputs allow, noting those they
// do not.
func (d *runData) pictures() []picture {
	var pics []picture
	add := func(name string, build func() (func(draw.Canvas) error, error)) {
		fn, err := build()
		if err != nil {
			d.note("%s skipped: %v", name, err)
			return
		}
		pics = append(pics, picture{name, fn})
	}
	if d.states != nil {
		add("sir", func() (func(draw.Canvas) error, error) { return sirPicture(d.states, d.unitOfStates(), d.stepDays) })
	}
	if d.incidence != nil {
		add("heatmap", func() (func(draw.Canvas) error, error) { return heatmapPicture(d.incidence) })
	}
	if d.reported != nil {
		add("largest", func() (func(draw.Canvas) error, error) { return groupsPicture(d.reported) })
		add("fadeouts", func() (func(draw.Canvas) error, error) { return fadeoutPicture(d.reported) })
	}
	d.addMapPictures(add)
	if d.timing != nil {
		add("timing", func() (func(draw.Canvas) error, error) { return timingPicture(d.timing, d.timingFile) })
	}
	if d.ensI != nil || d.ensCases != nil {
		add("ensemble", func() (func(draw.Canvas) error, error) {
			return ensemblePicture(d.ensI, d.ensCases, filepath.Join(baseName(d.dir), ensembleDir), d.stepDays)
		})
	}
	if d.ensGroups != nil {
		add("ensemble-largest", func() (func(draw.Canvas) error, error) { return ensembleGroupsPicture(d.ensGroups) })
	}
	d.addPeoplePictures(add)
	for _, t := range d.user {
		name := userTablePrefix + strings.TrimSuffix(baseName(t.Path), filepath.Ext(t.Path))
		add(name, func() (func(draw.Canvas) error, error) { return tablePicture(t) })
	}
	return pics
}

// unitOfStates names the states table's groups: "patches" when they are
// the scenario's patches, else "groups".
func (d *runData) unitOfStates() string {
	if d.incidence != nil && d.incidence.file == d.states.path {
		return d.incidence.unit
	}
	return "groups"
}
