package demographics

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gadmPath is where the test servers serve the CUB archive.
const gadmPath = "/gadm/gadm4.1/shp/gadm41_CUB_shp.zip"

// gadmRecords are the fixture's features per level: COUNTRY, NAME_1 …
// NAME_level; the names include "Côte" and "İ", whose lower case differs
// between strings.ToLower and Python's str.lower.
var gadmRecords = [][][]any{
	{{"Cuba"}},
	{{"Côte", "İzmir"}, {"Côte", "Kano"}},
	{{"Côte", "İzmir", "Dala"}, {"Côte", "Kano", "Fagge"}, {"Côte", "Kano", "Nassarawa"}},
}

// wantDotnames are the level-2 DOTNAMEs of gadmRecords: lower-case,
// colon-joined, "İ" → "i" + U+0307 (SPEC §10.2).
var wantDotnames = []string{"côte:i\u0307zmir:dala", "côte:kano:fagge", "côte:kano:nassarawa"}

// gadmZip builds a GADM-like archive of CUB with the given levels: each
// level's .shp, .shx, .dbf, .prj and .cpg at the archive's root, followed by
// extra entries.
func gadmZip(t *testing.T, levels []int, extra ...zipEntrySpec) []byte {
	t.Helper()
	src := t.TempDir()
	for _, l := range levels {
		fieldNames, err := shapefile.LevelFields(l)
		require.NoError(t, err)
		fields := make([]shapefile.Field, len(fieldNames))
		for i, n := range fieldNames {
			fields[i] = shapefile.Field{Name: n, Type: 'C'}
		}
		shapes := make([]shapefile.Shape, len(gadmRecords[l]))
		for i := range shapes {
			x := float64(i)
			shapes[i] = shapefiletest.Polygon(shapefiletest.Box(-80+x, 21, -79+x, 22))
		}
		path := filepath.Join(src, "gadm41_CUB_"+strconv.Itoa(l)+".shp")
		require.NoError(t, shapefiletest.WritePolygons(path, fields, gadmRecords[l], shapes,
			shapefiletest.WithPRJ(shapefiletest.WGS84), shapefiletest.WithCPG("UTF-8")))
	}
	files, err := os.ReadDir(src)
	require.NoError(t, err)
	var entries []zipEntrySpec
	for _, f := range files { // sorted by name
		data, err := os.ReadFile(filepath.Join(src, f.Name()))
		require.NoError(t, err)
		entries = append(entries, zipEntrySpec{name: f.Name(), data: string(data)})
	}
	return makeZip(t, append(entries, extra...))
}

// gadmServer serves body at gadmPath with handler (nil → plain 200), 404
// elsewhere, and counts every request.
func gadmServer(t *testing.T, body []byte, handler http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	if handler == nil {
		handler = serveBytes(body)
	}
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path != gadmPath {
			http.NotFound(w, r)
			return
		}
		handler(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// noMirrorEnv clears both mirror variables for the test.
func noMirrorEnv(t *testing.T) {
	t.Setenv("RUBEOLA_GADM_MIRROR", "")
	t.Setenv("LASER_GADM_MIRROR", "")
}

// assertCUB2 checks a successful level-2 download into dir.
func assertCUB2(t *testing.T, g *shapefile.GlobalAdminShapefile, dir string) {
	t.Helper()
	require.NotNil(t, g)
	assert.Equal(t, filepath.Join(dir, "gadm41_CUB_2.shp"), g.Shapefile)
	require.NotNil(t, g.AdminLevel)
	assert.Equal(t, 2, *g.AdminLevel)
	assert.Equal(t, []string{"COUNTRY", "NAME_1", "NAME_2"}, g.DotnameFields)
	var want []string
	for l := range 3 {
		for _, ext := range []string{".shp", ".shx", ".dbf", ".prj", ".cpg"} {
			want = append(want, "gadm41_CUB_"+strconv.Itoa(l)+ext)
		}
	}
	assert.ElementsMatch(t, want, listTree(t, dir), "every entry extracted, no temporary file left")
	tbl, err := shapefile.ReadShapefile(g.Shapefile)
	require.NoError(t, err)
	require.True(t, tbl.HasDotname)
	var got []string
	for _, f := range tbl.Features {
		got = append(got, f.Dotname)
	}
	assert.Equal(t, wantDotnames, got)
}

func TestDownloadMirrors(t *testing.T) {
	body := gadmZip(t, []int{0, 1, 2})
	srv, hits := gadmServer(t, body, nil)
	decoy, decoyHits := gadmServer(t, nil, func(w http.ResponseWriter, r *http.Request) {
		t.Error("the environment's mirror was used despite WithMirror")
	})
	tests := []struct {
		name            string
		rubeola, laser  string
		opts            []DownloadOption
		wantURLContains string
	}{
		{"RUBEOLA_GADM_MIRROR", srv.URL, decoy.URL, nil, srv.URL},
		{"trailing slashes trimmed", srv.URL + "//", "", nil, srv.URL},
		{"LASER_GADM_MIRROR fallback", "", srv.URL + "/", nil, srv.URL},
		{"WithMirror beats the environment", decoy.URL, decoy.URL, []DownloadOption{WithMirror(srv.URL + "/")}, srv.URL},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("RUBEOLA_GADM_MIRROR", tc.rubeola)
			t.Setenv("LASER_GADM_MIRROR", tc.laser)
			before := hits.Load()
			dir := filepath.Join(t.TempDir(), "CUB")
			opts := append([]DownloadOption{WithProgress(io.Discard)}, tc.opts...)
			g, err := Download(context.Background(), "cub", 2, dir, time.Second, opts...)
			require.NoError(t, err)
			assertCUB2(t, g, dir)
			assert.Equal(t, before+1, hits.Load())
		})
	}
	assert.Zero(t, decoyHits.Load())
}

func TestDownloadReuse(t *testing.T) {
	srv, hits := gadmServer(t, gadmZip(t, []int{0, 1, 2}), nil)
	t.Setenv("RUBEOLA_GADM_MIRROR", srv.URL)
	dir := t.TempDir()
	quiet := WithProgress(io.Discard)
	for i, tc := range []struct {
		opts     []DownloadOption
		wantHits int32
	}{
		{[]DownloadOption{quiet, WithReuse()}, 1}, // nothing to reuse yet
		{[]DownloadOption{quiet, WithReuse()}, 1}, // reused: no request
		{[]DownloadOption{quiet}, 2},              // parity: downloads again
	} {
		g, err := Download(context.Background(), "CUB", 2, dir, time.Second, tc.opts...)
		require.NoError(t, err, "call %d", i)
		assertCUB2(t, g, dir)
		assert.Equal(t, tc.wantHits, hits.Load(), "call %d", i)
	}
}

func TestDownloadDefaultDir(t *testing.T) {
	srv, _ := gadmServer(t, gadmZip(t, []int{0, 1, 2}), nil)
	noMirrorEnv(t)
	wd := t.TempDir()
	t.Chdir(wd)
	g, err := Download(context.Background(), " cub ", 2, "", time.Second, WithMirror(srv.URL), WithProgress(io.Discard))
	require.NoError(t, err)
	cwd, err := os.Getwd() // wd may be reached through a symbolic link
	require.NoError(t, err)
	assertCUB2(t, g, filepath.Join(cwd, "CUB"))
}

func TestDownloadProgress(t *testing.T) {
	srv, _ := gadmServer(t, gadmZip(t, []int{0, 1, 2}), nil)
	t.Setenv("RUBEOLA_GADM_MIRROR", srv.URL)
	var buf, log bytes.Buffer
	dir := t.TempDir()
	logger := WithLogger(slog.New(slog.NewTextHandler(&log, nil)))
	_, err := Download(context.Background(), "CUB", 2, dir, time.Second, WithProgress(&buf), logger)
	require.NoError(t, err)
	assert.Contains(t, buf.String(), "gadm41_CUB_shp.zip", "a writer given explicitly gets the bar")
	url := srv.URL + gadmPath
	assert.Contains(t, log.String(), `msg="demographics: downloading" url=`+url)
	assert.Contains(t, log.String(), `msg="demographics: downloaded" url=`+url+` bytes=`)

	// A second call with reuse logs that the shapefile was already there.
	log.Reset()
	_, err = Download(context.Background(), "CUB", 2, dir, time.Second, WithReuse(), WithProgress(io.Discard), logger)
	require.NoError(t, err)
	assert.Contains(t, log.String(), `msg="demographics: GADM shapefile already downloaded"`)
	assert.NotContains(t, log.String(), "downloading")
}

func TestDownloadRejectsBeforeRequest(t *testing.T) {
	srv, hits := gadmServer(t, gadmZip(t, []int{0, 1, 2}), nil)
	t.Setenv("RUBEOLA_GADM_MIRROR", srv.URL)
	tests := []struct {
		name    string
		code    string
		level   int
		timeout time.Duration
		opts    []DownloadOption
		wantErr error  // nil = any error
		wantMsg string // substring of the error
	}{
		{"unknown code", "ZZZ", 2, time.Second, nil, ErrInvalidCountryCode, `Invalid country code: "ZZZ"`},
		{"two letters", "CU", 2, time.Second, nil, ErrInvalidCountryCode, `Invalid country code: "CU"`},
		{"level 6", "CUB", 6, time.Second, nil, nil, "admin level 6"},
		{"level -1", "CUB", -1, time.Second, nil, nil, "admin level -1"},
		{"zero timeout", "CUB", 2, 0, nil, nil, "timeout must be > 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base := t.TempDir()
			dir := filepath.Join(base, "CUB")
			_, err := Download(context.Background(), tc.code, tc.level, dir, tc.timeout, tc.opts...)
			require.Error(t, err)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
			}
			assert.Contains(t, err.Error(), tc.wantMsg)
			assert.Zero(t, hits.Load(), "no request")
			assert.Empty(t, listTree(t, base), "nothing created")
		})
	}
}

func TestDownloadFailures(t *testing.T) {
	good := gadmZip(t, []int{0, 1, 2})
	tests := []struct {
		name    string
		level   int
		handler http.HandlerFunc
		wantErr error  // nil = any error
		wantMsg string // substring of the error
		keep    bool   // the extracted files stay (the failure comes after extraction)
	}{
		{"404", 2, func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, ErrHTTPStatus, "404 Not Found", false},
		{"truncated body", 2, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(good)))
			_, _ = w.Write(good[:len(good)/2])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler) // closes the connection mid-body
		}, ErrCorruptArchive, "truncated or corrupt", false},
		{"stall", 2, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(good)))
			_, _ = w.Write(good[:100])
			w.(http.Flusher).Flush()
			select {
			case <-time.After(stall):
			case <-r.Context().Done():
			}
		}, ErrTimeout, "no data received for 200ms", false},
		{"not a zip", 2, serveBytes([]byte("<html>busy</html>")), ErrCorruptArchive, "downloaded archive is truncated or corrupt", false},
		{"zip-slip parent", 2, serveBytes(gadmZip(t, []int{0, 1, 2}, zipEntrySpec{name: "../evil.txt", data: "x"})),
			ErrUnsafeArchivePath, `"../evil.txt"`, false},
		{"zip-slip absolute", 2, serveBytes(gadmZip(t, []int{0, 1, 2}, zipEntrySpec{name: "/abs.txt", data: "x"})),
			ErrUnsafeArchivePath, `"/abs.txt"`, false},
		{"symlink entry", 2, serveBytes(gadmZip(t, []int{0, 1, 2},
			zipEntrySpec{name: "gadm41_CUB_3.shp", data: "/etc/passwd", mode: fs.ModeSymlink | 0o777})),
			ErrUnsafeArchivePath, `"gadm41_CUB_3.shp": is a symbolic link`, false},
		{"missing level", 2, serveBytes(gadmZip(t, []int{0, 1})), nil,
			"archive has no level 2 shapefile for CUB (levels present: 0, 1)", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := gadmServer(t, nil, tc.handler)
			noMirrorEnv(t)
			base := t.TempDir()
			dir := filepath.Join(base, "CUB")
			_, err := Download(context.Background(), "CUB", tc.level, dir, testTimeout,
				WithMirror(srv.URL), WithProgress(io.Discard))
			require.Error(t, err)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
			}
			assert.Contains(t, err.Error(), tc.wantMsg)
			assert.Contains(t, err.Error(), srv.URL+gadmPath, "the error names the URL")
			for _, p := range listTree(t, base) {
				assert.Regexp(t, `^CUB(/|$)`, p, "nothing written beside the target")
			}
			files := listTree(t, dir)
			if !tc.keep {
				assert.Empty(t, files, "nothing extracted, no temporary file")
				return
			}
			assert.NotEmpty(t, files)
			for _, f := range files {
				assert.Regexp(t, `^gadm41_CUB_[01]\.(shp|shx|dbf|prj|cpg)$`, f)
			}
		})
	}
}

func TestDownloadHTTPError(t *testing.T) {
	srv, _ := gadmServer(t, nil, func(w http.ResponseWriter, r *http.Request) { http.Error(w, "gone", http.StatusGone) })
	t.Setenv("RUBEOLA_GADM_MIRROR", srv.URL)
	_, err := Download(context.Background(), "CUB", 0, t.TempDir(), time.Second, WithProgress(io.Discard))
	var he *HTTPError
	require.True(t, errors.As(err, &he), "got %v", err)
	assert.Equal(t, srv.URL+gadmPath, he.URL)
	assert.Equal(t, http.StatusGone, he.StatusCode)
}

func TestGADMURL(t *testing.T) {
	assert.Equal(t, "https://geodata.ucdavis.edu/gadm/gadm4.1/shp/gadm41_NGA_shp.zip", GADMURL(DefaultGADMBase, "NGA"))
	assert.Equal(t, "http://m/x/gadm/gadm4.1/shp/gadm41_XKO_shp.zip", GADMURL("http://m/x//", "XKO"))
}

func TestLevelsPresent(t *testing.T) {
	names := []string{"gadm41_CUB_2.shp", "gadm41_CUB_0.shp", "gadm41_CUB_0.dbf", "sub/gadm41_CUB_1.shp",
		"gadm41_NGA_1.shp", "gadm41_CUB_x.shp", "gadm41_CUB_01.shp", "gadm41_CUB_2.shp"}
	assert.Equal(t, "0, 2", levelsPresent(names, "CUB"))
	assert.Equal(t, "none", levelsPresent(nil, "CUB"))
}
