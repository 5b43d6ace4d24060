package demographics

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// The generated WPP bulk file (SPEC §10.7): the official header, every year
// 1950–2100 (so that the Time % 5 filter matters) and 21 age groups per
// location. PopTotal (thousands) comes from a formula per location, with
// k = (Time − 1950)/5 (fractional between the kept years):
//
//	AAA "Aaa, Republic of" (a quoted name): 1000 − 20·age_index + 2.5·k,
//	    written with 3 decimals: at odd k the value is exactly x.5 and rounds
//	    half away from zero (1002.5 → 1003, where half-to-even gives 1002);
//	    so persons = 1000·(1000 − 20a + (5k+1)/2 (integer division)) + 0.1.
//	    A "Low" variant of AAA (PopTotal 1) must be ignored.
//	BBB "Côte d'Ivoire" (non-ASCII): 10 + age_index + k³, except 20000 at
//	    (1950, age 0) and 0 at (1955, age 5); row 2 stays a pure cubic in
//	    the year.
//	SSA (Location "Sub-Saharan Africa", LocTypeName "SDG region", no ISO3
//	    code): 2000 + 10·age_index + k + 0.4999, which rounds down:
//	    persons = 1000·(2000 + 10a + k) + 0.1, linear in the year.
//
// Also present and to be ignored: "Sub-Saharan Africa" as a "Geographic
// region" (same name, other LocTypeName), a "World" aggregate with an empty
// ISO3_code and a label/separator row with empty numbers.
var wppHeaderNames = []string{"SortOrder", "LocID", "Notes", "ISO3_code", "ISO2_code", "SDMX_code", "LocTypeID",
	"LocTypeName", "ParentID", "Location", "VarID", "Variant", "Time", "MidPeriod", "AgeGrp", "AgeGrpStart",
	"AgeGrpSpan", "PopMale", "PopFemale", "PopTotal"}

// wppFixtureLoc is one row-set of the generated file.
type wppFixtureLoc struct {
	locID, iso3, iso2, locType, name, variant string
	pop                                       func(age int, k float64) float64 // PopTotal, thousands
}

// wppFixtureLocs are the row-sets of the generated file, in file order.
var wppFixtureLocs = []wppFixtureLoc{
	{"900", "", "", "World", "World", "Medium", func(a int, k float64) float64 { return 5e6 }},
	{"947", "", "", "SDG region", "Sub-Saharan Africa", "Medium", func(a int, k float64) float64 {
		return 2000 + 10*float64(a) + k + 0.4999
	}},
	{"1834", "", "", "Geographic region", "Sub-Saharan Africa", "Medium", func(a int, k float64) float64 { return 1 }},
	{"901", "AAA", "AA", "Country/Area", "Aaa, Republic of", "Medium", func(a int, k float64) float64 {
		return 1000 - 20*float64(a) + 2.5*k
	}},
	{"901", "AAA", "AA", "Country/Area", "Aaa, Republic of", "Low", func(a int, k float64) float64 { return 1 }},
	{"384", "BBB", "BB", "Country/Area", "Côte d'Ivoire", "Medium", func(a int, k float64) float64 {
		switch {
		case a == 0 && k == 0:
			return 20000
		case a == 1 && k == 1:
			return 0
		}
		return 10 + float64(a) + k*k*k
	}},
}

// wppRepeat says how often the generator writes the row of (code, variant,
// year, age): 1 normally, 0 to drop it, 2 to duplicate it.
type wppRepeat func(code, variant string, year, age int) int

// writeWPPCSV writes the generated bulk file with the row-sets locs to w.
func writeWPPCSV(w io.Writer, locs []wppFixtureLoc, repeat wppRepeat) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(wppHeaderNames); err != nil {
		return err
	}
	order := 0
	// A label/separator row: Variant is set, the numbers are empty.
	if err := cw.Write([]string{"0", "1828", "", "", "", "", "25", "Label/Separator", "", "UN development groups",
		"2", "Medium", "", "", "", "", "", "", "", ""}); err != nil {
		return err
	}
	for _, l := range locs {
		order++
		for year := 1950; year <= 2100; year++ {
			k := float64(year-1950) / 5
			for a := range 21 {
				n := 1
				if repeat != nil {
					n = repeat(l.iso3, l.variant, year, a*5)
				}
				total := l.pop(a, k)
				group, span := fmt.Sprintf("%d-%d", 5*a, 5*a+4), "5"
				if a == 20 {
					group, span = "100+", "-1"
				}
				row := []string{strconv.Itoa(order), l.locID, "", l.iso3, l.iso2, l.locID, "4", l.locType, "1829",
					l.name, "2", l.variant, strconv.Itoa(year), fmt.Sprintf("%d.5", year), group, strconv.Itoa(5 * a), span,
					strconv.FormatFloat(total/2, 'f', 4, 64), strconv.FormatFloat(total/2, 'f', 4, 64),
					strconv.FormatFloat(total, 'f', 4, 64)}
				for range n {
					if err := cw.Write(row); err != nil {
						return err
					}
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// wppCSV is the generated bulk file, built once.
var wppCSV = sync.OnceValue(func() []byte {
	var buf bytes.Buffer
	if err := writeWPPCSV(&buf, wppFixtureLocs, nil); err != nil {
		panic(err)
	}
	return buf.Bytes()
})

// wppEncode returns data as served in format "plain", "gzip" or "zip" (a
// zip whose .csv entry follows a README entry).
func wppEncode(t testing.TB, format string, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	switch format {
	case "plain":
		return data
	case "gzip":
		zw := gzip.NewWriter(&buf)
		_, err := zw.Write(data)
		require.NoError(t, err)
		require.NoError(t, zw.Close())
	case "zip":
		zw := zip.NewWriter(&buf)
		readme, err := zw.Create("README.txt")
		require.NoError(t, err)
		_, err = io.WriteString(readme, "generated test fixture\n")
		require.NoError(t, err)
		f, err := zw.Create("WPP2022_PopulationByAge5GroupSex_Medium.csv")
		require.NoError(t, err)
		_, err = f.Write(data)
		require.NoError(t, err)
		require.NoError(t, zw.Close())
	default:
		t.Fatalf("unknown format %q", format)
	}
	return buf.Bytes()
}

// newWPPServer serves handler on 127.0.0.1 and counts its requests.
func newWPPServer(t *testing.T, handler http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		handler(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// serveBytes is a handler answering every request with body.
func serveBytes(body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	}
}

// cacheFiles lists the regular files under dir, relative to it.
func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, err := filepath.Rel(dir, path)
			files = append(files, filepath.ToSlash(rel))
			return err
		}
		return nil
	})
	require.NoError(t, err)
	return files
}

// The expected persons of the fixture (see the formulas above), a = age
// index, k = year index.
func wantAAA(a, k int) float64 { return 1000*float64(1000-20*a+(5*k+1)/2) + 0.1 }
func wantSSA(a, k int) float64 { return 1000*float64(2000+10*a+k) + 0.1 }
func wantBBB(a, k int) float64 {
	switch {
	case a == 0 && k == 0:
		return 20000*1000 + 0.1
	case a == 1 && k == 1:
		return 0.1
	}
	return 1000*float64(10+a+k*k*k) + 0.1
}
