package csvin

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readAllRecords reads every record of in with lim, returning them (cloned)
// and the first error other than io.EOF.
func readAllRecords(t *testing.T, in string, lim Limits) ([][]string, error) {
	t.Helper()
	r := NewReaderLimits(strings.NewReader(in), lim)
	var out [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, append([]string(nil), rec...))
	}
}

func TestReaderLimits(t *testing.T) {
	tests := []struct {
		name string
		in   string
		lim  Limits
		want [][]string // records before the error
		err  string     // "" for none
	}{
		{"within", "a,b,c\n1,2,3\n", Limits{Fields: 3, RecordBytes: 6}, [][]string{{"a", "b", "c"}, {"1", "2", "3"}}, ""},
		{"too many fields", "a,b,c\n1,2,3,4\n", Limits{Fields: 3},
			[][]string{{"a", "b", "c"}}, "line 2: more than 3 fields in one record (rubeola reads at most 3 columns; see docs/limits.md)"},
		{"quoted commas are not fields", "a,\"b,c,d\"\n", Limits{Fields: 2}, [][]string{{"a", "b,c,d"}}, ""},
		{"escaped quotes stay quoted", "\"a\"\",\",b\n", Limits{Fields: 2}, [][]string{{"a\",", "b"}}, ""},
		// The line feed ending a record is not counted: "abcdef" is within 6
		// bytes, "abcdefg" is not.
		{"record at the byte limit", "abcdef\n", Limits{RecordBytes: 6}, [][]string{{"abcdef"}}, ""},
		{"record too long", "ab\nabcdefg\n", Limits{RecordBytes: 6},
			[][]string{{"ab"}}, "line 2: record longer than 6 bytes (rubeola reads at most 6 bytes per row; see docs/limits.md)"},
		// A quoted line break continues the record: its bytes add up and the
		// error names the line where the record starts.
		{"quoted line breaks add up", "h\n\"abc\ndefgh\"\n", Limits{RecordBytes: 8},
			[][]string{{"h"}}, "line 2: record longer than 8 bytes (rubeola reads at most 8 bytes per row; see docs/limits.md)"},
		{"quoted line break within", "h\n\"ab\ncd\"\nx\n", Limits{RecordBytes: 8}, [][]string{{"h"}, {"ab\ncd"}, {"x"}}, ""},
		{"line numbers count blank lines", "h\n\n\n1,2\n", Limits{Fields: 1},
			[][]string{{"h"}}, "line 4: more than 1 fields in one record (rubeola reads at most 1 columns; see docs/limits.md)"},
		{"default limits name MiB", strings.Repeat("x", MaxRecordBytes+1), Limits{},
			nil, "line 1: record longer than 1048576 bytes (rubeola reads at most 1 MiB per row; see docs/limits.md)"},
		{"BOM dropped", "\uFEFFid,pop\n", Limits{}, [][]string{{"id", "pop"}}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readAllRecords(t, tc.in, tc.lim)
			assert.Equal(t, tc.want, got)
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			var le *LimitError
			require.ErrorAs(t, err, &le)
			assert.EqualError(t, err, tc.err)
		})
	}
}

func TestReaderEndsAfterLimitError(t *testing.T) {
	r := NewReaderLimits(strings.NewReader("a,b\nc\nd\n"), Limits{Fields: 1})
	_, err := r.Read()
	var le *LimitError
	require.ErrorAs(t, err, &le)
	for range 3 { // a loader that records the error and reads on stops
		_, err = r.Read()
		assert.Equal(t, io.EOF, err)
	}
}

func TestReaderReadAll(t *testing.T) {
	all, err := NewReader(strings.NewReader("a,b\n1,2\n")).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"a", "b"}, {"1", "2"}}, all)

	_, err = NewReaderLimits(strings.NewReader("a\n1,2\n"), Limits{Fields: 1}).ReadAll()
	assert.EqualError(t, err, "line 2: more than 1 fields in one record (rubeola reads at most 1 columns; see docs/limits.md)")
}

func TestReaderHeader(t *testing.T) {
	r := NewReader(strings.NewReader("\uFEFF id , pop\n"))
	h, err := r.Header()
	require.NoError(t, err)
	assert.Equal(t, []string{"id", "pop"}, h)

	_, err = NewReader(strings.NewReader("")).Header()
	assert.Equal(t, io.EOF, err)
}

// wideHeader streams "id,pop" followed by n ",x" fields and counts the bytes
// read from it.
type wideHeader struct {
	prefix string
	n      int // ",x" pairs left
	read   int
}

func (w *wideHeader) Read(p []byte) (int, error) {
	k := copy(p, w.prefix)
	w.prefix = w.prefix[k:]
	for k+2 <= len(p) && w.n > 0 {
		p[k], p[k+1] = ',', 'x'
		k += 2
		w.n--
	}
	w.read += k
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

func TestReaderStopsEarlyOnWideRecord(t *testing.T) {
	// Issue 26's header of 50 million extra fields: the reader stops near
	// the 1025th field, having read a few buffers, not 100 MB.
	src := &wideHeader{prefix: "id,pop", n: 50_000_000}
	_, err := NewReader(src).Header()
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.True(t, le.Fields)
	// 2 KiB of fields plus the two 4 KiB bufio buffers (the reader's and
	// encoding/csv's) at most.
	assert.Less(t, src.read, 2*MaxFields+2*4096+4096)
}

// TestReaderRequireFinalNewline: a table rubeola writes ends with a line
// feed, so one that does not was cut (issue 37 item 4: states.csv cut 2–7
// bytes from its end, inside the last number, drew R = 5 for 5 680 038).
// With RequireFinalNewline the last record is refused, naming its line;
// without it (user inputs), it is read as before.
func TestReaderRequireFinalNewline(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     int // records read before the error (or all)
		line     int // the UnterminatedError's line, 0: none
	}{
		{"complete", "a,b\n1,2\n3,4\n", 3, 0},
		{"CRLF", "a,b\r\n1,2\r\n", 2, 0},
		{"cut inside the last number", "a,b\n1,2\n3,5", 2, 3},
		{"cut after a comma", "a,b\n1,2\n3,", 2, 3},
		{"header only, cut", "a,b", 0, 1},
		{"quoted line break, cut", "a,b\n1,\"x\ny\"", 1, 2},
		{"empty", "", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tc.in))
			r.RequireFinalNewline = true
			n := 0
			var err error
			for {
				_, err = r.Read()
				if err != nil {
					break
				}
				n++
			}
			assert.Equal(t, tc.want, n)
			if tc.line == 0 {
				assert.Equal(t, io.EOF, err)
				return
			}
			var ue *UnterminatedError
			require.ErrorAs(t, err, &ue)
			assert.Equal(t, tc.line, ue.Line)
			_, err = r.Read()
			assert.Equal(t, io.EOF, err, "the reader ends after the error")

			// Without the option the cut record is read as data.
			all, err := NewReader(strings.NewReader(tc.in)).ReadAll()
			require.NoError(t, err)
			assert.Len(t, all, tc.want+1)
		})
	}
}
