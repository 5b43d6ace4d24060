package plot

import (
	"fmt"
	"strings"
)

// tickRows counts a tidy table's rows per state at its first tick and at
// the latest tick read. Every tracker writes the same states and groups at
// every tick, so a last tick with fewer rows of some state than the first
// is a file cut while it was written (a run killed, a copy interrupted).
type tickRows struct {
	first map[string]int // rows per state at series index 0
	// current counts the rows per state at series index at: counters
	// reset to 0 at each new index (not deleted), so that counting a row
	// reads the map without writing it (a write per row of a large table
	// was a sixth of the reading time).
	current map[string]*int
	order   []string // states of the first tick, in order
	at      int      // series index of current
	tick    int      // tick column of current (a window's last tick)
}

// add counts a row of state at series index i (tick column tick).
func (r *tickRows) add(i, tick int, state string) {
	if r.first == nil {
		r.first, r.current = map[string]int{}, map[string]*int{}
	}
	if i == 0 {
		if _, ok := r.first[state]; !ok {
			r.order = append(r.order, state)
		}
		r.first[state]++
	}
	if i != r.at {
		for _, n := range r.current {
			*n = 0
		}
		r.at = i
	}
	r.tick = tick
	n, ok := r.current[state]
	if !ok {
		n = new(int)
		r.current[state] = n
	}
	*n++
}

// currentRows is the rows of state at the latest series index.
func (r *tickRows) currentRows(state string) int {
	if n, ok := r.current[state]; ok {
		return *n
	}
	return 0
}

// checkLast returns an *InputError when the table's last tick has fewer
// rows of some state than its first: it names the file, the tick and the
// states missing (or short of groups), and says what it means.
func (t *tidyTable) checkLast() error {
	r := &t.rows
	if r.at == 0 {
		return nil
	}
	var missing []string
	for _, s := range r.order {
		switch have, want := r.currentRows(s), r.first[s]; {
		case have == 0:
			missing = append(missing, fmt.Sprintf("no rows of state %q", s))
		case have < want:
			missing = append(missing, fmt.Sprintf("%d of the %d rows of state %q", have, want, s))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return &InputError{File: t.path, Err: fmt.Errorf("incomplete last tick %d: %s (the first tick has %d rows): the file was cut while it was written; rerun or resume the run to rewrite it", r.tick, strings.Join(missing, ", "), r.total())}
}

// total is the number of rows of the first tick.
func (r *tickRows) total() int {
	n := 0
	for _, k := range r.first {
		n += k
	}
	return n
}
