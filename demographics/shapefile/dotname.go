package shapefile

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"github.com/rubeola/rubeola/demographics/shapefile/internal/dbf"
)

// AddDotname adds a DOTNAME character field to the shapefile at path
// (SPEC §10.2) and returns the path of the shapefile that holds it.
//
//  1. Every name in fields must be a character field of the DBF (exact,
//     case-sensitive match): else ErrMissingField listing the missing and
//     the available fields, or an error naming the non-character field.
//  2. If the DBF already has the target field (WithFieldName, default
//     DOTNAME), nothing is written and path is returned.
//  3. Each record's fields are decoded as UTF-8 (a .cpg must name UTF-8 or
//     ASCII, else "unsupported DBF encoding"), stripped of Unicode
//     whitespace at both ends and NULs at the end, lower-cased like
//     Python's str.lower (cases.Lower(language.Und)) and joined with the
//     symbol (WithSymbol, default ":"); an empty field is an empty segment.
//  4. Names must be unique, else ErrDuplicateDotname: `dotnames are not
//     unique in <path>: "a:b" (records 3 and 7)`, records numbered from 1.
//     A record flagged deleted is an error.
//  5. The field is 50 bytes wide if every name fits, else as wide as the
//     longest name up to 254 bytes; longer names are cut at the last UTF-8
//     boundary at or before byte 254, and a duplicate created by the cut is
//     ErrDuplicateDotname.
//  6. The copy <dir>/<stem>_<suffix>.shp, .shx, .dbf (WithSuffix, default
//     "dotname") keeps every field and record and adds the new field last;
//     the .shp and .shx are byte-for-byte copies. The .prj and .cpg are
//     copied if present, else a .cpg saying UTF-8 is written. Files are
//     written under temporary names and renamed, overwriting older copies.
//  7. With InPlace the new .shp, .shx and .dbf are renamed over the
//     originals, in that order, and no copy remains; the original .prj and
//     .cpg stay as they are.
//
// A failure leaves the originals and any older copy untouched and removes
// temporary files.
func AddDotname(path string, fields []string, opts ...DotnameOption) (string, error) {
	cfg := defaultDotnameConfig()
	for _, o := range opts {
		o(&cfg)
	}
	if err := dbf.CheckName(cfg.fieldName); err != nil {
		return "", fmt.Errorf("AddDotname %s: %w", path, err)
	}
	if strings.ContainsAny(cfg.suffix, `/\`) {
		return "", fmt.Errorf("AddDotname %s: suffix %q contains a path separator", path, cfg.suffix)
	}
	files, tbl, err := openTable(path)
	if err != nil {
		return "", err
	}
	sources, err := sourceFields(files.dbf, fieldsOf(tbl), fields)
	if err != nil {
		return "", err
	}
	if done, err := hasTarget(files.dbf, fieldsOf(tbl), cfg.fieldName); done || err != nil {
		return path, err
	}
	if err := checkEncoding(files.cpg); err != nil {
		return "", err
	}
	names, err := joinNames(files.dbf, tbl, sources, cfg.symbol)
	if err != nil {
		return "", err
	}
	if err := checkUnique(path, names, false); err != nil {
		return "", err
	}
	width := fieldWidth(names)
	if cutNames(names) {
		if err := checkUnique(path, names, true); err != nil {
			return "", err
		}
	}
	field := dbf.Field{Name: cfg.fieldName, Type: 'C', Size: uint8(width)}
	return writeLabelled(files, path, tbl, field, names, cfg)
}

// Dotnames computes the lower-cased, symbol-joined names AddDotname would
// write (steps 1 and 3 of AddDotname), without checking uniqueness, cutting
// long names or writing anything. A record flagged deleted is an error.
func Dotnames(path string, fields []string, symbol string) ([]string, error) {
	files, tbl, err := openTable(path)
	if err != nil {
		return nil, err
	}
	sources, err := sourceFields(files.dbf, fieldsOf(tbl), fields)
	if err != nil {
		return nil, err
	}
	if err := checkEncoding(files.cpg); err != nil {
		return nil, err
	}
	return joinNames(files.dbf, tbl, sources, symbol)
}

// sourceFields returns the positions of the named fields, which must exist
// and be character fields.
func sourceFields(dbfPath string, all []Field, names []string) ([]int, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no DOTNAME source fields given", dbfPath)
	}
	var missing []string
	idx := make([]int, len(names))
	for k, name := range names {
		idx[k] = fieldIndex(all, name)
		if idx[k] < 0 {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		available := make([]string, len(all))
		for i, f := range all {
			available[i] = f.Name
		}
		return nil, fmt.Errorf("%s: %w: %s (available fields: %s)",
			dbfPath, ErrMissingField, quoteList(missing), quoteList(available))
	}
	for _, i := range idx {
		if f := all[i]; f.Type != 'C' {
			return nil, fmt.Errorf("%s: field %q has type %q; DOTNAME source fields must be character (C) fields",
				dbfPath, f.Name, f.Type)
		}
	}
	return idx, nil
}

// hasTarget reports whether the DBF already has the target field. A field
// whose name differs only in case is an error: DBF readers treat names
// case-insensitively.
func hasTarget(dbfPath string, all []Field, name string) (bool, error) {
	for _, f := range all {
		switch {
		case f.Name == name:
			return true, nil
		case strings.EqualFold(f.Name, name):
			return false, fmt.Errorf("%s: field %q differs from the DOTNAME field %q only in case", dbfPath, f.Name, name)
		}
	}
	return false, nil
}

// joinNames builds every record's DOTNAME (AddDotname step 3).
func joinNames(dbfPath string, tbl *dbf.Table, sources []int, symbol string) ([]string, error) {
	lower := cases.Lower(language.Und)
	names := make([]string, tbl.NumRecords())
	parts := make([]string, len(sources))
	for i := range names {
		if tbl.Deleted(i) {
			return nil, errDeleted(dbfPath, i)
		}
		for k, f := range sources {
			s, err := cellText(tbl.Cell(i, f))
			if err != nil {
				return nil, fmt.Errorf("%s: record %d, field %q: %w", dbfPath, i+1, tbl.Fields[f].Name, err)
			}
			parts[k] = lower.String(s)
		}
		names[i] = strings.Join(parts, symbol)
	}
	return names, nil
}

func quoteList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// errNoFields is returned by AdminShapefile.AddDotname without fields.
var errNoFields = errors.New("no DOTNAME fields set")
