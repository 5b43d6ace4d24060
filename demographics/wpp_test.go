package demographics

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/tty"
)

// specAgeVec is SPEC §10.1's age_vec, copied from the SPEC.
var specAgeVec = []float64{0.6, 1829.6, 3659.6, 5489.6, 7289.6, 9119.6, 10949.6, 12779.6, 14609.6, 16439.6,
	18239.6, 20069.6, 21899.6, 23729.6, 25559.6, 27389.6, 29189.6, 31019.6, 32849.6, 34679.6, 36509.6, 38339.5}

// wppOpts are the options of every test construction: the test's server
// URL and cache, and no progress bar.
func wppOpts(url, cache string, more ...PPOption) []PPOption {
	return append([]PPOption{WithURL(url), WithCacheDir(cache), WithProgress(io.Discard)}, more...)
}

// wppFolder is the cache folder of url, computed independently of the code:
// <cache>/wpp/<first 12 hex digits of SHA-256(url)>.
func wppFolder(cache, url string) string {
	sum := sha256.Sum256([]byte(url))
	return filepath.Join(cache, "wpp", hex.EncodeToString(sum[:])[:12])
}

func TestNewPopProspectsFormats(t *testing.T) {
	codes := []struct {
		code string
		want func(a, k int) float64
	}{{"AAA", wantAAA}, {"BBB", wantBBB}, {"SSA", wantSSA}}
	for _, format := range []string{"plain", "gzip", "zip"} {
		t.Run(format, func(t *testing.T) {
			srv, hits := newWPPServer(t, serveBytes(wppEncode(t, format, wppCSV())))
			url, cache := srv.URL+"/wpp."+format, t.TempDir()
			before := time.Now().UTC()
			for _, c := range codes {
				pp, err := NewPopProspects(" "+strings.ToLower(c.code)+" ", wppOpts(url, cache)...)
				require.NoError(t, err, c.code)
				assert.Equal(t, c.code, pp.CountryCode)
				require.Len(t, pp.YearVec, 31)
				for k, y := range pp.YearVec {
					assert.Equal(t, 1950+5*k, y)
				}
				require.Len(t, pp.PopMat, 21)
				for a, row := range pp.PopMat {
					require.Len(t, row, 31)
					for k, v := range row {
						require.Equal(t, c.want(a, k), v, "%s PopMat[%d][%d]", c.code, a, k)
					}
				}
				assert.Equal(t, specAgeVec, pp.AgeVec)
				assert.Equal(t, newVitalData(pp.YearVec, pp.PopMat), pp.VitalData)
				assert.Equal(t, url, pp.URL)
				assert.False(t, pp.Retrieved.Before(before.Truncate(time.Second)), "retrieved %s", pp.Retrieved)
				assert.Equal(t, time.UTC, pp.Retrieved.Location())
			}
			assert.Equal(t, int64(1), hits.Load(), "one download serves every code")
			folder := wppFolder(cache, url)
			assert.ElementsMatch(t, []string{"AAA.json", "BBB.json", "SSA.json", "meta.json"}, cacheFiles(t, folder))
			assert.Len(t, cacheFiles(t, cache), 4, "no temporary files left")

			var meta map[string]any
			data, err := os.ReadFile(filepath.Join(folder, "meta.json"))
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(data, &meta))
			assert.Equal(t, url, meta["url"])
			assert.Equal(t, []any{"AAA", "BBB", "SSA"}, meta["codes"])
			stamp, err := time.Parse(time.RFC3339, meta["retrieved"].(string))
			require.NoError(t, err)
			assert.Equal(t, "UTC", stamp.Location().String())
		})
	}
}

func TestNewPopProspectsCache(t *testing.T) {
	srv, hits := newWPPServer(t, serveBytes(wppEncode(t, "gzip", wppCSV())))
	url, cache := srv.URL+"/a.csv.gz", t.TempDir()
	first, err := NewPopProspects("AAA", wppOpts(url, cache)...)
	require.NoError(t, err)
	require.Equal(t, int64(1), hits.Load())

	// The same and another code from the same URL: zero requests.
	again, err := NewPopProspects("AAA", wppOpts(url, cache)...)
	require.NoError(t, err)
	assert.Equal(t, first.PopMat, again.PopMat)
	assert.Equal(t, first.VitalData, again.VitalData)
	assert.True(t, first.Retrieved.Equal(again.Retrieved), "the cache keeps the retrieval time")
	_, err = NewPopProspects("SSA", wppOpts(url, cache)...)
	require.NoError(t, err)
	_, err = NewPopProspects("XYZ", wppOpts(url, cache)...)
	require.ErrorIs(t, err, ErrUnknownCountry, "meta.json lists the codes: no request for an unknown one")
	assert.Equal(t, int64(1), hits.Load(), "cached constructions make no request")

	// Another URL gets its own folder and its own download.
	other := srv.URL + "/b.csv.gz"
	_, err = NewPopProspects("AAA", wppOpts(other, cache)...)
	require.NoError(t, err)
	assert.Equal(t, int64(2), hits.Load())
	assert.NotEqual(t, wppFolder(cache, url), wppFolder(cache, other))
	assert.FileExists(t, filepath.Join(wppFolder(cache, other), "AAA.json"))
	entries, err := os.ReadDir(filepath.Join(cache, "wpp"))
	require.NoError(t, err)
	assert.Len(t, entries, 2)

	// A corrupt extract is a miss: downloaded again and overwritten.
	require.NoError(t, os.WriteFile(filepath.Join(wppFolder(cache, url), "BBB.json"), []byte("{not json"), 0o644))
	_, err = NewPopProspects("BBB", wppOpts(url, cache)...)
	require.NoError(t, err)
	assert.Equal(t, int64(3), hits.Load())
	_, err = NewPopProspects("BBB", wppOpts(url, cache)...)
	require.NoError(t, err)
	assert.Equal(t, int64(3), hits.Load())
}

func TestNewPopProspectsEnvURL(t *testing.T) {
	srv, hits := newWPPServer(t, serveBytes(wppCSV()))
	t.Setenv(wppURLEnv, srv.URL+"/env.csv")
	pp, err := NewPopProspects("BBB", WithCacheDir(t.TempDir()), WithProgress(io.Discard))
	require.NoError(t, err)
	assert.Equal(t, srv.URL+"/env.csv", pp.URL)
	assert.Equal(t, int64(1), hits.Load())

	// WithURL wins over the environment.
	pp, err = NewPopProspects("BBB", wppOpts(srv.URL+"/option.csv", t.TempDir())...)
	require.NoError(t, err)
	assert.Equal(t, srv.URL+"/option.csv", pp.URL)

	// Without either, the SPEC's WPP 2022 file (not fetched here).
	t.Setenv(wppURLEnv, "")
	cfg, err := newPPConfig(nil)
	require.NoError(t, err)
	assert.Equal(t, DefaultWPPURL, cfg.url)
	assert.Equal(t, DefaultTimeout, cfg.timeout)
	// The bar goes to stderr by default, and only when it is a terminal.
	if tty.IsTerminal(os.Stderr) {
		assert.Equal(t, os.Stderr, cfg.progress)
	} else {
		assert.Nil(t, cfg.progress, "no bar into a pipe or file")
	}
	wantDir, err := DefaultCacheDir()
	require.NoError(t, err)
	assert.Equal(t, wantDir, cfg.cacheDir)
}

func TestNewPopProspectsErrors(t *testing.T) {
	dropAAA1985age40 := func(code, variant string, year, age int) int {
		if code == "AAA" && variant == "Medium" && year == 1985 && age == 40 {
			return 0
		}
		return 1
	}
	twiceAAA2000age10 := func(code, variant string, year, age int) int {
		if code == "AAA" && variant == "Medium" && year == 2000 && age == 10 {
			return 2
		}
		return 1
	}
	gz := wppEncode(t, "gzip", wppCSV())
	zipped := wppEncode(t, "zip", wppCSV())
	tests := []struct {
		name    string
		code    string
		handler http.HandlerFunc
		opts    []PPOption
		wantErr error  // nil: only wantMsg is checked
		wantMsg string // substring of the message
		cached  bool   // whether the other codes' extracts are cached
	}{
		{"404", "AAA", http.NotFound, nil, ErrHTTPStatus, "404 Not Found", false},
		{"truncated gzip", "AAA", serveBytes(gz[:len(gz)/2]), nil, ErrCorruptArchive, "truncated or corrupt", false},
		{"truncated zip", "AAA", serveBytes(zipped[:len(zipped)*2/3]), nil, ErrCorruptArchive, "truncated or corrupt", false},
		{"truncated body", "AAA", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(gz)))
			_, _ = w.Write(gz[:len(gz)/2])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		}, nil, ErrCorruptArchive, "truncated or corrupt", false},
		{"zip CRC mismatch", "AAA", serveBytes(storedZipWithFlippedDigit(t)), nil, ErrCorruptArchive, "checksum", false},
		{"gzip CRC mismatch", "AAA", serveBytes(flipByte(gz, len(gz)-8)), nil, ErrCorruptArchive, "checksum", false},
		{"zip without CSV", "AAA", serveBytes(makeZip(t, []zipEntrySpec{{name: "README.txt"}})), nil, nil, `zip archive has no .csv entry (entries: ["README.txt"])`, false},
		{"missing column", "AAA", serveBytes([]byte("LocID,Location,ISO3_code,Variant,Time,AgeGrpStart,PopTotal\n")), nil, nil,
			`header has no column "LocTypeName"`, false},
		{"stall", "AAA", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(stall):
			case <-r.Context().Done():
			}
		}, []PPOption{WithTimeout(testTimeout)}, ErrTimeout, "no data received for 200ms", false},
		{"unknown code", "XYZ", serveBytes(gz), nil, ErrUnknownCountry, `no WPP data for country code "XYZ"`, true},
		{"missing cell", "AAA", serveWPP(t, dropAAA1985age40), nil, nil, "WPP data for AAA incomplete: missing 1985 age 40", true},
		{"duplicate cell", "AAA", serveWPP(t, twiceAAA2000age10), nil, nil,
			"WPP data for AAA incomplete: duplicate rows for 2000 age 10", true},
		{"cancelled", "AAA", serveBytes(gz), []PPOption{WithContext(cancelledContext())}, context.Canceled, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, hits := newWPPServer(t, tt.handler)
			url, cache := srv.URL+"/wpp", t.TempDir()
			_, err := NewPopProspects(tt.code, wppOpts(url, cache, tt.opts...)...)
			require.Error(t, err)
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
			}
			assert.Contains(t, err.Error(), tt.wantMsg)
			if !tt.cached {
				assert.Empty(t, cacheFiles(t, cache), "a failed download leaves nothing in the cache")
				return
			}
			// The other codes were cached by the same download; asking
			// again for the failing code gives the same error, no request.
			n := hits.Load()
			_, errBBB := NewPopProspects("BBB", wppOpts(url, cache)...)
			require.NoError(t, errBBB)
			_, err2 := NewPopProspects(tt.code, wppOpts(url, cache)...)
			require.Error(t, err2)
			assert.Equal(t, err.Error(), err2.Error())
			assert.Equal(t, n, hits.Load())
		})
	}
}

// serveWPP serves the generated plain CSV with the rows edited by repeat.
func serveWPP(t *testing.T, repeat wppRepeat) http.HandlerFunc {
	var buf bytes.Buffer
	require.NoError(t, writeWPPCSV(&buf, wppFixtureLocs, repeat))
	return serveBytes(buf.Bytes())
}

// flipByte returns a copy of data with the byte at i inverted.
func flipByte(data []byte, i int) []byte {
	data = bytes.Clone(data)
	data[i] ^= 0xff
	return data
}

// storedZipWithFlippedDigit returns the fixture zipped without compression,
// with one digit of the CSV changed after the CRC was computed: the CSV
// still parses, and only the CRC check at the end of the entry fails.
func storedZipWithFlippedDigit(t *testing.T) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	f, err := zw.CreateHeader(&zip.FileHeader{Name: "wpp.csv", Method: zip.Store})
	require.NoError(t, err)
	_, err = f.Write(wppCSV())
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	data := buf.Bytes()
	i := bytes.Index(data, []byte("1000.0000\n")) // AAA 1950 age 0
	require.Positive(t, i)
	data[i] = '2'
	return data
}

// cancelledContext returns a context that is already cancelled.
func cancelledContext() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

func TestNewPopProspectsBadInput(t *testing.T) {
	tests := []struct {
		name    string
		code    string
		opts    []PPOption
		wantErr error
		wantMsg string
	}{
		{"two letters", "NG", nil, ErrInvalidCountryCode, `invalid country code "NG"`},
		{"four letters", "NGAA", nil, ErrInvalidCountryCode, `invalid country code "NGAA"`},
		{"digit", "N1A", nil, ErrInvalidCountryCode, `invalid country code "N1A"`},
		{"non-ASCII", "ÇIV", nil, ErrInvalidCountryCode, `invalid country code "ÇIV"`},
		{"empty", "  ", nil, ErrInvalidCountryCode, `invalid country code "  "`},
		{"zero timeout", "AAA", []PPOption{WithTimeout(0)}, nil, "timeout must be > 0"},
		{"empty URL", "AAA", []PPOption{WithURL("")}, nil, "empty URL"},
	}
	srv, hits := newWPPServer(t, serveBytes(wppCSV()))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache := t.TempDir()
			_, err := NewPopProspects(tt.code, wppOpts(srv.URL, cache, tt.opts...)...)
			require.Error(t, err)
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
			}
			assert.Contains(t, err.Error(), tt.wantMsg)
			assert.Empty(t, cacheFiles(t, cache))
		})
	}
	assert.Zero(t, hits.Load(), "bad input makes no request")
	assert.False(t, errors.Is(ErrInvalidCountryCode, ErrUnknownCountry))
}
