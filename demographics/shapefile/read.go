package shapefile

import (
	"fmt"
	"os"

	"github.com/rubeola/rubeola/demographics/shapefile/internal/dbf"
)

// dotnameField is the field that holds DOTNAMEs in GADM files and by
// default in AddDotname.
const dotnameField = "DOTNAME"

// ReadShapefile reads a whole shapefile: every field, every record's values
// and every shape (the reference's get_shapefile_dataframe).
//
// The .shp, .shx and .dbf must exist (else an error wrapping fs.ErrNotExist)
// and a .cpg, if present, must name UTF-8 or ASCII. DBF values map to Go
// types as follows: C → string (UTF-8, Unicode whitespace stripped at both
// ends and NULs at the end, case kept); N with 0 decimals → int64; N with
// decimals and F → float64; D → time.Time (UTC); L → bool; a blank cell,
// and the null markers '*…' (N, F), "00000000" (D) and '?' (L) → nil; any
// other type → the cell's raw bytes as a string.
//
// Records flagged deleted are an error (rubeola choice, as in AddDotname),
// as are invalid UTF-8, unparsable numbers, dates or logicals, and a
// different number of shapes and records; errors name the file and, where
// relevant, the record (numbered from 1) and field. Feature.Index counts
// from 0.
func ReadShapefile(path string) (*FeatureTable, error) {
	files, tbl, err := openTable(path)
	if err != nil {
		return nil, err
	}
	if err := checkEncoding(files.cpg); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(files.shp)
	if err != nil {
		return nil, err
	}
	shapes, err := readShapes(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", files.shp, err)
	}
	n := tbl.NumRecords()
	if len(shapes) != n {
		return nil, fmt.Errorf("%s has %d shapes but %s has %d records", files.shp, len(shapes), files.dbf, n)
	}
	t := &FeatureTable{Fields: fieldsOf(tbl)}
	dot := fieldIndex(t.Fields, dotnameField)
	t.HasDotname = dot >= 0
	t.Features = make([]Feature, n)
	for i := range n {
		if tbl.Deleted(i) {
			return nil, errDeleted(files.dbf, i)
		}
		values := make([]any, len(t.Fields))
		for j, f := range t.Fields {
			if values[j], err = cellValue(f, tbl.Cell(i, j)); err != nil {
				return nil, fmt.Errorf("%s: record %d, field %q: %w", files.dbf, i+1, f.Name, err)
			}
		}
		t.Features[i] = Feature{Index: i, Values: values, Shape: shapes[i]}
		if dot >= 0 {
			t.Features[i].Dotname, _ = values[dot].(string)
		}
	}
	return t, nil
}

// openTable locates the shapefile's files and parses its DBF.
func openTable(path string) (fileSet, *dbf.Table, error) {
	files, err := locate(path)
	if err != nil {
		return fileSet{}, nil, err
	}
	tbl, err := loadDBF(files.dbf)
	return files, tbl, err
}

// loadDBF reads and parses a .dbf file; errors name it.
func loadDBF(path string) (*dbf.Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	tbl, err := dbf.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return tbl, nil
}

func fieldsOf(tbl *dbf.Table) []Field {
	fields := make([]Field, len(tbl.Fields))
	for i, f := range tbl.Fields {
		fields[i] = Field(f)
	}
	return fields
}

func errDeleted(dbfPath string, i int) error {
	return fmt.Errorf("%s: record %d is flagged deleted; rubeola reads only packed tables (remove deleted records first)",
		dbfPath, i+1)
}
