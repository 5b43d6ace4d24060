package shapefile

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// BaseShapefile names a complete shapefile on disk.
type BaseShapefile struct {
	// Shapefile is the path of the .shp file.
	Shapefile string
}

// NewBaseShapefile checks that path ends in .shp (any case) and that its
// .shp, .shx and .dbf exist; otherwise the error wraps fs.ErrNotExist and
// names the missing file.
func NewBaseShapefile(path string) (*BaseShapefile, error) {
	if _, err := locate(path); err != nil {
		return nil, err
	}
	return &BaseShapefile{Shapefile: path}, nil
}

// AdminShapefile is a shapefile of administrative units with the fields
// that make up their DOTNAMEs.
type AdminShapefile struct {
	BaseShapefile
	// AdminLevel is the administrative level (0 country, 1 first
	// subdivision, ...), nil if unknown.
	AdminLevel *int
	// DotnameFields are the DBF fields joined into DOTNAMEs, in order.
	DotnameFields []string
}

// NewAdminShapefile checks path as NewBaseShapefile does and records the
// admin level (nil or ≥ 0) and the DOTNAME fields (may be nil; then
// AddDotname fails). Both are copied.
func NewAdminShapefile(path string, adminLevel *int, fields []string) (*AdminShapefile, error) {
	base, err := NewBaseShapefile(path)
	if err != nil {
		return nil, err
	}
	if adminLevel != nil && *adminLevel < 0 {
		return nil, fmt.Errorf("shapefile %s: negative admin level %d", path, *adminLevel)
	}
	return &AdminShapefile{BaseShapefile: *base, AdminLevel: copyLevel(adminLevel), DotnameFields: slices.Clone(fields)}, nil
}

// AddDotname adds the DOTNAME field in place from DotnameFields
// (AddDotname(a.Shapefile, a.DotnameFields, InPlace())) and returns the
// shapefile's path. Without DotnameFields it fails.
func (a *AdminShapefile) AddDotname() (string, error) {
	if a.DotnameFields == nil {
		return "", fmt.Errorf("shapefile %s: %w", a.Shapefile, errNoFields)
	}
	return AddDotname(a.Shapefile, a.DotnameFields, InPlace())
}

// GlobalAdminShapefile is a GADM shapefile (gadm41_<ISO3>_<level>.shp)
// whose DOTNAME field is guaranteed to exist.
type GlobalAdminShapefile struct {
	AdminShapefile
}

// NewGlobalAdminShapefile checks path as NewBaseShapefile does and runs the
// reference's check_dotname_fields (SPEC §10.2):
//
//  1. If fields is nil, the level is adminLevel if set, else read from the
//     file name (LevelFromFileName); the fields are LevelFields(level) and
//     AdminLevel is set to the level.
//  2. If the DBF has no DOTNAME field, AddDotname runs in place: the
//     constructor rewrites the files on disk (parity).
func NewGlobalAdminShapefile(path string, adminLevel *int, fields []string) (*GlobalAdminShapefile, error) {
	a, err := NewAdminShapefile(path, adminLevel, fields)
	if err != nil {
		return nil, err
	}
	if fields == nil {
		level := 0
		if adminLevel != nil {
			level = *adminLevel
		} else if level, err = LevelFromFileName(path); err != nil {
			return nil, err
		}
		if a.DotnameFields, err = LevelFields(level); err != nil {
			return nil, fmt.Errorf("shapefile %s: %w", path, err)
		}
		a.AdminLevel = &level
	}
	has, err := hasDotnameField(path)
	if err != nil {
		return nil, err
	}
	if !has {
		if _, err := AddDotname(path, a.DotnameFields, InPlace()); err != nil {
			return nil, err
		}
	}
	return &GlobalAdminShapefile{AdminShapefile: *a}, nil
}

// levelFields is the GADM level table: level k joins COUNTRY and NAME_1 …
// NAME_k. Levels 3 to 5 are a rubeola extension (the reference has 0–2).
var levelFields = [][]string{
	{"COUNTRY"},
	{"COUNTRY", "NAME_1"},
	{"COUNTRY", "NAME_1", "NAME_2"},
	{"COUNTRY", "NAME_1", "NAME_2", "NAME_3"},
	{"COUNTRY", "NAME_1", "NAME_2", "NAME_3", "NAME_4"},
	{"COUNTRY", "NAME_1", "NAME_2", "NAME_3", "NAME_4", "NAME_5"},
}

// LevelFields returns the DOTNAME fields of a GADM admin level (0 to 5), a
// new slice on each call.
func LevelFields(level int) ([]string, error) {
	if level < 0 || level >= len(levelFields) {
		return nil, fmt.Errorf("admin level %d is not in 0..%d", level, len(levelFields)-1)
	}
	return slices.Clone(levelFields[level]), nil
}

// LevelFromFileName reads the admin level from a GADM file name: the stem
// (name without .shp) split on "_" must have at least 3 parts and the last
// must be a level of the table, written in decimal digits
// ("gadm41_NGA_2.shp" → 2). Otherwise the error says "cannot determine
// admin level from file name".
func LevelFromFileName(path string) (int, error) {
	base := filepath.Base(path)
	stem := base
	if ext := filepath.Ext(base); strings.EqualFold(ext, ".shp") {
		stem = strings.TrimSuffix(base, ext)
	}
	parts := strings.Split(stem, "_")
	if len(parts) >= 3 {
		last := parts[len(parts)-1]
		level, err := strconv.Atoi(last)
		if err == nil && strings.Trim(last, "0123456789") == "" && level < len(levelFields) {
			return level, nil
		}
	}
	return 0, fmt.Errorf("cannot determine admin level from file name %q (want <prefix>_<ISO3>_<level>.shp, level 0..%d)",
		base, len(levelFields)-1)
}

// hasDotnameField reports whether the shapefile's DBF has a DOTNAME field.
func hasDotnameField(path string) (bool, error) {
	_, tbl, err := openTable(path)
	if err != nil {
		return false, err
	}
	return fieldIndex(fieldsOf(tbl), dotnameField) >= 0, nil
}

func copyLevel(l *int) *int {
	if l == nil {
		return nil
	}
	v := *l
	return &v
}
