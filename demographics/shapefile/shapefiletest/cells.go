package shapefiletest

import (
	"fmt"
	"reflect"
	"strconv"
	"time"

	"github.com/rubeola/rubeola/demographics/shapefile/internal/dbf"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// formatValue returns the cell text of v for field f, unpadded.
func formatValue(f shapefile.Field, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []byte:
		return x, nil
	case string:
		return []byte(x), nil
	case bool:
		if x {
			return []byte("T"), nil
		}
		return []byte("F"), nil
	case time.Time:
		return []byte(x.Format("20060102")), nil
	case float64:
		return []byte(strconv.FormatFloat(x, 'f', int(f.Decimals), 64)), nil
	case float32:
		return []byte(strconv.FormatFloat(float64(x), 'f', int(f.Decimals), 32)), nil
	}
	switch rv := reflect.ValueOf(v); {
	case rv.CanInt():
		return strconv.AppendInt(nil, rv.Int(), 10), nil
	case rv.CanUint():
		return strconv.AppendUint(nil, rv.Uint(), 10), nil
	}
	return nil, fmt.Errorf("unsupported value type %T", v)
}

// putCell writes text into cell padded with spaces: right-aligned for
// numeric fields, left-aligned otherwise.
func putCell(cell []byte, fieldType byte, text []byte) {
	for i := range cell {
		cell[i] = ' '
	}
	if fieldType == 'N' || fieldType == 'F' {
		copy(cell[len(cell)-len(text):], text)
		return
	}
	copy(cell, text)
}

// formatRecords formats every value and returns the cells and the fields
// with their final sizes (Size 0 → the longest value, at least 1, at most
// 254).
func formatRecords(fields []shapefile.Field, records [][]any) ([][][]byte, []shapefile.Field, error) {
	cells := make([][][]byte, len(records))
	sized := append([]shapefile.Field(nil), fields...)
	for i, rec := range records {
		if len(rec) != len(fields) {
			return nil, nil, fmt.Errorf("record %d has %d values for %d fields", i, len(rec), len(fields))
		}
		cells[i] = make([][]byte, len(rec))
		for j, v := range rec {
			text, err := formatValue(fields[j], v)
			if err != nil {
				return nil, nil, fmt.Errorf("record %d, field %q: %w", i, fields[j].Name, err)
			}
			cells[i][j] = text
			if fields[j].Size == 0 {
				sized[j].Size = uint8(min(max(int(sized[j].Size), len(text), 1), dbf.MaxFieldSize))
			}
		}
	}
	for j := range sized {
		sized[j].Size = max(sized[j].Size, 1)
		for i := range cells {
			if n := len(cells[i][j]); n > int(sized[j].Size) {
				return nil, nil, fmt.Errorf("record %d, field %q: value of %d bytes exceeds the field size %d",
					i, sized[j].Name, n, sized[j].Size)
			}
		}
	}
	return cells, sized, nil
}
