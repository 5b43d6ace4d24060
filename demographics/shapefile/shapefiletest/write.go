package shapefiletest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/internal/dbf"
)

// fixtureDate is the DBF "last update" date of every fixture, 2025-01-01 as
// (year − 1900, month, day), so that fixtures are reproducible.
var fixtureDate = [3]byte{125, 1, 1}

// WritePolygons writes the shapefile path (ending in .shp, any case): its
// .shp and .shx with one shape per record, its .dbf with fields and
// records (one value per field; see the package documentation for the value
// types and widths), and the side files and flags the options ask for. The
// other files take the extension in the .shp's case. Existing files are
// overwritten.
func WritePolygons(path string, fields []shapefile.Field, records [][]any, shapes []shapefile.Shape, opts ...Option) error {
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	ext := filepath.Ext(path)
	if !strings.EqualFold(ext, ".shp") {
		return fmt.Errorf("shapefiletest: %s does not end in .shp", path)
	}
	if len(shapes) != len(records) {
		return fmt.Errorf("shapefiletest: %d shapes for %d records", len(shapes), len(records))
	}
	stem := strings.TrimSuffix(path, ext)
	sideExt := func(e string) string {
		if ext == strings.ToUpper(ext) {
			return strings.ToUpper(e)
		}
		return e
	}
	dbfBytes, err := encodeDBF(fields, records, cfg.deleted)
	if err != nil {
		return fmt.Errorf("shapefiletest: %s: %w", path, err)
	}
	shp, shx, err := encodeShapes(shapes)
	if err != nil {
		return fmt.Errorf("shapefiletest: %s: %w", path, err)
	}
	files := map[string][]byte{path: shp, stem + sideExt(".shx"): shx, stem + sideExt(".dbf"): dbfBytes}
	if cfg.prj != nil {
		files[stem+sideExt(".prj")] = []byte(*cfg.prj)
	}
	if cfg.cpg != nil {
		files[stem+sideExt(".cpg")] = []byte(*cfg.cpg)
	}
	for name, data := range files {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return fmt.Errorf("shapefiletest: %w", err)
		}
	}
	return nil
}

// encodeDBF returns the .dbf bytes; records listed in deleted get the '*'
// flag.
func encodeDBF(fields []shapefile.Field, records [][]any, deleted []int) ([]byte, error) {
	cells, sized, err := formatRecords(fields, records)
	if err != nil {
		return nil, err
	}
	flags := make([]bool, len(records))
	for _, d := range deleted {
		if d < 0 || d >= len(records) {
			return nil, fmt.Errorf("deleted record %d out of range 0..%d", d, len(records)-1)
		}
		flags[d] = true
	}
	dfields := make([]dbf.Field, len(sized))
	for i, f := range sized {
		dfields[i] = dbf.Field(f)
	}
	h, err := dbf.NewHeader(dfields, fixtureDate)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	err = dbf.Write(&out, h, len(records), func(i int, buf []byte) error {
		buf[0] = dbf.FlagLive
		if flags[i] {
			buf[0] = dbf.FlagDeleted
		}
		pos := 1
		for j, f := range sized {
			putCell(buf[pos:pos+int(f.Size)], f.Type, cells[i][j])
			pos += int(f.Size)
		}
		return nil
	})
	return out.Bytes(), err
}
