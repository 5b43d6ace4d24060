package csvin

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// Keyed is a CSV table whose rows are keyed by an id column: a table of
// places (coordinates, populations) or of per-place parameter values.
type Keyed struct {
	// Name is the file's name in messages.
	Name string
	// Header are the column names, trimmed.
	Header []string
	// IDs are the ids in file order; Rows[id] is that row's cells
	// (trimmed), in Header order.
	IDs  []string
	Rows map[string][]string
}

// LoadKeyed reads the CSV file at path with the bounds of [Reader]; the
// column idColumn must exist and its ids be distinct and non-empty.
// Messages name the file and the row (from 1, the first data record).
func LoadKeyed(path, idColumn string) (*Keyed, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := NewReader(f)
	header, err := r.Header()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file, expected a header with the column %q", path, idColumn)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	idc := slices.Index(header, idColumn)
	if idc < 0 {
		return nil, fmt.Errorf("%s: no column %q (columns: %s)", path, idColumn, strings.Join(header, ", "))
	}
	k := &Keyed{Name: path, Header: header, Rows: map[string][]string{}}
	for row := 1; ; row++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: row %d: %w", path, row, err)
		}
		if len(rec) != len(header) {
			return nil, fmt.Errorf("%s: row %d: %d fields, the header has %d", path, row, len(rec), len(header))
		}
		cells := make([]string, len(rec))
		for i, c := range rec {
			cells[i] = strings.TrimSpace(c)
		}
		id := cells[idc]
		switch {
		case id == "":
			return nil, fmt.Errorf("%s: row %d, column %q: empty id", path, row, idColumn)
		case k.Rows[id] != nil:
			return nil, fmt.Errorf("%s: row %d, column %q: %q is listed twice", path, row, idColumn, id)
		}
		k.IDs = append(k.IDs, id)
		k.Rows[id] = cells
	}
	return k, nil
}

// Column returns the index of the column name, or an error naming the
// file and its columns.
func (k *Keyed) Column(name string) (int, error) {
	c := slices.Index(k.Header, name)
	if c < 0 {
		return 0, fmt.Errorf("%s: no column %q (columns: %s)", k.Name, name, strings.Join(k.Header, ", "))
	}
	return c, nil
}
