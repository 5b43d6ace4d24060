package scenario

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readString(t *testing.T, s string) (*Table, error) {
	t.Helper()
	return ReadCSV(strings.NewReader(s))
}

// at2CSV has each §3.2 value rule violated on a different row, and an extra
// column "zone" (SPEC §12 AT-2). Rows 1 and 15 are valid; row 15 uses the
// accepted alternative spellings (float pop, integer lat/lon text, spaces).
const at2CSV = `id,pop,lat,lon,mcv1,zone
kano,1000,12.0,8.5,0.5,north
lagos,2000,6.5,3.4,85,south
ibadan,-5,7.4,3.9,0.5,south
lagos,100,6.5,3.4,0.5,south
abuja,500,9.1,,0.5,centre
,500,9.1,7.4,0.5,centre
jos,12a,9.9,8.9,0.5,north
zaria,300,11.1,181,0.5,north
sokoto,300,91.2,5.2,0.5,north
yola,300,9.2,12.5,NaN,east
minna,12.5,9.6,6.5,0.5,centre
ilorin,300,north,4.5,0.5,centre
enugu,300,6.5,7.5,-0.1,east
benin,1e17,6.3,5.6,0.5,south
 onitsha , 1e5 ,6,7, 0.25 , river side 
`

// at2Want lists the one problem per row of at2CSV, in row order: the
// examples of SPEC §3.2 plus one row per remaining rule.
var at2Want = []CellError{
	{Row: 2, Column: "mcv1", Value: "85", Reason: `"85": must be in [0, 1]`},
	{Row: 3, Column: "pop", Value: "-5", Reason: `"-5": must be >= 0`},
	{Row: 4, Column: "id", Value: "lagos", Reason: `"lagos" duplicates row 2`},
	{Row: 5, Column: "lon", Value: "", Reason: "missing value"},
	{Row: 6, Column: "id", Value: "", Reason: "missing value"},
	{Row: 7, Column: "pop", Value: "12a", Reason: `"12a" is not an integer`},
	{Row: 8, Column: "lon", Value: "181", Reason: `"181": must be in [-180, 180]`},
	{Row: 9, Column: "lat", Value: "91.2", Reason: `"91.2": must be in [-90, 90]`},
	{Row: 10, Column: "mcv1", Value: "NaN", Reason: `"NaN": not a number (NaN is a missing value)`},
	{Row: 11, Column: "pop", Value: "12.5", Reason: `"12.5" is not an integer`},
	{Row: 12, Column: "lat", Value: "north", Reason: `"north" is not a number`},
	{Row: 13, Column: "mcv1", Value: "-0.1", Reason: `"-0.1": must be in [0, 1]`},
	{Row: 14, Column: "pop", Value: "1e17", Reason: `"1e17" is not an exact integer (float literals are accepted up to 2^53; write the integer digits)`},
}

func TestReadCSVAT2OneErrorPerProblem(t *testing.T) {
	_, err := readString(t, at2CSV)
	require.Error(t, err)
	var probs Problems
	require.ErrorAs(t, err, &probs)
	require.Len(t, probs, len(at2Want))
	for i, want := range at2Want {
		var ce *CellError
		require.ErrorAs(t, probs[i], &ce, "problem %d", i)
		assert.Equal(t, want, *ce, "problem %d", i)
	}
	// The spec's message examples appear verbatim.
	msg := err.Error()
	for _, line := range []string{
		`row 4, column "id": "lagos" duplicates row 2`,
		`row 3, column "pop": "-5": must be >= 0`,
		`row 9, column "lat": "91.2": must be in [-90, 90]`,
		`row 2, column "mcv1": "85": must be in [0, 1]`,
		`row 5, column "lon": missing value`,
	} {
		assert.Contains(t, strings.Split(msg, "\n"), line)
	}
}

func TestReadCSVAT2ExtraColumnPreservedByWriteCSV(t *testing.T) {
	// SPEC §12 AT-2: the valid rows of at2CSV (1 and 15) keep the extra column
	// "zone" with its raw, untrimmed text, and WriteCSV writes it back.
	lines := strings.Split(at2CSV, "\n")
	tab, err := readString(t, lines[0]+"\n"+lines[1]+"\n"+lines[15]+"\n")
	require.NoError(t, err)

	assert.Equal(t, []string{"kano", "onitsha"}, tab.ID)
	assert.Equal(t, []int64{1000, 100000}, tab.Pop)
	assert.Equal(t, []float64{12, 6}, tab.Lat)
	assert.Equal(t, []float64{8.5, 7}, tab.Lon)
	assert.Equal(t, []float64{0.5, 0.25}, tab.MCV1)
	assert.Equal(t, []string{"zone"}, tab.ExtraNames())
	zone, ok := tab.Extra("zone")
	require.True(t, ok)
	assert.Equal(t, []string{"north", " river side "}, zone)

	var buf bytes.Buffer
	require.NoError(t, tab.WriteCSV(&buf))
	assert.Equal(t, "id,pop,lat,lon,mcv1,zone\n"+
		"kano,1000,12,8.5,0.5,north\n"+
		"onitsha,100000,6,7,0.25,\" river side \"\n", buf.String())
}

func TestLoadCSVPrefixesPath(t *testing.T) {
	// The SPEC's example message: a bad pop on data row 17, named with the file.
	var b strings.Builder
	b.WriteString("id,pop,lat,lon,mcv1\n")
	for i := 1; i <= 16; i++ {
		fmt.Fprintf(&b, "p%d,100,1,1,0.5\n", i)
	}
	b.WriteString("p17,12a,1,1,0.5\n")
	path := filepath.Join(t.TempDir(), "scenario.csv")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))

	_, err := LoadCSV(path)
	assert.EqualError(t, err, path+`: row 17, column "pop": "12a" is not an integer`)
	var ce *CellError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, path, ce.File)

	// Table-level problems name the file instead of the package.
	require.NoError(t, os.WriteFile(path, []byte("id,population,lat,lon,mcv1\n"), 0o644))
	_, err = LoadCSV(path)
	assert.EqualError(t, err, path+`: missing required column "pop" (found "population": did you mean "pop"?)`)

	require.NoError(t, os.WriteFile(path, []byte("id,pop,lat,lon,mcv1\n"), 0o644))
	_, err = LoadCSV(path)
	assert.EqualError(t, err, path+`: no patches`)
	assert.ErrorIs(t, err, ErrNoPatches)
}

func TestLoadCSVMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "absent.csv")
	_, err := LoadCSV(path)
	require.ErrorIs(t, err, os.ErrNotExist)
	assert.Contains(t, err.Error(), path)
}

func TestLoadCSVValid(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ok.csv")
	require.NoError(t, os.WriteFile(path, []byte("id,pop,lat,lon,mcv1\na,1,2,3,0.5\n"), 0o644))
	tab, err := LoadCSV(path)
	require.NoError(t, err)
	assert.Equal(t, []string{"a"}, tab.ID)
}

func TestReadCSVBOM(t *testing.T) {
	for name, in := range map[string]string{
		"plain":         "\ufeffid,pop,lat,lon,mcv1\na,1,2,3,0.5\n",
		"quoted header": "\ufeff\"id\",\"pop\",lat,lon,mcv1\na,1,2,3,0.5\n",
		"CRLF":          "\ufeffid,pop,lat,lon,mcv1\r\na,1,2,3,0.5\r\n",
	} {
		t.Run(name, func(t *testing.T) {
			tab, err := readString(t, in)
			require.NoError(t, err)
			assert.Equal(t, []string{"a"}, tab.ID)
			assert.Empty(t, tab.ExtraNames())
		})
	}
}

func TestReadCSVAnyColumnOrder(t *testing.T) {
	tab, err := readString(t, "mcv1,lon,zone,lat,pop,id,admin\n"+
		"0.25,3.5,n,12.5,100,a,x\n"+
		"0.75,-4,s,-1,200,b,y\n")
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b"}, tab.ID)
	assert.Equal(t, []int64{100, 200}, tab.Pop)
	assert.Equal(t, []float64{12.5, -1}, tab.Lat)
	assert.Equal(t, []float64{3.5, -4}, tab.Lon)
	assert.Equal(t, []float64{0.25, 0.75}, tab.MCV1)
	assert.Equal(t, []string{"zone", "admin"}, tab.ExtraNames())
	admin, _ := tab.Extra("admin")
	assert.Equal(t, []string{"x", "y"}, admin)

	var buf bytes.Buffer
	require.NoError(t, tab.WriteCSV(&buf))
	assert.Equal(t, "id,pop,lat,lon,mcv1,zone,admin\n"+
		"a,100,12.5,3.5,0.25,n,x\n"+
		"b,200,-1,-4,0.75,s,y\n", buf.String())
}

func TestReadCSVTrimsCellsAndHeader(t *testing.T) {
	tab, err := readString(t, " id , pop ,lat,lon,mcv1\n  a b  ,\t 7 ,  1.5 ,2 , 0 \n")
	require.NoError(t, err)
	assert.Equal(t, []string{"a b"}, tab.ID)
	assert.Equal(t, []int64{7}, tab.Pop)
	assert.Equal(t, []float64{1.5}, tab.Lat)
}

func TestReadCSVMissingColumnHint(t *testing.T) {
	const tail = "\na,1,2,3,0.5\n"
	for _, tc := range []struct {
		header string
		want   []string
	}{
		// SPEC §3.2 example.
		{"id,population,lat,lon,mcv1", []string{`scenario: missing required column "pop" (found "population": did you mean "pop"?)`}},
		// Case-insensitive match.
		{"ID,pop,lat,lon,mcv1", []string{`scenario: missing required column "id" (found "ID": did you mean "id"?)`}},
		// Separators dropped.
		{"id,pop,lat,lon,MCV_1", []string{`scenario: missing required column "mcv1" (found "MCV_1": did you mean "mcv1"?)`}},
		// Synonyms, one message per missing column.
		{"name,pop,latitude,longitude,mcv1_coverage", []string{
			`scenario: missing required column "id" (found "name": did you mean "id"?)`,
			`scenario: missing required column "lat" (found "latitude": did you mean "lat"?)`,
			`scenario: missing required column "lon" (found "longitude": did you mean "lon"?)`,
			`scenario: missing required column "mcv1" (found "mcv1_coverage": did you mean "mcv1"?)`,
		}},
		// Edit distance 1.
		{"id,pops,lat,lng,mcv", []string{
			`scenario: missing required column "pop" (found "pops": did you mean "pop"?)`,
			`scenario: missing required column "lon" (found "lng": did you mean "lon"?)`,
			`scenario: missing required column "mcv1" (found "mcv": did you mean "mcv1"?)`,
		}},
		// The best hint wins over an earlier, weaker one.
		{"id,populace,Pop,lat,lon,mcv1", []string{`scenario: missing required column "pop" (found "Pop": did you mean "pop"?)`}},
		// Nothing close: no hint.
		{"id,pop,lat,lon,vaccinated", []string{`scenario: missing required column "mcv1"`}},
	} {
		t.Run(tc.header, func(t *testing.T) {
			_, err := readString(t, tc.header+tail)
			require.ErrorIs(t, err, ErrMissingColumn)
			assert.EqualError(t, err, strings.Join(tc.want, "\n"))
		})
	}
}

func TestReadCSVHeaderProblems(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		kind     error
		want     string
	}{
		{"duplicate extra", "id,pop,lat,lon,mcv1,zone,zone\n", ErrDuplicateColumn,
			`scenario: duplicate column "zone" (columns 6 and 7)`},
		{"duplicate required", "id,pop,lat,lon,mcv1,pop\n", ErrDuplicateColumn,
			`scenario: duplicate column "pop" (columns 2 and 6)`},
		{"duplicate after trimming", "id,pop,lat,lon,mcv1, lat\n", ErrDuplicateColumn,
			`scenario: duplicate column "lat" (columns 3 and 6)`},
		{"empty name", "id,pop,lat,lon,mcv1,\n", nil,
			`scenario: header column 6 has no name`},
		{"empty input", "", ErrMissingColumn,
			`scenario: empty input: expected a header with columns id,pop,lat,lon,mcv1`},
		{"header only", "id,pop,lat,lon,mcv1\n", ErrNoPatches,
			`scenario: no patches`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readString(t, tc.in)
			assert.EqualError(t, err, tc.want)
			if tc.kind != nil {
				assert.ErrorIs(t, err, tc.kind)
			}
		})
	}
}

func TestReadCSVRaggedRows(t *testing.T) {
	_, err := readString(t, "id,pop,lat,lon,mcv1\n"+
		"a,1,2,3,0.5\n"+
		"b,1,2,3\n"+
		"c,-1,2,3,0.5\n"+
		"d,1,2,3,0.5,extra\n")
	assert.EqualError(t, err, strings.Join([]string{
		"row 2: has 4 fields, the header has 5",
		`row 3, column "pop": "-1": must be >= 0`,
		"row 4: has 6 fields, the header has 5",
	}, "\n"))
}

func TestReadCSVSyntaxError(t *testing.T) {
	_, err := readString(t, "id,pop,lat,lon,mcv1\na,-1,2,3,0.5\nb,1,\"2\"x,3,0.5\n")
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`row 1, column "pop": "-1": must be >= 0`,
		`scenario: CSV syntax error on line 3, column 7: extraneous or missing " in quoted-field`,
	}, "\n"), err.Error())
	var perr *csv.ParseError
	assert.ErrorAs(t, err, &perr)
}

func TestReadCSVEveryRowAndColumn(t *testing.T) {
	// Parse problems of every cell are reported, not only the first.
	_, err := readString(t, "id,pop,lat,lon,mcv1\n"+
		"a,x,y,z,w\n"+
		"b,null,NA,,nan\n")
	assert.EqualError(t, err, strings.Join([]string{
		`row 1, column "pop": "x" is not an integer`,
		`row 1, column "lat": "y" is not a number`,
		`row 1, column "lon": "z" is not a number`,
		`row 1, column "mcv1": "w" is not a number`,
		`row 2, column "pop": missing value`,
		`row 2, column "lat": missing value`,
		`row 2, column "lon": missing value`,
		`row 2, column "mcv1": "nan": not a number (NaN is a missing value)`,
	}, "\n"))
}

func TestReadCSVMissingValueSpellings(t *testing.T) {
	// SPEC §3.2: empty after trimming, NA, NaN and null, in any case.
	for _, v := range []string{"", "   ", "NA", "na", "Na", "NaN", "nan", "NAN", "null", "NULL", "Null", " NA "} {
		for _, col := range requiredColumns {
			t.Run(fmt.Sprintf("%s=%q", col, v), func(t *testing.T) {
				cells := map[string]string{"id": "a", "pop": "1", "lat": "2", "lon": "3", "mcv1": "0.5"}
				cells[col] = v
				in := "id,pop,lat,lon,mcv1\n" + strings.Join([]string{cells["id"], cells["pop"], cells["lat"], cells["lon"], cells["mcv1"]}, ",") + "\n"
				_, err := readString(t, in)
				want := "missing value"
				if nan := strings.TrimSpace(v); col != ColID && strings.EqualFold(nan, "NaN") {
					want = fmt.Sprintf("%q: not a number (NaN is a missing value)", nan) // issue 26: say NaN
				}
				assert.EqualError(t, err, fmt.Sprintf(`row 1, column %q: %s`, col, want))
			})
		}
	}
}

func TestReadCSVPopSpellings(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  string // reason after `row 1, column "pop": `; "" = accepted
	}{
		{"1000", 1000, ""},
		{"1000.0", 1000, ""}, // SPEC §3.2 example
		{"1e5", 100000, ""},  // SPEC §3.2 example
		{"1E5", 100000, ""},
		{"+7", 7, ""},
		{"0", 0, ""},
		{"-0", 0, ""},
		{"-0.0", 0, ""},
		{"9007199254740992", 1 << 53, ""},
		{"9007199254740992.0", 1 << 53, ""}, // 2^53 itself is accepted
		{"9223372036854775807", 0, `"9223372036854775807": must be <= 9007199254740992 (2^53)`}, // SPEC §3.2 bound
		{"9007199254740993", 0, `"9007199254740993": must be <= 9007199254740992 (2^53)`},       // 2^53 + 1
		{"1.5e3", 1500, ""},                       // exact integer value
		{"-5", 0, `"-5": must be >= 0`},           // SPEC §3.2 example
		{"-5.0", 0, `"-5.0": must be >= 0`},       // sign checked after parsing
		{"12a", 0, `"12a" is not an integer`},     // SPEC conventions example
		{"12.5", 0, `"12.5" is not an integer`},   // not an exact integer
		{"0x10", 0, `"0x10" is not an integer`},   // no hexadecimal
		{"1_000", 0, `"1_000" is not an integer`}, // no digit separators
		{"Inf", 0, `"Inf" is not an integer`},     // not a number
		{"1e400", 0, `"1e400" is not an integer`}, // out of float64 range
		{"9223372036854775808", 0, `"9223372036854775808" is out of the 64-bit integer range`},
		{"9007199254740994.0", 0, `"9007199254740994.0" is not an exact integer (float literals are accepted up to 2^53; write the integer digits)`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			tab, err := readString(t, "id,pop,lat,lon,mcv1\na,"+tc.in+",1,1,0.5\n")
			if tc.err == "" {
				require.NoError(t, err)
				assert.Equal(t, tc.want, tab.Pop[0])
				return
			}
			assert.EqualError(t, err, `row 1, column "pop": `+tc.err)
		})
	}
}

func TestReadCSVFloatSpellings(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		err  string // reason after `row 1, column "lat": `; "" = accepted
	}{
		{"40", 40, ""}, // integer text is fine in CSV (SPEC §3.2)
		{"-90", -90, ""},
		{"90", 90, ""},
		{"4e1", 40, ""},
		{".5", 0.5, ""},
		{"+12.25", 12.25, ""},
		{"90.0000001", 0, `"90.0000001": must be in [-90, 90]`},
		{"1e400", 0, `"1e400": must be finite`},
		{"Inf", 0, `"Inf" is not a number`},
		{"0x1p4", 0, `"0x1p4" is not a number`},
		{"1.2.3", 0, `"1.2.3" is not a number`},
		{"e5", 0, `"e5" is not a number`},
		{"12°", 0, `"12°" is not a number`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			tab, err := readString(t, "id,pop,lat,lon,mcv1\na,1,"+tc.in+",1,0.5\n")
			if tc.err == "" {
				require.NoError(t, err)
				assert.Equal(t, tc.want, tab.Lat[0])
				return
			}
			assert.EqualError(t, err, `row 1, column "lat": `+tc.err)
		})
	}
}

func TestReadCSVManyProblemsTruncated(t *testing.T) {
	// 60 bad rows: the first 50 kept in Problems, the other 10 counted; the
	// message lists 50 then "… and 10 more".
	var b strings.Builder
	b.WriteString("id,pop,lat,lon,mcv1\n")
	for i := range 60 {
		fmt.Fprintf(&b, "p%d,%d,1,1,0.5\n", i, -1-i)
	}
	_, err := readString(t, b.String())
	var probs Problems
	require.ErrorAs(t, err, &probs)
	require.Len(t, probs, 51)
	assert.Equal(t, &Omitted{N: 10}, probs[50])
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 51)
	assert.Equal(t, `row 50, column "pop": "-50": must be >= 0`, lines[49])
	assert.Equal(t, "… and 10 more", lines[50])
}

func TestWriteCSVReadCSVRoundTrip(t *testing.T) {
	tab, err := RandomN(200, 11, 0.85)
	require.NoError(t, err)
	// Awkward values: floats that need all 17 digits, signed zero, extremes,
	// ids that CSV must quote, non-ASCII ids, extra cells with spaces.
	tenth := 0.1
	tab.Lat[0], tab.Lon[0], tab.MCV1[0] = 1.0/3, math.Copysign(0, -1), tenth+0.2 // 0.30000000000000004
	tab.Lat[1], tab.Lon[1], tab.MCV1[1] = -90, 180, 1
	tab.Lat[2], tab.Lon[2], tab.MCV1[2] = 5e-324, -179.99999999999997, math.Nextafter(1, 0)
	tab.Pop[3] = 0
	tab.Pop[4] = 1<<52 + 1 // large and odd; the total stays within 2^53 (SPEC §3.2)
	tab.ID[5] = `a,b "quoted"`
	tab.ID[6] = "ng:kano:dala"
	tab.ID[7] = "Côte d’Ivoire"
	tab.ID[8] = "line\nbreak"
	zone := make([]string, tab.Len())
	for i := range zone {
		zone[i] = fmt.Sprintf(" z%d ", i%7)
	}
	zone[9] = ""
	zone[10] = "NA" // extra cells are raw text, not values
	require.NoError(t, tab.SetExtra("zone", zone))
	require.NoError(t, tab.SetExtra("note", make([]string, tab.Len())))
	require.NoError(t, tab.Validate())

	var buf bytes.Buffer
	require.NoError(t, tab.WriteCSV(&buf))
	back, err := ReadCSV(&buf)
	require.NoError(t, err)
	assert.Equal(t, tab, back)
	assert.True(t, math.Signbit(back.Lon[0]), "-0 round-trips")
}

func TestWriteCSVFormat(t *testing.T) {
	tab, err := FromColumns([]string{"a", "b"}, []int64{100000, 50000},
		[]float64{40, 34.5}, []float64{4, -10.125}, []float64{0, 0.1})
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, tab.WriteCSV(&buf))
	assert.Equal(t, "id,pop,lat,lon,mcv1\na,100000,40,4,0\nb,50000,34.5,-10.125,0.1\n", buf.String())
}

func TestWriteCSVRejectsBadShapeBeforeWriting(t *testing.T) {
	tab := validGoTable()
	tab.Lat = tab.Lat[:1]
	var buf bytes.Buffer
	err := tab.WriteCSV(&buf)
	require.ErrorIs(t, err, ErrColumnLength)
	assert.Zero(t, buf.Len(), "nothing written")

	var nilTable *Table
	assert.Error(t, nilTable.WriteCSV(&buf))
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteCSVWriterError(t *testing.T) {
	err := validGoTable().WriteCSV(failingWriter{})
	assert.EqualError(t, err, "scenario: writing CSV: disk full")
}

func TestSaveCSV(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	tab := validGoTable()
	require.NoError(t, tab.SetExtra("zone", []string{"n", "s", "e"}))
	require.NoError(t, tab.SaveCSV(path))

	back, err := LoadCSV(path)
	require.NoError(t, err)
	assert.Equal(t, tab, back)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left behind")

	// A failed save leaves the existing file untouched.
	bad := validGoTable()
	bad.Pop = nil
	require.Error(t, bad.SaveCSV(path))
	again, err := LoadCSV(path)
	require.NoError(t, err)
	assert.Equal(t, tab, again)

	assert.Error(t, tab.SaveCSV(filepath.Join(dir, "no-such-dir", "x.csv")))
}
