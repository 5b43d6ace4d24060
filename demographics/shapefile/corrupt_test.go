package shapefile_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// Offsets into the fixture files, from the format descriptions in
// internal/dbf/doc.go and shp.go (ESRI Shapefile Technical Description).
const (
	dbfRecordCountAt = 4   // uint32 LE
	dbfHeaderLenAt   = 8   // uint16 LE
	dbfRecordLenAt   = 10  // uint16 LE
	shpHeaderLen     = 100 // main file header
	shpFirstContent  = 108 // first record's content, after its 8-byte header
)

// corruptions mutate a valid fixture's .shp or .dbf bytes.
var corruptions = []struct {
	name string
	ext  string
	edit func(b []byte) []byte
}{
	{"empty dbf", ".dbf", func(b []byte) []byte { return nil }},
	{"dbf cut in the prefix", ".dbf", func(b []byte) []byte { return b[:20] }},
	{"dbf cut in the descriptors", ".dbf", func(b []byte) []byte { return b[:40] }},
	{"dbf cut in the records", ".dbf", func(b []byte) []byte { return b[:len(b)-10] }},
	{"dbf header length beyond the file", ".dbf", func(b []byte) []byte {
		binary.LittleEndian.PutUint16(b[dbfHeaderLenAt:], 0xFFFF)
		return b
	}},
	{"dbf header length too small", ".dbf", func(b []byte) []byte {
		binary.LittleEndian.PutUint16(b[dbfHeaderLenAt:], 10)
		return b
	}},
	{"dbf record length wrong", ".dbf", func(b []byte) []byte {
		binary.LittleEndian.PutUint16(b[dbfRecordLenAt:], 3)
		return b
	}},
	{"dbf record length zero", ".dbf", func(b []byte) []byte {
		binary.LittleEndian.PutUint16(b[dbfRecordLenAt:], 0)
		return b
	}},
	{"dbf record count huge", ".dbf", func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[dbfRecordCountAt:], 0xFFFFFFFF)
		return b
	}},
	{"dbf without terminator", ".dbf", func(b []byte) []byte {
		hl := binary.LittleEndian.Uint16(b[dbfHeaderLenAt:])
		b[hl-1] = 'X'
		return b
	}},
	{"empty shp", ".shp", func(b []byte) []byte { return nil }},
	{"shp cut in the header", ".shp", func(b []byte) []byte { return b[:50] }},
	{"shp cut in a record header", ".shp", func(b []byte) []byte { return b[:shpHeaderLen+4] }},
	{"shp cut in the last record", ".shp", func(b []byte) []byte { return b[:len(b)-1] }},
	{"shp wrong file code", ".shp", func(b []byte) []byte {
		binary.BigEndian.PutUint32(b, 1234)
		return b
	}},
	{"shp negative content length", ".shp", func(b []byte) []byte {
		binary.BigEndian.PutUint32(b[shpHeaderLen+4:], 0xFFFFFFF0)
		return b
	}},
	{"shp huge content length", ".shp", func(b []byte) []byte {
		binary.BigEndian.PutUint32(b[shpHeaderLen+4:], 0x7FFFFFFF)
		return b
	}},
	{"shp unknown shape type", ".shp", func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[shpFirstContent:], 99)
		return b
	}},
	{"shp negative part count", ".shp", func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[shpFirstContent+36:], 0xFFFFFFFF)
		return b
	}},
	{"shp huge point count", ".shp", func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[shpFirstContent+40:], 0x7FFFFFFF)
		return b
	}},
	{"shp part index out of range", ".shp", func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[shpFirstContent+48:], 1000)
		return b
	}},
}

func TestCorruptFiles(t *testing.T) {
	for _, tc := range corruptions {
		t.Run(tc.name, func(t *testing.T) {
			p := writeGADM(t, t.TempDir(), "gadm41_CUB_2.shp", gadmRows)
			target := sibling(p, tc.ext)
			require.NoError(t, os.WriteFile(target, tc.edit(readBytes(t, target)), 0o644))

			_, err := shapefile.ReadShapefile(p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), target, "the error names the corrupt file")

			// AddDotname copies shapes without decoding them, so it only
			// notices corruption of the .shp's record framing.
			_, err = shapefile.AddDotname(p, []string{"COUNTRY"})
			if tc.ext == ".dbf" {
				assert.ErrorContains(t, err, target)
			}
			if err != nil {
				assert.ElementsMatch(t, []string{"gadm41_CUB_2.shp", "gadm41_CUB_2.shx", "gadm41_CUB_2.dbf"},
					fileNames(t, filepath.Dir(p)), "nothing written, no temporary files")
			}
		})
	}
}

// FuzzReadShapefile feeds arbitrary .shp and .dbf bytes to ReadShapefile,
// Dotnames and AddDotname: they may fail, never panic, and their results
// hold the properties of checkFuzzedRead and checkFuzzedDotnames.
func FuzzReadShapefile(f *testing.F) {
	dir := f.TempDir()
	p := writeGADM(f, dir, "seed_x_2.shp", gadmRows)
	shpBytes, dbfBytes := readBytes(f, p), readBytes(f, sibling(p, ".dbf"))
	f.Add(shpBytes, dbfBytes)
	for _, tc := range corruptions {
		s, d := append([]byte(nil), shpBytes...), append([]byte(nil), dbfBytes...)
		if tc.ext == ".shp" {
			s = tc.edit(s)
		} else {
			d = tc.edit(d)
		}
		f.Add(s, d)
	}
	shx := readBytes(f, sibling(p, ".shx"))
	// One directory per worker process, its three inputs rewritten for
	// every input (AddDotname's copy, f_x_2_dotname.*, is only ever
	// written): a t.TempDir per input cost two thirds of the executions.
	work := f.TempDir()
	f.Fuzz(func(t *testing.T, shpData, dbfData []byte) {
		p := filepath.Join(work, "f_x_2.shp")
		require.NoError(t, os.WriteFile(p, shpData, 0o644))
		require.NoError(t, os.WriteFile(sibling(p, ".shx"), shx, 0o644))
		require.NoError(t, os.WriteFile(sibling(p, ".dbf"), dbfData, 0o644))
		tbl, err := shapefile.ReadShapefile(p)
		checkFuzzedRead(t, "f_x_2", tbl, err)
		names, err := shapefile.Dotnames(p, []string{"COUNTRY", "NAME_1"}, ":")
		checkFuzzedDotnames(t, "f_x_2", names, err, tbl)
		_, _ = shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1"})
	})
}
