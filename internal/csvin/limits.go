package csvin

import "fmt"

// MaxFields is the default largest number of fields (columns) in one record:
// 1024. rubeola's widest legitimate CSV input, the WPP bulk tables, has 65
// columns; a scenario has five required columns and whatever extra columns a
// user keeps. 1024 leaves a wide margin while a header of millions of
// fields is refused at its 1025th.
const MaxFields = 1024

// MaxRecordBytes is the default largest size of one record, quotes and line
// breaks inside quoted fields included, the line feed ending it not: 1 MiB.
// That is 1024 fields of 1 KiB each; a legitimate row of any rubeola input
// is well under 1 KiB.
const MaxRecordBytes = 1 << 20

// Limits bounds what a [Reader] reads in one record. A zero field means the
// default ([MaxFields], [MaxRecordBytes]).
type Limits struct {
	Fields      int // most fields in one record
	RecordBytes int // most bytes in one record
}

// withDefaults fills zero fields with the defaults.
func (l Limits) withDefaults() Limits {
	if l.Fields <= 0 {
		l.Fields = MaxFields
	}
	if l.RecordBytes <= 0 {
		l.RecordBytes = MaxRecordBytes
	}
	return l
}

// LimitError is a record that passes a [Limits] bound. Its message names the
// line where the record starts, the bound and its value:
//
//	line 1: more than 1024 fields in one record (rubeola reads at most 1024 columns; see docs/limits.md)
//	line 7: record longer than 1048576 bytes (rubeola reads at most 1 MiB per row; see docs/limits.md)
type LimitError struct {
	Line   int  // 1-based line where the record starts
	Max    int  // the bound's value
	Fields bool // whether the field bound was passed (else the byte bound)
}

// Error implements error.
func (e *LimitError) Error() string {
	if e.Fields {
		return fmt.Sprintf("line %d: more than %d fields in one record (rubeola reads at most %d columns; see docs/limits.md)",
			e.Line, e.Max, e.Max)
	}
	return fmt.Sprintf("line %d: record longer than %d bytes (rubeola reads at most %s per row; see docs/limits.md)",
		e.Line, e.Max, byteSize(e.Max))
}

// byteSize formats n bytes as "1 MiB", "64 KiB" or "512 bytes".
func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
