package plot

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"gonum.org/v1/plot/vg/draw"
)

// Picture is a picture a binary adds to `rubeola plot` (and `run --plot`)
// with [RegisterPicture]: drawn after the built-in pictures into the same
// plots directory, in the same format and size.
type Picture struct {
	// Name is the picture's file name without extension: letters,
	// digits, '_' and '-', not a built-in picture's name nor starting with
	// "table-" (the user tables' pictures).
	Name string
	// Build reads what it needs from the run and returns the function
	// that draws the picture on a canvas. An error wrapping [ErrSkip]
	// skips the picture with a note (its inputs are missing); an
	// [*InputError] (from [Run.Table] or [ReadTable]) fails the whole
	// Render as a bad input file does; any other error skips the picture
	// with a note naming it.
	Build func(run *Run) (func(c draw.Canvas) error, error)
}

// ErrSkip is wrapped by a [Picture]'s Build error when the run lacks its
// inputs: the picture is skipped with a note.
var ErrSkip = errors.New("skipped")

// Run is the run directory pictures are drawn from.
type Run struct {
	// Dir is the run's output directory.
	Dir string
	// StepDays is the tick length in days from summary.json (0 unknown).
	StepDays int
	// NumTicks is the number of ticks run from summary.json (0 unknown).
	NumTicks int
}

// Table reads the run's tidy table base.csv or base.parquet (CSV first,
// as the built-in pictures do); a missing table is an error wrapping
// [ErrSkip].
func (r *Run) Table(base string) (*Table, error) {
	path := findTable(r.Dir, base)
	if path == "" {
		return nil, fmt.Errorf("no %s.csv or %s.parquet in %s: %w", base, base, r.Dir, ErrSkip)
	}
	return ReadTable(path)
}

// builtinPictures are the names of the built-in pictures.
var builtinPictures = []string{"sir", "heatmap", "largest", "fadeouts", "timing", "ensemble", "ensemble-largest"}

// userTablePrefix starts the names of the user tables' pictures.
const userTablePrefix = "table-"

// pictureName is what a registered picture's name may be.
var pictureName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// registry holds the registered pictures in registration order.
var registry struct {
	sync.Mutex
	pictures []Picture
}

// RegisterPicture adds p to every later [Render] (a binary calls it before
// cli.Main or cli.Execute, e.g. in main). A bad or taken name or a nil
// Build is an error.
func RegisterPicture(p Picture) error {
	switch {
	case !pictureName.MatchString(p.Name):
		return fmt.Errorf("plot: picture name %q: use letters, digits, '_' and '-'", p.Name)
	case slices.Contains(builtinPictures, p.Name) || strings.HasPrefix(p.Name, userTablePrefix):
		return fmt.Errorf("plot: picture name %q is a built-in picture's (built in: %s, and %s… for user tables)", p.Name, strings.Join(builtinPictures, ", "), userTablePrefix)
	case p.Build == nil:
		return fmt.Errorf("plot: picture %q has no Build function", p.Name)
	}
	registry.Lock()
	defer registry.Unlock()
	for _, q := range registry.pictures {
		if q.Name == p.Name {
			return fmt.Errorf("plot: picture %q is already registered", p.Name)
		}
	}
	registry.pictures = append(registry.pictures, p)
	return nil
}

// MustRegisterPicture is [RegisterPicture] that panics on error, for a
// binary's main or init (as model.MustRegister and mixing.MustRegister).
func MustRegisterPicture(p Picture) {
	if err := RegisterPicture(p); err != nil {
		panic(err)
	}
}

// registered returns a copy of the registered pictures.
func registered() []Picture {
	registry.Lock()
	defer registry.Unlock()
	return slices.Clone(registry.pictures)
}

// registeredPictures builds the registered pictures for the run: a
// skipped one is noted, a bad input file is the error returned.
func (d *runData) registeredPictures() ([]picture, error) {
	run := &Run{Dir: d.dir, StepDays: d.stepDays, NumTicks: d.numTicks}
	var pics []picture
	for _, p := range registered() {
		fn, err := p.Build(run)
		var ie *InputError
		switch {
		case errors.As(err, &ie):
			return nil, err
		case err != nil:
			// "x skipped: no y.csv … in DIR", not "…: skipped" twice
			d.note("%s skipped: %s", p.Name, strings.TrimSuffix(err.Error(), ": "+ErrSkip.Error()))
		default:
			pics = append(pics, picture{p.Name, fn})
		}
	}
	return pics, nil
}
