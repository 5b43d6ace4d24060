package scenario_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// writeParquetFile writes rows (structs with parquet tags) as the Parquet
// file name in dir and returns its path.
func writeParquetFile[T any](t *testing.T, dir, name string, rows []T) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, parquet.Write(&buf, rows))
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	return path
}

// TestParquetRoundTrip: WriteParquet and ReadParquet keep every column,
// extra columns included, in order; Save/Load choose the format by
// extension.
func TestParquetRoundTrip(t *testing.T) {
	tbl := &scenario.Table{ID: []string{"nga:lagos", "nga:kano", "a,\"b\""}, Pop: []int64{15_000_000, 0, scenario.MaxPop - 15_000_000},
		Lat: []float64{6.45, 12, -90}, Lon: []float64{3.4, 8.5, 180}, MCV1: []float64{0.8, 0, 1}}
	require.NoError(t, tbl.SetExtra("region", []string{"south", "", "x"}))
	require.NoError(t, tbl.SetExtra("note", []string{"1", "two", " spaced "}))
	dir := t.TempDir()
	path := filepath.Join(dir, "s.PARQUET")
	require.NoError(t, tbl.Save(path))
	got, err := scenario.Load(path)
	require.NoError(t, err)
	assert.Equal(t, tbl, got)
	assert.Equal(t, []string{"region", "note"}, got.ExtraNames())
}

// parquetCell is a scenario row whose columns may be null (optional).
type parquetCell struct {
	ID   *string  `parquet:"id,optional"`
	Pop  *float64 `parquet:"pop,optional"`
	Lat  float64  `parquet:"lat"`
	Lon  float64  `parquet:"lon"`
	MCV1 float64  `parquet:"mcv1"`
}

// textRow is a scenario converted from CSV with every column a string: it
// is read as the CSV loader reads the same text.
type textRow struct {
	ID   string `parquet:"id"`
	Pop  string `parquet:"pop"`
	Lat  string `parquet:"lat"`
	Lon  string `parquet:"lon"`
	MCV1 string `parquet:"mcv1"`
}

// TestParquetProblems: bad values get the CSV loader's messages, naming the
// file, row and column and what was expected; every problem is listed.
func TestParquetProblems(t *testing.T) {
	dir := t.TempDir()
	str := func(s string) *string { return &s }
	num := func(f float64) *float64 { return &f }
	typed := writeParquetFile(t, dir, "typed.parquet", []parquetCell{
		{ID: str("a"), Pop: num(10), Lat: 1, Lon: 2, MCV1: 0.5},
		{ID: str("c"), Pop: num(1.5), Lat: 91, Lon: 2, MCV1: 0.5},
		{ID: nil, Pop: nil, Lat: 0, Lon: 0, MCV1: 1.5},
		{ID: str(" a"), Pop: num(-3), Lat: 0, Lon: 0, MCV1: 0}, // a duplicate stops reading: last
	})
	err := func() error { _, err := scenario.LoadParquet(typed); return err }()
	require.Error(t, err)
	for _, want := range []string{
		typed + `: row 4, column "id": " a" duplicates row 1 once trimmed of surrounding spaces`,
		typed + `: row 2, column "pop": "1.5" is not an integer`,
		typed + `: row 2, column "lat": "91": must be in [-90, 90]`,
		typed + `: row 3, column "id": missing value`,
		typed + `: row 3, column "pop": missing value`,
		typed + `: row 3, column "mcv1": "1.5": must be in [0, 1]`,
		typed + `: row 4, column "pop": "-3": must be >= 0`,
	} {
		assert.Contains(t, err.Error(), want)
	}
	var cell *scenario.CellError
	require.ErrorAs(t, err, &cell)
	assert.Equal(t, 2, cell.Row, "problems come in row order")

	text := writeParquetFile(t, dir, "text.parquet", []textRow{{"a", "12a", "1", "2", "NaN"}})
	err = func() error { _, err := scenario.LoadParquet(text); return err }()
	require.Error(t, err)
	assert.Contains(t, err.Error(), text+`: row 1, column "pop": "12a" is not an integer`)
	assert.Contains(t, err.Error(), text+`: row 1, column "mcv1": "NaN": not a number (NaN is a missing value)`)
}

// TestParquetStopsAtFirstDuplicate: issue 37 item 6. A Parquet scenario
// of 10⁷ duplicated ids was refused only after every row was read (45–50
// s, 1.37 GB); reading stops at the first duplicate id, and the message
// says so.
func TestParquetStopsAtFirstDuplicate(t *testing.T) {
	// 1000 rows of one id: the second is the first duplicate.
	rows := make([]textRow, 1000)
	for i := range rows {
		rows[i] = textRow{"x", "1", "0", "0", "0"}
	}
	path := writeParquetFile(t, t.TempDir(), "dup.parquet", rows)
	_, err := scenario.LoadParquet(path)
	require.Error(t, err)
	assert.Equal(t, path+`: row 2, column "id": "x" duplicates row 1`+"\n"+
		path+": reading stopped at the first duplicate id (row 2 of 1000 rows): ids must be unique", err.Error())
}

// TestParquetHeaderProblems: missing columns (with the CSV loader's hint),
// a column of the wrong type, an empty table and a file that is not
// Parquet are named errors.
func TestParquetHeaderProblems(t *testing.T) {
	dir := t.TempDir()
	type misnamed struct {
		ID         string  `parquet:"id"`
		Population int64   `parquet:"population"`
		Lat        float64 `parquet:"lat"`
		Lon        float64 `parquet:"lon"`
	}
	type boolPop struct {
		ID   string  `parquet:"id"`
		Pop  bool    `parquet:"pop"`
		Lat  float64 `parquet:"lat"`
		Lon  float64 `parquet:"lon"`
		MCV1 float64 `parquet:"mcv1"`
	}
	type listColumn struct {
		ID   string   `parquet:"id"`
		Pop  int64    `parquet:"pop"`
		Lat  float64  `parquet:"lat"`
		Lon  float64  `parquet:"lon"`
		MCV1 float64  `parquet:"mcv1"`
		Tags []string `parquet:"tags,list"`
	}
	notParquet := filepath.Join(dir, "csv.parquet")
	require.NoError(t, os.WriteFile(notParquet, []byte("id,pop,lat,lon,mcv1\na,1,0,0,0.5\n"), 0o644))
	for _, tc := range []struct {
		name, path string
		kind       error
		want       string
	}{
		{"misnamed", writeParquetFile(t, dir, "m.parquet", []misnamed{{"a", 1, 0, 0}}), scenario.ErrMissingColumn,
			`missing required column "pop" (found "population": did you mean "pop"?)`},
		{"bool pop", writeParquetFile(t, dir, "b.parquet", []boolPop{{"a", true, 0, 0, 0.5}}), nil,
			`row 1, column "pop": "true" (BOOLEAN): expected an integer`},
		{"list column", writeParquetFile(t, dir, "l.parquet", []listColumn{{"a", 1, 0, 0, 0.5, []string{"x"}}}), nil,
			`column "tags.list.element" is repeated (a list): expected one value per row`},
		{"empty", writeParquetFile(t, dir, "e.parquet", []textRow{}), scenario.ErrNoPatches, "no patches"},
		{"not parquet", notParquet, nil, "not a readable Parquet file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := scenario.LoadParquet(tc.path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.path+": ")
			assert.Contains(t, err.Error(), tc.want)
			if tc.kind != nil {
				assert.True(t, errors.Is(err, tc.kind), "%v is %v", err, tc.kind)
			}
		})
	}
}

// TestParquetTrimsColumnNames: column names are trimmed as the CSV
// loader trims its header, and the values are read from the column the
// trimmed name points to (" pop" was accepted by the header check but
// read from column 0, the ids: `"a" is not an integer`).
func TestParquetTrimsColumnNames(t *testing.T) {
	type spaced struct {
		ID     string  `parquet:"id"`
		Pop    int64   `parquet:" pop"`
		Lat    float64 `parquet:"lat "`
		Lon    float64 `parquet:"lon"`
		MCV1   float64 `parquet:"mcv1"`
		Region string  `parquet:" region "`
	}
	path := writeParquetFile(t, t.TempDir(), "s.parquet", []spaced{{"a", 1000, 9.5, 7.25, 0.5, "north"}, {"b", 20, -1, 3, 0.75, "south"}})
	tab, err := scenario.LoadParquet(path)
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b"}, tab.ID)
	assert.Equal(t, []int64{1000, 20}, tab.Pop)
	assert.Equal(t, []float64{9.5, -1}, tab.Lat)
	assert.Equal(t, []string{"region"}, tab.ExtraNames())
	region, ok := tab.Extra("region")
	require.True(t, ok)
	assert.Equal(t, []string{"north", "south"}, region)
}
