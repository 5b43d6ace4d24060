package sweep

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/rubeola/rubeola/internal/echo"
	"github.com/rubeola/rubeola/runfile"
)

// CheckFunc builds a point's model from its run file without running it
// (the CLI's check: components constructed against the scenario, a
// StateTracker present), returning what is wrong.
type CheckFunc func(p Point, rf *runfile.File) error

// Validate decodes every point's run file and, when check is not nil,
// builds each of the shard's points with check (on workers goroutines),
// before anything runs. Problems are reported once each, naming what causes them:
//
//   - a problem one axis value causes whatever the other values are names
//     the axis, the value and the first point that has it:
//     `sweep.toml: [sweep] "phases.Infection.beta" = -1 (point 3): phases[2].beta: …`;
//   - a problem of a combination of values names the point and all its
//     values: `sweep.toml: [sweep] point 7 ("a" = 1, "b" = 2): …`, with
//     "(and N more points)" when other points have the same problem.
//
// Attribution is by decoding: a point's problem belongs to axis a when the
// base run file with only a's value set has it too.
func (f *File) Validate(check CheckFunc, workers int, shard Shard) error {
	// One parallel pass decodes every point and checks the shard's points
	// that decode.
	decodeErrs := make([][]string, len(f.points))
	checkErrs := make([]error, len(f.points))
	failed := false
	var mu sync.Mutex
	forEach(len(f.points), workers, func(k int) {
		p := f.points[k]
		rf, err := f.decodePoint(f.pointDoc(p))
		switch {
		case err != nil:
			decodeErrs[k] = messages(err)
			mu.Lock()
			failed = true
			mu.Unlock()
		case check != nil && shard.Holds(k):
			checkErrs[k] = check(p, rf)
		}
	})
	var rep report
	if failed {
		rep = f.attribute(decodeErrs)
	} else {
		for k, err := range checkErrs {
			if err != nil {
				for _, msg := range messages(err) {
					rep.add(f.describePoint(f.points[k]), msg, "points")
				}
			}
		}
	}
	if len(rep.errs) > 0 {
		return prefixAll(f.Path, rep.finish())
	}
	return nil
}

// attribute reports the points' decoding problems: a problem the base run
// file with only one axis value set has too belongs to that value.
func (f *File) attribute(decodeErrs [][]string) report {
	byValue := make([][][]string, len(f.Axes)) // axis, value → problems
	reported := make([][]bool, len(f.Axes))
	for j, a := range f.Axes {
		byValue[j] = make([][]string, len(a.Values))
		reported[j] = make([]bool, len(a.Values))
		for v, val := range a.Values {
			doc := cloneDoc(f.base)
			a.target.set(doc, cloneValue(val))
			if _, err := f.decodePoint(doc); err != nil {
				byValue[j][v] = messages(err)
			}
		}
	}
	var rep report
	for k, msgs := range decodeErrs {
		p := f.points[k]
		for _, msg := range msgs {
			j, v := f.owner(p, msg, byValue)
			switch {
			case j < 0:
				rep.add(f.describePoint(p), msg, "points")
			case !reported[j][v]:
				reported[j][v] = true
				where := fmt.Sprintf("[sweep] %s = %s (point %d)", echo.Quote(f.Axes[j].Path),
					valueEcho(f.Axes[j].Values[v]), p.Index)
				rep.add(where, msg, "values")
			}
		}
	}
	return rep
}

// owner returns the axis and value index whose value alone causes msg at
// point p, or -1.
func (f *File) owner(p Point, msg string, byValue [][][]string) (int, int) {
	for j := range f.Axes {
		v := p.at[j]
		for _, m := range byValue[j][v] {
			if m == msg {
				return j, v
			}
		}
	}
	return -1, -1
}

// report collects problems, each message once with the first place that
// has it and how many others do.
type report struct {
	errs  []string          // messages in order of first appearance
	where map[string]string // message → first place
	more  map[string]int    // message → further places
	unit  map[string]string // message → what the places are ("points", "values")
}

// add records msg at where (a point, or an axis value: unit names which).
func (r *report) add(where, msg, unit string) {
	if r.where == nil {
		r.where, r.more, r.unit = map[string]string{}, map[string]int{}, map[string]string{}
	}
	if _, ok := r.where[msg]; ok {
		r.more[msg]++
		return
	}
	r.errs = append(r.errs, msg)
	r.where[msg], r.unit[msg] = where, unit
}

// finish returns the problems in order of first appearance.
func (r *report) finish() []error {
	out := make([]error, len(r.errs))
	for k, msg := range r.errs {
		s := r.where[msg] + ": " + msg
		if n := r.more[msg]; n > 0 {
			unit := r.unit[msg]
			if n == 1 {
				unit = strings.TrimSuffix(unit, "s")
			}
			s += fmt.Sprintf(" (and %d more %s)", n, unit)
		}
		out[k] = errors.New(s)
	}
	return out
}

// messages splits a decoding error into its problems' messages.
func messages(err error) []string {
	var out []string
	for _, e := range splitJoined(err) {
		out = append(out, e.Error())
	}
	return out
}

// forEach calls fn(0) … fn(n−1) on up to workers goroutines (at least 1).
func forEach(n, workers int, fn func(k int)) {
	workers = max(1, min(workers, n))
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Go(func() {
			for k := range next {
				fn(k)
			}
		})
	}
	for k := range n {
		next <- k
	}
	close(next)
	wg.Wait()
}
