package shapefile_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

func intp(v int) *int { return &v }

func TestNewGlobalAdminShapefile(t *testing.T) {
	tests := []struct {
		name      string
		file      string
		level     *int
		fields    []string
		wantLevel *int
		want      []string // DOTNAMEs added in place
	}{
		{"level from file name", "gadm41_CUB_2.shp", nil, nil, intp(2), gadmNames},
		{"level 1 from file name", "gadm41_CUB_1.shp", nil, nil, intp(1), []string{"côte d'ivoire:abidjan", "türkiye:i\u0307stanbul", "democratic republic of the congo:haut-katanga"}},
		{"explicit level beats the name", "gadm41_CUB_2.shp", intp(0), nil, intp(0), []string{"côte d'ivoire", "türkiye", "democratic republic of the congo"}},
		{"explicit level, unparsable name", "cuba.shp", intp(0), nil, intp(0), []string{"côte d'ivoire", "türkiye", "democratic republic of the congo"}},
		{"explicit fields, level kept as given", "regions.shp", nil, []string{"NAME_2", "GID_0"}, nil, []string{"plateau:civ", "kadıköy:tur", "lubumbashi:cod"}},
		{"explicit fields and level", "regions.shp", intp(7), []string{"NAME_1"}, intp(7), []string{"abidjan", "i\u0307stanbul", "haut-katanga"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := writeGADM(t, dir, tc.file, gadmRows, shapefiletest.WithCPG("UTF-8"))
			files := len(snapshot(t, dir))
			g, err := shapefile.NewGlobalAdminShapefile(p, tc.level, tc.fields)
			require.NoError(t, err)
			assert.Equal(t, p, g.Shapefile)
			assert.Equal(t, tc.wantLevel, g.AdminLevel)
			if tc.fields != nil {
				assert.Equal(t, tc.fields, g.DotnameFields)
			} else {
				want, err := shapefile.LevelFields(*tc.wantLevel)
				require.NoError(t, err)
				assert.Equal(t, want, g.DotnameFields)
			}
			assert.Equal(t, tc.want, dotnames(t, p), "DOTNAME added in place")
			assert.Len(t, snapshot(t, dir), files, "no side files")
		})
	}
}

func TestNewGlobalAdminShapefileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := writeGADM(t, dir, "gadm41_CUB_2_25km.shp", gadmRows)
	_, err := shapefile.NewGlobalAdminShapefile(bad, nil, nil)
	assert.ErrorContains(t, err, "cannot determine admin level from file name")

	_, err = shapefile.NewGlobalAdminShapefile(bad, intp(6), nil)
	assert.ErrorContains(t, err, "admin level 6 is not in 0..5")

	// Level 3 needs NAME_3, which the fixture lacks.
	l3 := writeGADM(t, dir, "gadm41_CUB_3.shp", gadmRows)
	_, err = shapefile.NewGlobalAdminShapefile(l3, nil, nil)
	assert.ErrorIs(t, err, shapefile.ErrMissingField)

	dup := writeGADM(t, dir, "gadm41_DUP_0.shp", [][]any{gadmRows[0], gadmRows[0]})
	_, err = shapefile.NewGlobalAdminShapefile(dup, nil, nil)
	assert.ErrorIs(t, err, shapefile.ErrDuplicateDotname)

	_, err = shapefile.NewGlobalAdminShapefile(filepath.Join(dir, "gadm41_NGA_2.shp"), nil, nil)
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

func TestNewGlobalAdminShapefileExistingDotname(t *testing.T) {
	// A file that already has DOTNAME is left alone even when it lacks the
	// level's fields: check_dotname_fields only adds a missing DOTNAME.
	fields := []shapefile.Field{{Name: "DOTNAME", Type: 'C', Size: 50}}
	p := filepath.Join(t.TempDir(), "gadm41_CUB_2.shp")
	require.NoError(t, shapefiletest.WritePolygons(p, fields, [][]any{{"cuba:a:b"}}, shapesFor(1)))
	before := readBytes(t, sibling(p, ".dbf"))
	g, err := shapefile.NewGlobalAdminShapefile(p, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, intp(2), g.AdminLevel)
	assert.Equal(t, before, readBytes(t, sibling(p, ".dbf")))
}

func TestAdminShapefileAddDotname(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "admin.shp", gadmRows)
	a, err := shapefile.NewAdminShapefile(p, nil, nil)
	require.NoError(t, err)
	_, err = a.AddDotname()
	assert.ErrorContains(t, err, "no DOTNAME fields set")

	fields := []string{"COUNTRY", "NAME_1", "NAME_2"}
	a, err = shapefile.NewAdminShapefile(p, intp(2), fields)
	require.NoError(t, err)
	fields[0] = "changed"
	assert.Equal(t, "COUNTRY", a.DotnameFields[0], "fields are copied")
	out, err := a.AddDotname()
	require.NoError(t, err)
	assert.Equal(t, p, out, "in place")
	assert.Equal(t, gadmNames, dotnames(t, p))

	_, err = shapefile.NewAdminShapefile(p, intp(-1), nil)
	assert.ErrorContains(t, err, "negative admin level")
}

func TestNewBaseShapefilePathErrors(t *testing.T) {
	dir := t.TempDir()
	p := writeGADM(t, dir, "gadm41_CUB_0.shp", gadmRows)
	b, err := shapefile.NewBaseShapefile(p)
	require.NoError(t, err)
	assert.Equal(t, p, b.Shapefile)

	noShx := writeGADM(t, dir, "no_shx.shp", gadmRows)
	require.NoError(t, os.Remove(sibling(noShx, ".shx")))
	noDbf := writeGADM(t, dir, "no_dbf.shp", gadmRows)
	require.NoError(t, os.Remove(sibling(noDbf, ".dbf")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644))

	tests := []struct {
		name, path, missing string
	}{
		{"no .shp", filepath.Join(dir, "absent.shp"), filepath.Join(dir, "absent.shp")},
		{"no .shx", noShx, sibling(noShx, ".shx")},
		{"no .dbf", noDbf, sibling(noDbf, ".dbf")},
		{"not .shp", filepath.Join(dir, "notes.txt"), "must end in .shp"},
		{"dbf given", sibling(p, ".dbf"), "must end in .shp"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := shapefile.NewBaseShapefile(tc.path)
			require.ErrorIs(t, err, fs.ErrNotExist)
			assert.ErrorContains(t, err, tc.missing)
			_, err = shapefile.ReadShapefile(tc.path)
			assert.ErrorIs(t, err, fs.ErrNotExist)
			_, err = shapefile.AddDotname(tc.path, []string{"COUNTRY"})
			assert.ErrorIs(t, err, fs.ErrNotExist)
			_, err = shapefile.NewAdminShapefile(tc.path, nil, nil)
			assert.ErrorIs(t, err, fs.ErrNotExist)
		})
	}
}

func TestLevelFields(t *testing.T) {
	// The table of SPEC §10.2; levels 3–5 are rubeola's extension.
	want := [][]string{
		{"COUNTRY"},
		{"COUNTRY", "NAME_1"},
		{"COUNTRY", "NAME_1", "NAME_2"},
		{"COUNTRY", "NAME_1", "NAME_2", "NAME_3"},
		{"COUNTRY", "NAME_1", "NAME_2", "NAME_3", "NAME_4"},
		{"COUNTRY", "NAME_1", "NAME_2", "NAME_3", "NAME_4", "NAME_5"},
	}
	for level, fields := range want {
		got, err := shapefile.LevelFields(level)
		require.NoError(t, err)
		assert.Equal(t, fields, got)
		got[0] = "changed"
	}
	again, _ := shapefile.LevelFields(0)
	assert.Equal(t, []string{"COUNTRY"}, again, "callers get copies")
	for _, level := range []int{-1, 6} {
		_, err := shapefile.LevelFields(level)
		assert.Error(t, err)
	}
}

func TestLevelFromFileName(t *testing.T) {
	tests := []struct {
		path  string
		level int
		ok    bool
	}{
		{"gadm41_NGA_2.shp", 2, true},
		{"/data/NGA/gadm41_NGA_0.shp", 0, true},
		{"GADM41_NGA_5.SHP", 5, true},
		{"x_y_02.shp", 2, true},
		{"gadm41_NGA_2_25km.shp", 0, false}, // SPEC §10.2 example
		{"gadm41_NGA_6.shp", 0, false},
		{"gadm41_NGA_-1.shp", 0, false},
		{"gadm41_NGA_+1.shp", 0, false},
		{"NGA_2.shp", 0, false},
		{"gadm41_NGA_.shp", 0, false},
		{"gadm41.shp", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			level, err := shapefile.LevelFromFileName(tc.path)
			if !tc.ok {
				assert.ErrorContains(t, err, "cannot determine admin level from file name")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.level, level)
		})
	}
}
