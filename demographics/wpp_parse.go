package demographics

import (
	"archive/zip"
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/rubeola/rubeola/internal/csvin"
	"github.com/rubeola/rubeola/internal/wppages"
)

// The WPP grid kept by the parser (SPEC §10.1): the years 1950, 1955, …,
// 2100 and the age groups starting at 0, 5, …, 100 (100 = "100+").
const (
	wppFirstYear = wppages.FirstYear
	wppLastYear  = wppages.LastYear
	wppStep      = 5
	wppNumYears  = (wppLastYear-wppFirstYear)/wppStep + 1 // 31
	wppNumAges   = 21
)

// wppVariant is the projection variant kept; other variants are skipped.
const wppVariant = "Medium"

// The SSA rows: matched by these names, not by LocID (SPEC §10.1).
const (
	ssaLocation    = "Sub-Saharan Africa"
	ssaLocTypeName = "SDG region"
)

// Indices into wppColumns.
const (
	colLocID = iota
	colLocation
	colLocTypeName
	colISO3
	colVariant
	colTime
	colAgeGrpStart
	colPopTotal
	numWPPColumns
)

// wppColumns are the header names the parser needs, found by name.
var wppColumns = [numWPPColumns]string{"LocID", "Location", "LocTypeName", "ISO3_code", "Variant", "Time", "AgeGrpStart", "PopTotal"}

// wppAgg accumulates one location's kept cells while the bulk file streams
// by: PopTotal (thousands) per [age group][year] and the line each came
// from (0 = not seen).
type wppAgg struct {
	location string
	locID    string
	pop      [wppNumAges][wppNumYears]float64
	line     [wppNumAges][wppNumYears]int
	dup      *wppDuplicate // the first (year, age) seen twice, if any
}

// wppDuplicate records a (year, age) cell given by two rows.
type wppDuplicate struct {
	year, age    int
	first, again int // line numbers
}

// parseWPP stream-parses a WPP bulk CSV (name labels it in errors) and
// returns the kept cells of every location with an ISO3 code, plus SSA,
// keyed by code. Only the aggregates are held in memory. It keeps rows with
// Variant "Medium", 1950 ≤ Time ≤ 2100 and Time a multiple of 5; an empty
// PopTotal leaves its cell missing. Errors name the line: a missing column,
// a malformed row, a number that does not parse, an age group that is not
// 0, 5, …, 100, a negative or non-finite PopTotal.
func parseWPP(ctx context.Context, r io.Reader, name string) (map[string]*wppAgg, error) {
	cr := csvin.NewReader(r)
	header, err := cr.Header()
	if errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("demographics: %s: empty file, expected a CSV header with columns %s",
			name, strings.Join(wppColumns[:], ", "))
	}
	if err != nil {
		return nil, wppReadError(name, err)
	}
	col, err := wppHeader(header, name)
	if err != nil {
		return nil, err
	}
	minFields := 0
	for _, c := range col {
		minFields = max(minFields, c+1)
	}
	aggs := make(map[string]*wppAgg)
	var lastCode string
	var last *wppAgg
	for row := 1; ; row++ {
		if row&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("demographics: parsing %s: %w", name, err)
			}
		}
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, wppReadError(name, err)
		}
		if len(rec) < minFields {
			line, _ := cr.FieldPos(0)
			return nil, fmt.Errorf("demographics: %s line %d: %d fields, expected at least %d (header has %d)",
				name, line, len(rec), minFields, len(header))
		}
		if rec[col[colVariant]] != wppVariant {
			continue
		}
		code := wppRowCode(rec[col[colISO3]], rec[col[colLocation]], rec[col[colLocTypeName]])
		if code == "" {
			continue
		}
		year, err := wppInt(cr, rec, col[colTime], name)
		if err != nil {
			return nil, err
		}
		if year < wppFirstYear || year > wppLastYear || year%wppStep != 0 {
			continue
		}
		age, err := wppInt(cr, rec, col[colAgeGrpStart], name)
		if err != nil {
			return nil, err
		}
		if age < 0 || age > wppStep*(wppNumAges-1) || age%wppStep != 0 {
			line, _ := cr.FieldPos(col[colAgeGrpStart])
			return nil, fmt.Errorf("demographics: %s line %d: AgeGrpStart %d is not one of 0, 5, …, 100 (expected the five-year age-group file)",
				name, line, age)
		}
		if rec[col[colPopTotal]] == "" {
			continue // a missing value: the cell stays missing
		}
		pop, err := wppPop(cr, rec, col[colPopTotal], name)
		if err != nil {
			return nil, err
		}
		if code != lastCode || last == nil {
			last = aggs[code]
			if last == nil {
				last = &wppAgg{location: strings.Clone(rec[col[colLocation]]), locID: strings.Clone(rec[col[colLocID]])}
				code = strings.Clone(code)
				aggs[code] = last
			}
			lastCode = code
		}
		line, _ := cr.FieldPos(0)
		last.add(year, age, pop, line)
	}
	return aggs, nil
}

// add records one cell.
func (a *wppAgg) add(year, age int, pop float64, line int) {
	j, i := (year-wppFirstYear)/wppStep, age/wppStep
	if prev := a.line[i][j]; prev != 0 {
		if a.dup == nil {
			a.dup = &wppDuplicate{year: year, age: age, first: prev, again: line}
		}
		return
	}
	a.pop[i][j], a.line[i][j] = pop, line
}

// wppHeader finds the needed columns by name in the trimmed header names.
func wppHeader(header []string, name string) ([numWPPColumns]int, error) {
	var col [numWPPColumns]int
	pos := make(map[string]int, len(header))
	for i, h := range header {
		if _, dup := pos[h]; !dup {
			pos[h] = i
		}
	}
	for c, want := range wppColumns {
		i, ok := pos[want]
		if !ok {
			return col, fmt.Errorf("demographics: %s: header has no column %q (expected columns %s)",
				name, want, strings.Join(wppColumns[:], ", "))
		}
		col[c] = i
	}
	return col, nil
}

// wppRowCode returns the extract code of a row: its ISO3 code, "SSA" for
// the Sub-Saharan Africa SDG region, or "" (skip) for other aggregates and
// for codes that are not three ASCII letters.
func wppRowCode(iso3, location, locType string) string {
	if iso3 == "" {
		if location == ssaLocation && locType == ssaLocTypeName {
			return SSA
		}
		return ""
	}
	if isAlpha3(iso3) {
		return iso3
	}
	if up := strings.ToUpper(strings.TrimSpace(iso3)); isAlpha3(up) {
		return up
	}
	return ""
}

// wppInt parses the integer in field i of rec.
func wppInt(cr *csvin.Reader, rec []string, i int, name string) (int, error) {
	v, err := strconv.Atoi(rec[i])
	if err != nil {
		line, column := cr.FieldPos(i)
		return 0, fmt.Errorf("demographics: %s line %d, column %d: %q is not an integer", name, line, column, rec[i])
	}
	return v, nil
}

// wppPop parses PopTotal (thousands) in field i of rec: a finite number ≥ 0.
func wppPop(cr *csvin.Reader, rec []string, i int, name string) (float64, error) {
	v, err := strconv.ParseFloat(rec[i], 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		line, column := cr.FieldPos(i)
		return 0, fmt.Errorf("demographics: %s line %d, column %d: PopTotal %q is not a finite number ≥ 0", name, line, column, rec[i])
	}
	return v, nil
}

// wppReadError labels an error of the CSV reader with the file's name.
// Decompression failures already wrap ErrCorruptArchive.
func wppReadError(name string, err error) error {
	return fmt.Errorf("demographics: reading %s: %w", name, err)
}

// wppSource is the CSV stream of a downloaded bulk file.
type wppSource struct {
	io.Reader
	name    string // the URL, plus "!entry" for a zip entry
	closers []io.Closer
}

// Close closes the decompressor and the file.
func (s *wppSource) Close() error {
	var errs []error
	for _, c := range s.closers {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// openWPPFile opens the downloaded bulk file and detects its format
// by magic bytes (SPEC §10.1): zip "PK\x03\x04" (the CSV is the archive's
// only — or first — .csv entry), gzip 1f 8b, else plain CSV. url labels it.
// Unreadable archives and decompression errors wrap ErrCorruptArchive.
func openWPPFile(file, url string) (*wppSource, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("demographics: %w", err)
	}
	var magic [4]byte
	n, err := io.ReadFull(f, magic[:])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		_ = f.Close()
		return nil, fmt.Errorf("demographics: reading %s: %w", file, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("demographics: reading %s: %w", file, err)
	}
	switch {
	case n == 4 && string(magic[:]) == "PK\x03\x04":
		_ = f.Close()
		return openWPPZip(file, url)
	case n >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		gz, err := gzip.NewReader(bufio.NewReaderSize(f, 1<<16))
		if err != nil {
			_ = f.Close()
			return nil, fmt.Errorf("demographics: %s: %w: %v", url, ErrCorruptArchive, err)
		}
		return &wppSource{Reader: bufio.NewReaderSize(corruptReader{gz, url}, 1<<16), name: url, closers: []io.Closer{gz, f}}, nil
	default:
		return &wppSource{Reader: bufio.NewReaderSize(f, 1<<16), name: url, closers: []io.Closer{f}}, nil
	}
}

// openWPPZip opens the first .csv entry of the zip archive file.
func openWPPZip(file, url string) (*wppSource, error) {
	zr, err := zip.OpenReader(file)
	if err != nil {
		return nil, fmt.Errorf("demographics: %s: %w: %v", url, ErrCorruptArchive, err)
	}
	var names []string
	for _, zf := range zr.File {
		if zf.FileInfo().IsDir() || !strings.EqualFold(path.Ext(zf.Name), ".csv") {
			names = append(names, zf.Name)
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			_ = zr.Close()
			return nil, fmt.Errorf("demographics: %s!%s: %w: %v", url, zf.Name, ErrCorruptArchive, err)
		}
		name := url + "!" + zf.Name
		return &wppSource{Reader: bufio.NewReaderSize(corruptReader{rc, name}, 1<<16), name: name, closers: []io.Closer{rc, zr}}, nil
	}
	_ = zr.Close()
	return nil, fmt.Errorf("demographics: %s: zip archive has no .csv entry (entries: %q)", url, names)
}

// corruptReader marks its reader's failures (truncation, bad deflate data,
// checksum mismatch) as ErrCorruptArchive.
type corruptReader struct {
	r    io.Reader
	name string
}

// Read implements io.Reader.
func (c corruptReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("%w: %s: %v", ErrCorruptArchive, c.name, err)
	}
	return n, err
}
