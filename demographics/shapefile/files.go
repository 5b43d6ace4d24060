package shapefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// fileSet names the files of one shapefile. shp, shx and dbf exist; prj and
// cpg are "" when absent.
type fileSet struct {
	shp, shx, dbf, prj, cpg string
}

// locate checks that path ends in .shp (any case) and that its .shp, .shx
// and .dbf exist, and finds the optional .prj and .cpg. Siblings are looked
// up with the extension in the .shp's case first, then lower, then upper
// case. A missing file gives an error wrapping fs.ErrNotExist that names it.
func locate(path string) (fileSet, error) {
	ext := filepath.Ext(path)
	if !strings.EqualFold(ext, ".shp") {
		return fileSet{}, fmt.Errorf("%s: %w: a shapefile path must end in .shp", path, fs.ErrNotExist)
	}
	stem := strings.TrimSuffix(path, ext)
	fsPaths := fileSet{shp: path}
	if info, err := os.Stat(path); err != nil {
		return fileSet{}, fmt.Errorf("shapefile %s: %w", path, err)
	} else if !info.Mode().IsRegular() {
		return fileSet{}, fmt.Errorf("shapefile %s: not a regular file", path)
	}
	for _, s := range []struct {
		ext string
		dst *string
	}{{".shx", &fsPaths.shx}, {".dbf", &fsPaths.dbf}} {
		p, err := sibling(stem, ext, s.ext)
		if err != nil {
			return fileSet{}, fmt.Errorf("shapefile %s: %w", path, err)
		}
		if p == "" {
			return fileSet{}, fmt.Errorf("shapefile %s: %s: %w", path, stem+caseLike(ext, s.ext), fs.ErrNotExist)
		}
		*s.dst = p
	}
	var err error
	if fsPaths.prj, err = sibling(stem, ext, ".prj"); err != nil {
		return fileSet{}, fmt.Errorf("shapefile %s: %w", path, err)
	}
	if fsPaths.cpg, err = sibling(stem, ext, ".cpg"); err != nil {
		return fileSet{}, fmt.Errorf("shapefile %s: %w", path, err)
	}
	return fsPaths, nil
}

// sibling returns the existing regular file stem+ext in the case of
// shpExt, lower or upper case, or "" if there is none.
func sibling(stem, shpExt, ext string) (string, error) {
	for _, e := range []string{caseLike(shpExt, ext), strings.ToLower(ext), strings.ToUpper(ext)} {
		p := stem + e
		info, err := os.Stat(p)
		switch {
		case err == nil && info.Mode().IsRegular():
			return p, nil
		case err == nil:
			return "", fmt.Errorf("%s is not a regular file", p)
		case !errors.Is(err, fs.ErrNotExist):
			return "", err
		}
	}
	return "", nil
}

// caseLike returns ext upper-cased when ref is all upper case, else lower
// case.
func caseLike(ref, ext string) string {
	if ref == strings.ToUpper(ref) {
		return strings.ToUpper(ext)
	}
	return strings.ToLower(ext)
}
