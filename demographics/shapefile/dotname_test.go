package shapefile_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

func TestAddDotnameSideFiles(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "gadm41_CUB_2.shp", gadmRows, shapefiletest.WithPRJ(shapefiletest.WGS84), shapefiletest.WithCPG("UTF-8"))
	before := snapshot(t, dir)

	out, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1", "NAME_2"})
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "gadm41_CUB_2_dotname.shp"), out)

	after := snapshot(t, dir)
	for name, b := range before {
		assert.Equal(t, b, after[name], "original %s must be untouched", name)
	}
	assert.Equal(t, before["gadm41_CUB_2.shp"], after["gadm41_CUB_2_dotname.shp"], "shapes are copied bit for bit")
	assert.Equal(t, before["gadm41_CUB_2.shx"], after["gadm41_CUB_2_dotname.shx"])
	assert.Equal(t, shapefiletest.WGS84, string(after["gadm41_CUB_2_dotname.prj"]))
	assert.Equal(t, "UTF-8", string(after["gadm41_CUB_2_dotname.cpg"]))
	assert.Len(t, after, len(before)+5, "side .shp, .shx, .dbf, .prj, .cpg and no temporary files")

	assert.Equal(t, gadmNames, dotnames(t, out))
	// Width 56: the Congo name's byte length, wider than the reference's 50.
	assert.Equal(t, shapefile.Field{Name: "DOTNAME", Type: 'C', Size: 56}, dotnameField(t, out))

	orig, err := shapefile.ReadShapefile(p)
	require.NoError(t, err)
	got, err := shapefile.ReadShapefile(out)
	require.NoError(t, err)
	assert.Equal(t, orig.Fields, got.Fields[:len(orig.Fields)], "original fields unchanged, DOTNAME last")
	require.Len(t, got.Fields, len(orig.Fields)+1)
	for i, f := range got.Features {
		assert.Equal(t, orig.Features[i].Values, f.Values[:len(orig.Fields)])
		assert.Equal(t, orig.Features[i].Shape, f.Shape)
	}
}

func TestAddDotnameInPlace(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "gadm41_CUB_2.shp", gadmRows, shapefiletest.WithPRJ(shapefiletest.WGS84), shapefiletest.WithCPG("65001"))
	before := snapshot(t, dir)

	out, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1", "NAME_2"}, shapefile.InPlace())
	require.NoError(t, err)
	assert.Equal(t, p, out)

	after := snapshot(t, dir)
	assert.Len(t, after, len(before), "no side or temporary files")
	for _, name := range []string{"gadm41_CUB_2.shp", "gadm41_CUB_2.shx", "gadm41_CUB_2.prj", "gadm41_CUB_2.cpg"} {
		assert.Equal(t, before[name], after[name], name)
	}
	assert.NotEqual(t, before["gadm41_CUB_2.dbf"], after["gadm41_CUB_2.dbf"])
	assert.Equal(t, gadmNames, dotnames(t, p))
}

func TestAddDotnameDefaultCPG(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "a_b_1.shp", gadmRows)
	// A stale .prj from an older run must not survive when the original has none.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a_b_1_dotname.prj"), []byte("stale"), 0o644))

	out, err := shapefile.AddDotname(p, []string{"COUNTRY"})
	require.NoError(t, err)
	assert.Equal(t, "UTF-8", string(readBytes(t, sibling(out, ".cpg"))))
	assert.NoFileExists(t, sibling(out, ".prj"))
	assert.NoFileExists(t, sibling(p, ".cpg"), "the original gets no .cpg")
}

func TestAddDotnameOverwritesOlderSideFiles(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "a_b_1.shp", gadmRows)
	_, err := shapefile.AddDotname(p, []string{"COUNTRY"})
	require.NoError(t, err)
	out, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1", "NAME_2"})
	require.NoError(t, err)
	assert.Equal(t, gadmNames, dotnames(t, out))
}

func TestAddDotnameIdempotent(t *testing.T) {
	fields := []string{"COUNTRY", "NAME_1", "NAME_2"}
	t.Run("side file", func(t *testing.T) {
		dir := t.TempDir()
		out, err := shapefile.AddDotname(writeGADM(t, dir, "a_b_2.shp", gadmRows), fields)
		require.NoError(t, err)
		before := snapshot(t, dir)
		again, err := shapefile.AddDotname(out, fields)
		require.NoError(t, err)
		assert.Equal(t, out, again)
		assert.Equal(t, before, snapshot(t, dir), "no file written")
	})
	t.Run("in place", func(t *testing.T) {
		dir := t.TempDir()
		p := writeGADM(t, dir, "a_b_2.shp", gadmRows)
		_, err := shapefile.AddDotname(p, fields, shapefile.InPlace())
		require.NoError(t, err)
		before := snapshot(t, dir)
		// Different fields and symbol: still a no-op, the field exists.
		again, err := shapefile.AddDotname(p, []string{"NAME_1"}, shapefile.InPlace(), shapefile.WithSymbol("."))
		require.NoError(t, err)
		assert.Equal(t, p, again)
		assert.Equal(t, before, snapshot(t, dir))
	})
}

func TestAddDotnameWidth(t *testing.T) {
	short := [][]any{gadmRows[0], gadmRows[1]}
	tests := []struct {
		name  string
		rows  [][]any
		width uint8
		last  string
	}{
		// 50: the reference's width, kept when every name fits.
		{"all fit in 50 bytes", short, 50, gadmNames[1]},
		// 56: len(longCongoName).
		{"longest name", gadmRows, 56, longCongoName},
		// 254: dBase's limit for a character field; the name is cut at a UTF-8 boundary.
		{"cut at 254", overlongRows, 254, overlongCut},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := shapefile.AddDotname(writeGADM(t, t.TempDir(), "x_y_2.shp", tc.rows), []string{"COUNTRY", "NAME_1", "NAME_2"})
			require.NoError(t, err)
			assert.Equal(t, tc.width, dotnameField(t, out).Size)
			names := dotnames(t, out)
			assert.Equal(t, tc.last, names[len(names)-1])
		})
	}
	assert.Len(t, overlongCut, 253, "46 + 1 + 2·103 bytes")
}

func TestAddDotnameDuplicates(t *testing.T) {
	tests := []struct {
		name string
		rows [][]any
		msg  string
	}{
		{
			name: "before the cut",
			// Case and surrounding whitespace are normalised away, so records 1 and 3 collide.
			rows: [][]any{{"NGA", "Nigeria", "Kano", "Dala", 1}, gadmRows[0], {"NGA", " NIGERIA ", "KANO", "dala\u00a0", 2}},
			msg:  `dotnames are not unique in %s: "nigeria:kano:dala" (records 1 and 3)`,
		},
		{
			name: "after the cut",
			// Both names share their first 254 bytes and differ after.
			rows: [][]any{gadmRows[0], overlongRows[2], {"COD", "Democratic Republic of the Congo", "Haut-Katanga", "x" + strings.Repeat("é", 119) + "a", 2}},
			msg:  `dotnames are not unique in %s after cutting names to 254 bytes: "` + overlongCut + `" (records 2 and 3)`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := writeGADM(t, dir, "dup_x_2.shp", tc.rows)
			before := snapshot(t, dir)
			_, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1", "NAME_2"}, shapefile.InPlace())
			require.ErrorIs(t, err, shapefile.ErrDuplicateDotname)
			assert.EqualError(t, err, fmt.Sprintf(tc.msg, p))
			assert.Equal(t, before, snapshot(t, dir), "nothing written")
		})
	}
}

func TestAddDotnameFieldErrors(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "gadm41_CUB_2.shp", gadmRows)
	t.Run("missing", func(t *testing.T) {
		_, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_3", "NAME_4"})
		require.ErrorIs(t, err, shapefile.ErrMissingField)
		assert.EqualError(t, err, sibling(p, ".dbf")+`: missing DBF field: "NAME_3", "NAME_4" (available fields: "GID_0", "COUNTRY", "NAME_1", "NAME_2", "POP")`)
	})
	t.Run("case-sensitive", func(t *testing.T) {
		_, err := shapefile.AddDotname(p, []string{"country"})
		require.ErrorIs(t, err, shapefile.ErrMissingField)
	})
	t.Run("not character", func(t *testing.T) {
		_, err := shapefile.AddDotname(p, []string{"COUNTRY", "POP"})
		require.Error(t, err)
		assert.Contains(t, err.Error(), `field "POP" has type 'N'`)
		assert.Contains(t, err.Error(), sibling(p, ".dbf"))
	})
	for _, fields := range [][]string{nil, {}} {
		_, err := shapefile.AddDotname(p, fields)
		assert.ErrorContains(t, err, "no DOTNAME source fields")
	}
	_, err := shapefile.AddDotname(p, []string{"COUNTRY"}, shapefile.WithFieldName("MUCH_TOO_LONG"))
	assert.ErrorContains(t, err, "must be 1 to 10 bytes")
	_, err = shapefile.AddDotname(p, []string{"COUNTRY"}, shapefile.WithSuffix("../up"))
	assert.ErrorContains(t, err, "path separator")
	assert.Len(t, snapshot(t, dir), 3, "nothing written")
}

func TestAddDotnameTargetCaseClash(t *testing.T) {
	fields := append([]shapefile.Field{{Name: "dotname", Type: 'C', Size: 10}}, gadmFields...)
	rows := make([][]any, len(gadmRows))
	for i, r := range gadmRows {
		rows[i] = append([]any{"x"}, r...)
	}
	p := filepath.Join(t.TempDir(), "a.shp")
	require.NoError(t, shapefiletest.WritePolygons(p, fields, rows, shapesFor(len(rows))))
	_, err := shapefile.AddDotname(p, []string{"COUNTRY"})
	assert.ErrorContains(t, err, `field "dotname" differs from the DOTNAME field "DOTNAME" only in case`)
}

func TestAddDotnameOptions(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "gadm41_CUB_2.shp", gadmRows)
	out, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1"},
		shapefile.WithSymbol(" / "), shapefile.WithSuffix("labels"), shapefile.WithFieldName("LABEL"))
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "gadm41_CUB_2_labels.shp"), out)
	tbl, err := shapefile.ReadShapefile(out)
	require.NoError(t, err)
	assert.False(t, tbl.HasDotname)
	i := tbl.FieldIndex("LABEL")
	require.Equal(t, len(gadmFields), i)
	assert.Equal(t, "côte d'ivoire / abidjan", tbl.Features[0].Values[i])
}

func TestAddDotnameEncoding(t *testing.T) {
	tests := []struct {
		cpg string
		ok  bool
	}{
		{"UTF-8", true}, {"utf-8", true}, {"UTF8", true}, {"65001", true}, {"ASCII", true},
		{" UTF-8\r\n", true}, {"\uFEFFUTF-8", true},
		{"ISO-8859-1", false}, {"1252", false}, {"", false},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%q", tc.cpg), func(t *testing.T) {
			p := writeGADM(t, t.TempDir(), "a_b_2.shp", gadmRows, shapefiletest.WithCPG(tc.cpg))
			_, err := shapefile.AddDotname(p, []string{"COUNTRY"})
			_, rerr := shapefile.ReadShapefile(p)
			if tc.ok {
				assert.NoError(t, err)
				assert.NoError(t, rerr)
				return
			}
			assert.ErrorContains(t, err, "unsupported DBF encoding")
			assert.ErrorContains(t, err, sibling(p, ".cpg"))
			assert.ErrorContains(t, rerr, "unsupported DBF encoding")
		})
	}
}

func TestAddDotnameBadRecords(t *testing.T) {
	t.Run("deleted", func(t *testing.T) {
		p := writeGADM(t, t.TempDir(), "a_b_2.shp", gadmRows, shapefiletest.WithDeleted(1))
		_, err := shapefile.AddDotname(p, []string{"COUNTRY"})
		assert.EqualError(t, err, sibling(p, ".dbf")+": record 2 is flagged deleted; rubeola reads only packed tables (remove deleted records first)")
		_, err = shapefile.ReadShapefile(p)
		assert.ErrorContains(t, err, "record 2 is flagged deleted")
	})
	t.Run("invalid UTF-8", func(t *testing.T) {
		rows := [][]any{gadmRows[0], {"X", []byte("C\xf4te"), "a", "b", 1}}
		p := writeGADM(t, t.TempDir(), "a_b_2.shp", rows)
		_, err := shapefile.AddDotname(p, []string{"COUNTRY"})
		assert.ErrorContains(t, err, `record 2, field "COUNTRY": invalid UTF-8`)
	})
	t.Run("shapes and records differ", func(t *testing.T) {
		dir := t.TempDir()
		p := writeGADM(t, dir, "a_b_2.shp", gadmRows)
		other := writeGADM(t, dir, "c_d_2.shp", gadmRows[:2])
		require.NoError(t, os.WriteFile(p, readBytes(t, other), 0o644))
		_, err := shapefile.AddDotname(p, []string{"COUNTRY"})
		assert.EqualError(t, err, fmt.Sprintf("%s has 2 shapes but %s has 3 records", p, sibling(p, ".dbf")))
		_, err = shapefile.ReadShapefile(p)
		assert.Error(t, err)
	})
}

func TestDotnamesLowerCase(t *testing.T) {
	tests := []struct {
		name   string
		values []any
		symbol string
		want   string
	}{
		// Python: "İstanbul".lower() == "i̇stanbul" (i + U+0307 COMBINING DOT ABOVE).
		{"dotted capital I", []any{"Türkiye", "İstanbul", "Fatih"}, ":", "türkiye:i\u0307stanbul:fatih"},
		// Python: "ΟΔΟΣ".lower() == "οδος", final sigma ς.
		{"final sigma", []any{"Ελλάδα", "ΟΔΟΣ", "Α"}, ":", "ελλάδα:οδος:α"},
		{"apostrophe and accent", []any{"Côte d'Ivoire", "Abidjan", "Plateau"}, ":", "côte d'ivoire:abidjan:plateau"},
		{"SPEC example", []any{"Nigeria", "Kano", "Dala"}, ":", "nigeria:kano:dala"},
		{"empty segment", []any{"A", nil, "B"}, ":", "a::b"},
		{"whitespace and NULs stripped", []any{" \tNigeria\u00a0", []byte("Kano\x00\x00"), "\u2003Dala "}, ":", "nigeria:kano:dala"},
		{"inner spaces kept", []any{"North  Gondar", "x", "y"}, ".", "north  gondar.x.y"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fields := []shapefile.Field{{Name: "COUNTRY", Type: 'C', Size: 20}, {Name: "NAME_1", Type: 'C', Size: 20}, {Name: "NAME_2", Type: 'C', Size: 20}}
			p := filepath.Join(t.TempDir(), "a.shp")
			require.NoError(t, shapefiletest.WritePolygons(p, fields, [][]any{tc.values}, shapesFor(1)))
			got, err := shapefile.Dotnames(p, []string{"COUNTRY", "NAME_1", "NAME_2"}, tc.symbol)
			require.NoError(t, err)
			assert.Equal(t, []string{tc.want}, got)
		})
	}
}

func TestDotnamesDoesNotCheckUniqueness(t *testing.T) {
	p := writeGADM(t, t.TempDir(), "a_b_0.shp", [][]any{gadmRows[0], gadmRows[0]})
	got, err := shapefile.Dotnames(p, []string{"COUNTRY"}, ":")
	require.NoError(t, err)
	assert.Equal(t, []string{"côte d'ivoire", "côte d'ivoire"}, got)
	_, err = shapefile.Dotnames(p, []string{"NOPE"}, ":")
	assert.ErrorIs(t, err, shapefile.ErrMissingField)
}

func TestAddDotnameUpperCaseExtension(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "GADM41_CUB_1.SHP", gadmRows, shapefiletest.WithCPG("UTF-8"))
	out, err := shapefile.AddDotname(p, []string{"COUNTRY", "NAME_1"})
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "GADM41_CUB_1_dotname.SHP"), out)
	assert.FileExists(t, filepath.Join(dir, "GADM41_CUB_1_dotname.DBF"))
	assert.FileExists(t, filepath.Join(dir, "GADM41_CUB_1_dotname.CPG"))
	assert.Equal(t, "türkiye:i\u0307stanbul", dotnames(t, out)[1])
}
