package shapefile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/demographics/shapefile/internal/dbf"
	"github.com/rubeola/rubeola/internal/atomicfile"
)

// defaultCPG is the .cpg written beside a copy whose original has none: the
// DBF is read and written as UTF-8.
const defaultCPG = "UTF-8"

// writeLabelled writes the shapefile with the new field (AddDotname steps 6
// and 7) and returns the path of its .shp.
func writeLabelled(files fileSet, path string, tbl *dbf.Table, field dbf.Field, names []string, cfg dotnameConfig) (string, error) {
	info, err := os.Stat(files.dbf)
	if err != nil {
		return "", err
	}
	dst := files
	if !cfg.inPlace {
		ext := filepath.Ext(path)
		side := strings.TrimSuffix(path, ext) + "_" + cfg.suffix
		dst = fileSet{shp: side + caseLike(ext, ".shp"), shx: side + caseLike(ext, ".shx"),
			dbf: side + caseLike(ext, ".dbf"), prj: side + caseLike(ext, ".prj"), cpg: side + caseLike(ext, ".cpg")}
	}
	st := &atomicfile.Group{Perm: info.Mode().Perm()}
	defer st.Abort()
	if err := stageShapes(st, files, dst, tbl.NumRecords()); err != nil {
		return "", err
	}
	err = st.Create(dst.dbf, func(w io.Writer) error {
		if err := writeDBF(w, tbl, field, names); err != nil {
			return fmt.Errorf("%s: %w", dst.dbf, err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if !cfg.inPlace {
		if err := stageSideFiles(st, files, dst); err != nil {
			return "", err
		}
	}
	if err := st.Commit(); err != nil {
		return "", err
	}
	if !cfg.inPlace && files.prj == "" {
		// An older copy's .prj would describe a CRS the original no longer declares.
		if err := removeIfExists(dst.prj); err != nil {
			return "", err
		}
	}
	return dst.shp, nil
}

// stageShapes copies the .shp and .shx bit for bit, checking on the way
// that they hold one shape per DBF record.
func stageShapes(st *atomicfile.Group, src, dst fileSet, records int) error {
	var shapes int
	err := stageCopy(st, src.shp, dst.shp, func(r io.Reader) (err error) {
		shapes, err = countShapes(r)
		return err
	})
	if err != nil {
		return fmt.Errorf("%s: %w", src.shp, err)
	}
	if shapes != records {
		return fmt.Errorf("%s has %d shapes but %s has %d records", src.shp, shapes, src.dbf, records)
	}
	info, err := os.Stat(src.shx)
	if err != nil {
		return err
	}
	if want := int64(shpHeaderLen + recordHeaderLen*records); info.Size() != want {
		return fmt.Errorf("%s: index of %d bytes, want %d for %d shapes", src.shx, info.Size(), want, records)
	}
	return stageCopy(st, src.shx, dst.shx, nil)
}

// stageSideFiles copies the .prj, if any, and copies the .cpg or writes the
// default one.
func stageSideFiles(st *atomicfile.Group, src, dst fileSet) error {
	if src.prj != "" {
		if err := stageCopy(st, src.prj, dst.prj, nil); err != nil {
			return err
		}
	}
	if src.cpg != "" {
		return stageCopy(st, src.cpg, dst.cpg, nil)
	}
	return st.Create(dst.cpg, func(w io.Writer) error {
		_, err := io.WriteString(w, defaultCPG)
		return err
	})
}

// writeDBF writes tbl with field added last, holding names padded with
// spaces; every original byte of the header and records is kept.
func writeDBF(w io.Writer, tbl *dbf.Table, field dbf.Field, names []string) error {
	h := tbl.Header
	h.Descriptors = slices.Clone(h.Descriptors)
	oldLen := h.RecordLen()
	if err := h.Append(field); err != nil {
		return err
	}
	return dbf.Write(w, h, tbl.NumRecords(), func(i int, buf []byte) error {
		copy(buf, tbl.Record(i))
		cell := buf[oldLen:]
		for k := range cell {
			cell[k] = ' '
		}
		copy(cell, names[i])
		return nil
	})
}
