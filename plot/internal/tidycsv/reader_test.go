package tidycsv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/csvin"
)

// readAll reads every row's asked columns from a file with content text.
func readAll(t *testing.T, text string, cols ...string) ([][]string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.csv")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	r, err := Open(path, cols...)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var rows [][]string
	for r.Next() {
		row := make([]string, len(cols))
		for i := range cols {
			row[i] = string(r.Field(i))
		}
		rows = append(rows, row)
	}
	return rows, r.Err()
}

func TestReader(t *testing.T) {
	for _, c := range []struct {
		name, text string
		cols       []string
		want       [][]string
		err        string
	}{
		{"plain", "a,b\n1,2\n3,4\n", []string{"b", "a"}, [][]string{{"2", "1"}, {"4", "3"}}, ""},
		{"CRLF", "a,b\r\n1,2\r\n3,4\r\n", []string{"a", "b"}, [][]string{{"1", "2"}, {"3", "4"}}, ""},
		// A last row without a line feed was cut (issue 37 item 4: "5" read for 5 680 038).
		{"no final line break", "a,b\n1,2\n3,4", []string{"a", "b"}, nil, "line 3: the file ends inside this row"},
		{"no final line break after a quoted field", "a,b\n1,2\n\"3\",4", []string{"a", "b"}, nil, "line 3: the file ends inside this row"},
		{"byte order mark", "\ufeffa,b\n1,2\n", []string{"a"}, [][]string{{"1"}}, ""},
		{"quoted comma and quote", "a,b\n\"x,y\",\"say \"\"hi\"\"\"\n", []string{"a", "b"}, [][]string{{"x,y", `say "hi"`}}, ""},
		{"line break in quotes", "a,b\n\"x\ny\",2\n3,4\n", []string{"a", "b"}, [][]string{{"x\ny", "2"}, {"3", "4"}}, ""},
		{"empty fields", "a,b,c\n,,\n", []string{"a", "c"}, [][]string{{"", ""}}, ""},
		{"missing column", "a,b\n1,2\n", []string{"c"}, nil, `no column "c"`},
		{"short row", "a,b\n1\n", []string{"b"}, nil, "wrong number of fields: 1, the header has 2"},
		{"long row", "a,b\n1,2,3\n", []string{"b"}, nil, "wrong number of fields: 3, the header has 2"},
		{"unclosed quote", "a,b\n\"1,2\n", []string{"a"}, nil, "unclosed quote"},
		{"text after a quote", "a,b\n\"1\"x,2\n", []string{"a"}, nil, "text after a closing quote"},
		{"bare quote", "a,b\n1\"x\"y,2\n", []string{"a"}, nil, `bare "`},
		{"empty file", "", []string{"a"}, nil, "empty file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rows, err := readAll(t, c.text, c.cols...)
			if c.err != "" {
				assert.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, rows)
		})
	}
}

func TestReaderLongLine(t *testing.T) {
	long := strings.Repeat("x", csvin.MaxRecordBytes-2)
	rows, err := readAll(t, "a,b\n"+long+",2\n", "a", "b")
	require.NoError(t, err, "a record as long as csvin allows, longer than the read buffer")
	assert.Equal(t, [][]string{{long, "2"}}, rows)
	for _, c := range []struct {
		name, text string
		want       csvin.LimitError
	}{
		{"one byte too many", "a\n1\n" + strings.Repeat("y", csvin.MaxRecordBytes+1) + "\n", csvin.LimitError{Line: 3, Max: csvin.MaxRecordBytes}},
		{"quoted, over lines", "a\n\"" + strings.Repeat("z\n", csvin.MaxRecordBytes/2+1) + "\"\n", csvin.LimitError{Line: 2, Max: csvin.MaxRecordBytes}},
		{"too many fields", "a" + strings.Repeat(",b", csvin.MaxFields) + "\n", csvin.LimitError{Line: 1, Max: csvin.MaxFields, Fields: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := readAll(t, c.text, "a")
			var le *csvin.LimitError
			require.ErrorAs(t, err, &le)
			assert.Equal(t, c.want, *le)
		})
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in    string
		int   int64
		intOK bool
		flt   float64
		fltOK bool
	}{
		{"0", 0, true, 0, true},
		{"12345", 12345, true, 12345, true},
		{"-7", -7, true, -7, true},
		{"+7", 7, true, 7, true},
		{"2.5", 0, false, 2.5, true},
		{"1e3", 0, false, 1000, true},
		{"", 0, false, 0, false},
		{"-", 0, false, 0, false},
		{"x1", 0, false, 0, false},
		{"NaN", 0, false, 0, false},
		{"Inf", 0, false, 0, false},
		{"1234567890123456789", 0, false, 1234567890123456789, true}, // 19 digits: through strconv
	} {
		t.Run(c.in, func(t *testing.T) {
			v, ok := ParseInt([]byte(c.in))
			assert.Equal(t, c.intOK, ok)
			assert.Equal(t, c.int, v)
			f, ok := ParseFloat([]byte(c.in))
			assert.Equal(t, c.fltOK, ok)
			assert.Equal(t, c.flt, f)
		})
	}
}
