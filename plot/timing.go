package plot

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/rubeola/rubeola/internal/csvin"
)

// timingTable is timing.csv (SPEC §8.6): the wall-clock microseconds each
// phase took at each tick.
type timingTable struct {
	phases []string
	ticks  []float64   // tick index of each row
	us     [][]float64 // us[phase][row]
}

// readTiming reads timing.csv: header `tick,<phase names…>`, then one row
// per tick of integers.
func readTiming(path string) (*timingTable, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &InputError{File: path, Err: err}
	}
	defer f.Close()
	r := csvin.NewReader(f)      // bounded records (docs/limits.md)
	r.FieldsPerRecord = 0        // every row as wide as the header, as rubeola writes them
	r.RequireFinalNewline = true // rubeola ends every row with a line feed: a file without one was cut
	header, err := r.Read()
	if err != nil {
		if err == io.EOF {
			err = errors.New("empty file (expected a header tick,<phase names…>)")
		}
		return nil, &InputError{File: path, Err: err}
	}
	if len(header) < 2 || header[0] != "tick" {
		return nil, &InputError{File: path, Err: fmt.Errorf("header %v: expected tick,<phase names…>", header)}
	}
	header = append([]string(nil), header...) // ReuseRecord: the next Read overwrites it
	t := &timingTable{phases: header[1:], us: make([][]float64, len(header)-1)}
	for row := 1; ; row++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &InputError{File: path, Row: row, Err: err}
		}
		for i, s := range rec {
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v < 0 {
				return nil, &InputError{File: path, Row: row, Column: header[i], Err: fmt.Errorf("%q is not a non-negative integer", s)}
			}
			if i == 0 {
				t.ticks = append(t.ticks, float64(v))
			} else {
				t.us[i-1] = append(t.us[i-1], float64(v))
			}
		}
	}
	if len(t.ticks) == 0 {
		return nil, &InputError{File: path, Err: errors.New("no rows")}
	}
	return t, nil
}
