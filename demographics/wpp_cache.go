package demographics

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// wppMetaFile names the file that records, beside the extracts of one URL,
// where and when they came from.
const wppMetaFile = "meta.json"

// wppExtract is the cached extract of one location (one JSON file).
type wppExtract struct {
	Code      string    `json:"code"`      // ISO3 code or "SSA"
	Location  string    `json:"location"`  // the WPP Location name
	LocID     string    `json:"loc_id"`    // the WPP LocID
	URL       string    `json:"url"`       // the bulk file
	Retrieved time.Time `json:"retrieved"` // its download time, UTC
	Years     []int     `json:"years"`     // 1950, 1955, …, 2100
	AgeStarts []int     `json:"ages"`      // AgeGrpStart 0, 5, …, 100
	// PopThousands is PopTotal (thousands) per [age group][year]; absent
	// when Problem is set.
	PopThousands [][]float64 `json:"pop_total_thousands,omitempty"`
	// Problem says why the data are unusable ("missing 1985 age 40").
	Problem string `json:"problem,omitempty"`
}

// wppMeta records the source of the extracts in one cache folder.
type wppMeta struct {
	URL       string    `json:"url"`
	Retrieved time.Time `json:"retrieved"`
	Codes     []string  `json:"codes"` // the codes extracted, sorted
}

// wppCacheDir is <cacheDir>/wpp/<first 12 hex digits of SHA-256(url)>.
func wppCacheDir(cacheDir, url string) string {
	sum := sha256.Sum256([]byte(url))
	return filepath.Join(cacheDir, "wpp", hex.EncodeToString(sum[:])[:12])
}

// loadWPPExtract returns the usable extract of code: from the cache when it
// holds one for cfg.url, else from a download that caches every location.
func loadWPPExtract(cfg *ppConfig, code string) (*wppExtract, error) {
	dir := wppCacheDir(cfg.cacheDir, cfg.url)
	if ex, ok := readWPPExtract(dir, code, cfg.url); ok {
		cfg.logger.Info("demographics: WPP extract from the cache", "code", code, "dir", dir)
		return ex, ex.usable()
	}
	if meta, ok := readWPPMeta(dir, cfg.url); ok && !slices.Contains(meta.Codes, code) {
		return nil, unknownWPPCode(code, cfg.url)
	}
	exs, err := downloadWPP(cfg, dir)
	if err != nil {
		return nil, err
	}
	ex, ok := exs[code]
	if !ok {
		return nil, unknownWPPCode(code, cfg.url)
	}
	return ex, ex.usable()
}

// unknownWPPCode is the error for a code the bulk file has no rows for.
func unknownWPPCode(code, url string) error {
	return fmt.Errorf("demographics: %w: no WPP data for country code %q in %s", ErrUnknownCountry, code, url)
}

// usable reports the extract's problem, if any, as an error.
func (ex *wppExtract) usable() error {
	if ex.Problem != "" {
		return fmt.Errorf("demographics: WPP data for %s incomplete: %s (in %s)", ex.Code, ex.Problem, ex.URL)
	}
	return nil
}

// downloadWPP downloads cfg.url into a temporary file under the cache,
// parses it and writes one extract per location plus meta.json. Nothing is
// written unless the whole file parsed; the temporary file is always removed.
func downloadWPP(cfg *ppConfig, dir string) (map[string]*wppExtract, error) {
	root := filepath.Dir(dir)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("demographics: WPP cache: %w", err)
	}
	f := fetch{Client: cfg.client, URL: cfg.url, Timeout: cfg.timeout, Progress: cfg.progress, Label: "WPP", Log: cfg.logger}
	tmp, _, err := f.toTempFile(cfg.ctx, root, ".download-*.tmp")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.Remove(tmp) }()
	retrieved := time.Now().UTC()
	src, err := openWPPFile(tmp, cfg.url)
	if err != nil {
		return nil, err
	}
	aggs, err := parseWPP(cfg.ctx, src, src.name)
	if cerr := src.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("demographics: reading %s: %w", src.name, cerr)
	}
	if err != nil {
		return nil, err
	}
	exs := make(map[string]*wppExtract, len(aggs))
	for code, agg := range aggs {
		exs[code] = agg.extract(code, cfg.url, retrieved)
	}
	if err := writeWPPCache(dir, exs, wppMeta{URL: cfg.url, Retrieved: retrieved}); err != nil {
		return nil, err
	}
	return exs, nil
}

// extract turns the aggregate of code into its extract, naming the first
// duplicate or missing cell as the problem.
func (a *wppAgg) extract(code, url string, retrieved time.Time) *wppExtract {
	ex := &wppExtract{Code: code, Location: a.location, LocID: a.locID, URL: url, Retrieved: retrieved,
		Years: wppYears(), AgeStarts: wppAgeStarts()}
	if d := a.dup; d != nil {
		ex.Problem = fmt.Sprintf("duplicate rows for %d age %d (lines %d and %d)", d.year, d.age, d.first, d.again)
		return ex
	}
	missing := 0
	for j := range wppNumYears {
		for i := range wppNumAges {
			if a.line[i][j] != 0 {
				continue
			}
			if missing == 0 {
				ex.Problem = fmt.Sprintf("missing %d age %d", ex.Years[j], ex.AgeStarts[i])
			}
			missing++
		}
	}
	if missing > 1 {
		ex.Problem += fmt.Sprintf(" (and %d more cells)", missing-1)
	}
	if missing == 0 {
		ex.PopThousands = make([][]float64, wppNumAges)
		for i := range ex.PopThousands {
			ex.PopThousands[i] = slices.Clone(a.pop[i][:])
		}
	}
	return ex
}

// writeWPPCache writes every extract (each atomically) and then meta.json
// into dir.
func writeWPPCache(dir string, exs map[string]*wppExtract, meta wppMeta) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("demographics: WPP cache: %w", err)
	}
	for code, ex := range exs {
		if err := writeWPPJSON(filepath.Join(dir, code+".json"), ex); err != nil {
			return err
		}
		meta.Codes = append(meta.Codes, code)
	}
	sort.Strings(meta.Codes)
	return writeWPPJSON(filepath.Join(dir, wppMetaFile), meta)
}

// writeWPPJSON writes v as JSON to path atomically.
func writeWPPJSON(path string, v any) error {
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error { return json.NewEncoder(w).Encode(v) })
	if err != nil {
		return fmt.Errorf("demographics: WPP cache: %w", err)
	}
	return nil
}

// readWPPExtract reads the cached extract of code for url. A missing,
// unreadable or malformed file, or one recorded for another URL, is a miss
// (and is overwritten by the next download).
func readWPPExtract(dir, code, url string) (*wppExtract, bool) {
	var ex wppExtract
	if !readWPPJSON(filepath.Join(dir, code+".json"), &ex) || ex.Code != code || ex.URL != url ||
		!slices.Equal(ex.Years, wppYears()) || !slices.Equal(ex.AgeStarts, wppAgeStarts()) {
		return nil, false
	}
	if ex.Problem != "" {
		return &ex, true
	}
	if len(ex.PopThousands) != wppNumAges {
		return nil, false
	}
	for _, row := range ex.PopThousands {
		if len(row) != wppNumYears || slices.ContainsFunc(row, func(v float64) bool { return !(v >= 0 && v <= math.MaxFloat64) }) {
			return nil, false
		}
	}
	return &ex, true
}

// readWPPMeta reads meta.json of dir when it was recorded for url.
func readWPPMeta(dir, url string) (wppMeta, bool) {
	var meta wppMeta
	ok := readWPPJSON(filepath.Join(dir, wppMetaFile), &meta) && meta.URL == url
	return meta, ok
}

// readWPPJSON decodes the JSON file at path into v and reports success.
func readWPPJSON(path string, v any) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	return json.Unmarshal(data, v) == nil
}

// wppYears returns the 31 years 1950, 1955, …, 2100.
func wppYears() []int {
	years := make([]int, wppNumYears)
	for j := range years {
		years[j] = wppFirstYear + wppStep*j
	}
	return years
}

// wppAgeStarts returns the 21 age-group starts 0, 5, …, 100 in years.
func wppAgeStarts() []int {
	ages := make([]int, wppNumAges)
	for i := range ages {
		ages[i] = wppStep * i
	}
	return ages
}

// wppPopMat converts PopTotal (thousands) to persons as SPEC §10.1 asks:
// 1000·round(PopTotal), rounded half away from zero, + 0.1.
func wppPopMat(thousands [][]float64) [][]float64 {
	pop := make([][]float64, len(thousands))
	for i, row := range thousands {
		pop[i] = make([]float64, len(row))
		for j, v := range row {
			pop[i][j] = 1000*math.Round(v) + 0.1 // SPEC §10.1 pop_mat
		}
	}
	return pop
}
