package shapefile

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// cellValue maps one DBF cell to a Go value (SPEC §10.2, ReadShapefile).
// Null markers follow shapelib: a blank cell of any type, a numeric cell of
// '*' only, a date "00000000" and a logical '?' are nil.
func cellValue(f Field, cell []byte) (any, error) {
	if len(bytes.Trim(cell, " \x00")) == 0 {
		return nil, nil
	}
	switch f.Type {
	case 'C':
		s, err := cellText(cell)
		if err != nil || s == "" {
			return nil, err
		}
		return s, nil
	case 'N', 'F':
		return numberValue(f, asciiText(cell))
	case 'D':
		s := asciiText(cell)
		if s == "00000000" {
			return nil, nil
		}
		d, err := time.Parse("20060102", s)
		if err != nil {
			return nil, fmt.Errorf("invalid date %q (want YYYYMMDD)", s)
		}
		return d, nil
	case 'L':
		switch s := asciiText(cell); s {
		case "T", "t", "Y", "y":
			return true, nil
		case "F", "f", "N", "n":
			return false, nil
		case "?":
			return nil, nil
		default:
			return nil, fmt.Errorf("invalid logical %q (want T, F, Y, N or ?)", s)
		}
	}
	return string(cell), nil
}

// numberValue reads an N cell with 0 decimals as int64, other N and F cells
// as float64.
func numberValue(f Field, s string) (any, error) {
	if strings.Trim(s, "*") == "" {
		return nil, nil
	}
	if f.Type == 'N' && f.Decimals == 0 {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("invalid integer %q", s)
		}
		return v, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, fmt.Errorf("invalid number %q", s)
	}
	return v, nil
}

func asciiText(cell []byte) string { return string(bytes.Trim(cell, " \x00")) }
