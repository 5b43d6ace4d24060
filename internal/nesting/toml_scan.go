package nesting

import (
	"bytes"
	"strconv"
)

// tomlScanner follows the brackets of a TOML text: the value arrays ([ ])
// and inline tables ({ }) opened outside strings and comments, the table
// headers ([t], [[t]]) and the key of each top-level key/value line, to name
// the key of a value nested too deeply.
type tomlScanner struct {
	data      []byte
	i         int
	line      int
	lineStart int            // offset of the current line
	depth     int            // open arrays and inline tables
	table     string         // current table header, "phases[2]" for the second [[phases]]
	key       string         // key of the current top-level value
	arrays    map[string]int // [[t]] headers seen, by name
}

// ScanTOML reports a TOML text whose arrays and inline tables nest deeper
// than [MaxDepth], as an [*Error] naming the key and line. It reads the
// text once, in constant memory, and does not otherwise check the syntax:
// what it lets through is for the TOML parser to judge, with its recursion
// bounded.
func ScanTOML(data []byte) error {
	s := &tomlScanner{data: data, line: 1, arrays: map[string]int{}}
	return s.scan()
}

func (s *tomlScanner) scan() error {
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '\n':
			s.newline()
			continue
		case c == '#':
			s.skipComment()
			continue
		case c == '"' || c == '\'':
			s.skipString(c)
			continue
		case c == '[' && s.depth == 0 && s.atLineStart():
			s.header()
			continue
		case c == '[' || c == '{':
			s.depth++
			if s.depth > MaxDepth {
				return &Error{Key: s.path(), Line: s.line}
			}
		case (c == ']' || c == '}') && s.depth > 0:
			s.depth--
		case c == '=' && s.depth == 0:
			s.key = string(bytes.TrimSpace(s.data[s.lineStart:s.i]))
		}
		s.i++
	}
	return nil
}

// newline steps over a line feed.
func (s *tomlScanner) newline() {
	s.i++
	s.line++
	s.lineStart = s.i
}

// atLineStart reports whether only blanks precede s.i on its line.
func (s *tomlScanner) atLineStart() bool {
	return len(bytes.TrimLeft(s.data[s.lineStart:s.i], " \t\r")) == 0
}

// skipComment steps to the line feed ending a comment.
func (s *tomlScanner) skipComment() {
	if k := bytes.IndexByte(s.data[s.i:], '\n'); k >= 0 {
		s.i += k
		return
	}
	s.i = len(s.data)
}

// skipString steps over a string opened by q at s.i: basic ("…", escapes),
// literal ('…'), or multi-line ("""…""", ”'…”'). A single-line string
// ends at the line feed at the latest (TOML allows none inside; the parser
// reports it).
func (s *tomlScanner) skipString(q byte) {
	delim := []byte{q}
	if bytes.HasPrefix(s.data[s.i:], []byte{q, q, q}) {
		delim = []byte{q, q, q}
	}
	s.i += len(delim)
	multi := len(delim) == 3
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '\\' && q == '"':
			if s.i+1 < len(s.data) && s.data[s.i+1] == '\n' {
				s.i++
				s.newline()
				continue
			}
			s.i += 2
			continue
		case c == '\n':
			if !multi {
				return
			}
			s.newline()
			continue
		case bytes.HasPrefix(s.data[s.i:], delim):
			s.i += len(delim)
			for multi && s.i < len(s.data) && s.data[s.i] == q { // up to two quotes end a multi-line string's content
				s.i++
			}
			return
		}
		s.i++
	}
}

// header reads a table header [t] or [[t]] at s.i and makes it the current
// table.
func (s *tomlScanner) header() {
	array := bytes.HasPrefix(s.data[s.i:], []byte("[["))
	open := 1
	if array {
		open = 2
	}
	end := bytes.IndexAny(s.data[s.i:], "]\n")
	if end < 0 {
		end = len(s.data) - s.i
	}
	name := string(bytes.TrimSpace(s.data[s.i+open : s.i+end]))
	s.i += end
	if s.i < len(s.data) && s.data[s.i] == ']' {
		s.i++
		if array && s.i < len(s.data) && s.data[s.i] == ']' {
			s.i++
		}
	}
	s.key = ""
	if array {
		s.arrays[name]++
		name += "[" + strconv.Itoa(s.arrays[name]) + "]"
	}
	s.table = name
}

// path is the dotted key of the current value.
func (s *tomlScanner) path() string {
	switch {
	case s.table == "":
		return s.key
	case s.key == "":
		return s.table
	}
	return s.table + "." + s.key
}
