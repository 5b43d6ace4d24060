package scenario

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// parquetWriteBatch is how many rows [Table.WriteParquet] hands the writer
// at a time.
const parquetWriteBatch = 4096

// WriteParquet writes the table as a Parquet file that [ReadParquet] reads
// back to the same table: REQUIRED columns id (STRING), pop (INT64), lat,
// lon and mcv1 (DOUBLE), then the extra columns as STRING in their order,
// ZSTD-compressed. The table is not validated, as in [Table.WriteCSV]. An
// extra column whose name cannot be a Parquet column name here (empty, or
// holding a comma, a quote or a backquote) is an error naming it.
func (t *Table) WriteParquet(w io.Writer) error {
	if err := t.checkShape(); err != nil {
		return err
	}
	fields := []reflect.StructField{
		{Name: "ID", Type: reflect.TypeFor[string](), Tag: `parquet:"id"`},
		{Name: "Pop", Type: reflect.TypeFor[int64](), Tag: `parquet:"pop"`},
		{Name: "Lat", Type: reflect.TypeFor[float64](), Tag: `parquet:"lat"`},
		{Name: "Lon", Type: reflect.TypeFor[float64](), Tag: `parquet:"lon"`},
		{Name: "MCV1", Type: reflect.TypeFor[float64](), Tag: `parquet:"mcv1"`},
	}
	extras := make([][]string, len(t.extraNames))
	for k, name := range t.extraNames {
		if name == "" || strings.ContainsAny(name, ",\"`") {
			return fmt.Errorf("scenario: writing Parquet: extra column %q: a Parquet column name here has no comma, quote or backquote", name)
		}
		fields = append(fields, reflect.StructField{Name: fmt.Sprintf("X%d", k), Type: reflect.TypeFor[string](),
			Tag: reflect.StructTag(fmt.Sprintf(`parquet:"%s"`, name))})
		extras[k] = t.extra[name]
	}
	typ := reflect.StructOf(fields)
	pw := parquet.NewWriter(w, parquet.SchemaOf(reflect.New(typ).Interface()), parquet.Compression(&zstd.Codec{}))
	rows := reflect.MakeSlice(reflect.SliceOf(typ), parquetWriteBatch, parquetWriteBatch)
	for start := 0; start < t.Len(); start += parquetWriteBatch {
		n := min(parquetWriteBatch, t.Len()-start)
		for j := range n {
			i, r := start+j, rows.Index(j)
			r.Field(0).SetString(t.ID[i])
			r.Field(1).SetInt(t.Pop[i])
			r.Field(2).SetFloat(t.Lat[i])
			r.Field(3).SetFloat(t.Lon[i])
			r.Field(4).SetFloat(t.MCV1[i])
			for k, col := range extras {
				r.Field(5 + k).SetString(col[i])
			}
		}
		for j := range n {
			if err := pw.Write(rows.Index(j).Addr().Interface()); err != nil {
				return fmt.Errorf("scenario: writing Parquet: %w", err)
			}
		}
	}
	if err := pw.Close(); err != nil {
		return fmt.Errorf("scenario: writing Parquet: %w", err)
	}
	return nil
}

// SaveParquet writes the table to the file at path as [Table.WriteParquet]
// does, atomically (as [Table.SaveCSV]).
func (t *Table) SaveParquet(path string) error { return t.saveWith(path, t.WriteParquet) }

// Save writes the table to path: [Table.SaveParquet] when its name ends in
// .parquet (any case), else [Table.SaveCSV].
func (t *Table) Save(path string) error {
	if IsParquetPath(path) {
		return t.SaveParquet(path)
	}
	return t.SaveCSV(path)
}
