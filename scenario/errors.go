package scenario

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors for table-level problems, usable with [errors.Is].
var (
	// ErrNoPatches: the table has no rows ("scenario: no patches").
	ErrNoPatches = errors.New("no patches")
	// ErrMissingColumn: a required column is absent from a CSV header.
	ErrMissingColumn = errors.New("missing required column")
	// ErrDuplicateColumn: a CSV header names a column twice.
	ErrDuplicateColumn = errors.New("duplicate column")
	// ErrColumnLength: the columns of a table (extra columns included) differ
	// in length.
	ErrColumnLength = errors.New("column lengths differ")
)

// MaxListedProblems is the number of problems a [Problems] message lists
// before summarising the rest as "… and K more" (SPEC §3.2).
const MaxListedProblems = 50

// CellError is one problem with one value: its row (1 = first data row), its
// column and its text. Its message has the form
//
//	scenario.csv: row 17, column "pop": "12a" is not an integer
//
// where the file prefix is present only when the table was loaded from a file.
// A problem with a whole row (a CSV record with the wrong number of fields) has
// an empty Column and reads "row 7: …".
type CellError struct {
	File   string // path of the file being loaded; empty otherwise
	Row    int    // 1-based data row
	Column string // column name; empty for a whole-row problem
	Value  string // the offending text (trimmed CSV cell, or the formatted Go value)
	Reason string // what is wrong and what was expected, e.g. `"-5": must be >= 0`
}

// Error implements error.
func (e *CellError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Column == "" {
		fmt.Fprintf(&b, "row %d: %s", e.Row, e.Reason)
	} else {
		fmt.Fprintf(&b, "row %d, column %q: %s", e.Row, e.Column, e.Reason)
	}
	return b.String()
}

// Problems is the list of the problems found by one validation or load, in
// row order. Like the result of [errors.Join] it unwraps to its problems
// (so [errors.As] and [errors.Is] see each of them) and prints one per line.
//
// A load or validation keeps the first [MaxListedProblems] problems and, when
// it finds more, ends the list with an [*Omitted] counting the rest, printed
// "… and K more": a file of millions of bad rows costs no more memory in
// problems than one of 51. A Problems built otherwise with more than
// [MaxListedProblems] entries prints the first [MaxListedProblems], then
// "… and K more".
type Problems []error

// Omitted ends a [Problems] list whose further problems were counted, not
// kept.
type Omitted struct {
	N int // problems not kept
}

// Error implements error.
func (o *Omitted) Error() string { return fmt.Sprintf("… and %d more", o.N) }

// Error implements error.
func (p Problems) Error() string {
	var b strings.Builder
	for i, e := range p {
		if _, last := e.(*Omitted); i == MaxListedProblems && !(last && i == len(p)-1) {
			fmt.Fprintf(&b, "\n… and %d more", len(p)-MaxListedProblems)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap returns every problem of the list.
func (p Problems) Unwrap() []error { return p }

// tableError is a table-level problem: "<src>: <msg>", where src is the file
// path when loading and "scenario" otherwise. It unwraps to kind (a sentinel
// above) when kind is non-nil.
type tableError struct {
	src  string
	msg  string
	kind error
}

func (e *tableError) Error() string { return e.src + ": " + e.msg }
func (e *tableError) Unwrap() error { return e.kind }

// problems collects the problems of one validation or load: the first
// MaxListedProblems, then a count.
type problems struct {
	file    string // path when loading from a file
	list    []error
	omitted int // problems found beyond MaxListedProblems
}

// add records one problem, or counts it when MaxListedProblems are kept.
func (p *problems) add(e error) {
	if len(p.list) >= MaxListedProblems {
		p.omitted++
		return
	}
	p.list = append(p.list, e)
}

// src is the prefix of table-level messages.
func (p *problems) src() string {
	if p.file != "" {
		return p.file
	}
	return "scenario"
}

// table records a table-level problem.
func (p *problems) table(kind error, format string, args ...any) {
	p.add(&tableError{src: p.src(), msg: fmt.Sprintf(format, args...), kind: kind})
}

// cell records a problem with one value.
func (p *problems) cell(row int, column, value, reason string) {
	p.add(&CellError{File: p.file, Row: row, Column: column, Value: value, Reason: reason})
}

// err returns the collected problems as a [Problems], or nil if there are none.
func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	if p.omitted > 0 {
		return Problems(append(p.list, &Omitted{N: p.omitted}))
	}
	return Problems(p.list)
}
