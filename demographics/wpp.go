package demographics

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"gonum.org/v1/gonum/interp"
)

// DefaultWPPURL is the UN World Population Prospects 2022 bulk file of
// population by five-year age group (medium variant), the revision the
// reference's data came from (SPEC §10.1). The environment variable
// RUBEOLA_WPP_URL, read at each call of [NewPopProspects], replaces it;
// [WithURL] replaces both.
const DefaultWPPURL = "https://population.un.org/wpp/Download/Files/1_Indicators%20(Standard)/CSV_FILES/WPP2022_PopulationByAge5GroupSex_Medium.zip"

// wppURLEnv names the environment variable that replaces [DefaultWPPURL].
const wppURLEnv = "RUBEOLA_WPP_URL"

// SSA is the code of the Sub-Saharan Africa SDG region in the WPP extracts:
// the rows whose Location is "Sub-Saharan Africa" and LocTypeName is
// "SDG region" (matched by name, not by LocID).
const SSA = "SSA"

// PopProspects is one country's (or Sub-Saharan Africa's) population by
// five-year age group from the UN World Population Prospects, medium
// variant, 1950–2100, with the vital rates derived from it (SPEC §10.1; the
// reference's PopProspects).
type PopProspects struct {
	// CountryCode is the upper-cased ISO 3166-1 alpha-3 code, or "SSA".
	CountryCode string
	// YearVec holds the 31 years 1950, 1955, …, 2100.
	YearVec []int
	// PopMat is [21 age bins][31 years] persons: 1000·round(PopTotal)
	// (PopTotal is in thousands; rounded half away from zero) + 0.1. The age
	// bins are 0-4, 5-9, …, 95-99, 100+.
	PopMat [][]float64
	// AgeVec holds the 22 age-bin edges in days (0.6, 1829.6, …, 38339.5).
	AgeVec []float64
	// VitalData holds the mortality and birth-rate tables derived from PopMat.
	VitalData VitalData
	// URL is the bulk file the data came from.
	URL string
	// Retrieved is when that file was downloaded (UTC); data read from the
	// cache keep the time of the original download.
	Retrieved time.Time

	splines []interp.NotAKnotCubic // one per age bin over YearVec
}

// ppConfig is the resolved configuration of one NewPopProspects call.
type ppConfig struct {
	url      string
	urlSet   bool
	cacheDir string
	client   *http.Client
	timeout  time.Duration
	ctx      context.Context
	progress io.Writer
	logger   *slog.Logger
}

// WithURL sets the WPP bulk file to read (zip, gzip or plain CSV, detected
// from its first bytes). It takes precedence over RUBEOLA_WPP_URL and
// [DefaultWPPURL]; an empty URL is an error.
func WithURL(url string) PPOption {
	return ppOptionFunc(func(c *ppConfig) { c.url, c.urlSet = url, true })
}

// WithCacheDir sets the cache directory; extracts live in its "wpp"
// sub-directory. The default ("") is [DefaultCacheDir].
func WithCacheDir(dir string) PPOption {
	return ppOptionFunc(func(c *ppConfig) { c.cacheDir = dir })
}

// WithTimeout bounds connecting, the TLS handshake, waiting for response
// headers and each silence between body bytes of the download (SPEC §10.3
// step 4; default [DefaultTimeout]); there is no limit on the total time
// (use [WithContext]). A timeout ≤ 0 is an error.
func WithTimeout(d time.Duration) PPOption {
	return ppOptionFunc(func(c *ppConfig) { c.timeout = d })
}

// WithContext sets the context of the download and of parsing the bulk file
// (default context.Background()).
func WithContext(ctx context.Context) PPOption {
	return ppOptionFunc(func(c *ppConfig) { c.ctx = ctx })
}

// NewPopProspects returns the WPP population prospects of countryCode (an
// ISO 3166-1 alpha-3 code or "SSA"; trimmed and upper-cased).
//
// The data come from the cache file <cache>/wpp/<hex SHA-256 of URL>[:12]/<code>.json
// when it exists (no network access). Otherwise the bulk file is downloaded
// once, streamed through a CSV parser, and a compact extract is written for
// every location it holds, so that later calls for any country need no
// download (SPEC §10.1, §10.5). The folder's meta.json records the URL,
// the retrieval time and the codes extracted, so an unknown code is also
// answered without a download once the file has been read.
//
// Errors: a code that is not three ASCII letters → [ErrInvalidCountryCode],
// before any download; no rows for the code → [ErrUnknownCountry]; a missing
// or duplicate (year, age) cell → "WPP data for NGA incomplete: missing 1985
// age 40"; download failures → [ErrHTTPStatus], [ErrTimeout],
// [ErrCorruptArchive] (then nothing is cached).
func NewPopProspects(countryCode string, opts ...PPOption) (*PopProspects, error) {
	code, err := wppCode(countryCode)
	if err != nil {
		return nil, err
	}
	cfg, err := newPPConfig(opts)
	if err != nil {
		return nil, err
	}
	ex, err := loadWPPExtract(cfg, code)
	if err != nil {
		return nil, err
	}
	return newPopProspects(ex)
}

// newPPConfig applies opts over the defaults and checks the result.
func newPPConfig(opts []PPOption) (*ppConfig, error) {
	cfg := &ppConfig{timeout: DefaultTimeout, ctx: context.Background(), progress: defaultProgress(), logger: discardLogger}
	for _, o := range opts {
		if o != nil {
			o.applyPP(cfg)
		}
	}
	switch {
	case cfg.urlSet && cfg.url == "":
		return nil, errors.New("demographics: WithURL: empty URL, expected the address of a WPP bulk file")
	case !cfg.urlSet:
		cfg.url = DefaultWPPURL
		if env := os.Getenv(wppURLEnv); env != "" {
			cfg.url = env
		}
	}
	if cfg.timeout <= 0 {
		return nil, fmt.Errorf("demographics: WithTimeout: timeout must be > 0, got %s", cfg.timeout)
	}
	if cfg.ctx == nil {
		cfg.ctx = context.Background()
	}
	if cfg.cacheDir == "" {
		dir, err := DefaultCacheDir()
		if err != nil {
			return nil, err
		}
		cfg.cacheDir = dir
	}
	return cfg, nil
}

// wppCode trims and upper-cases a WPP country code and checks that it is
// three ASCII letters (SPEC §10.1; "SSA" passes).
func wppCode(countryCode string) (string, error) {
	code := strings.ToUpper(strings.TrimSpace(countryCode))
	if !isAlpha3(code) {
		return "", fmt.Errorf("demographics: %w %q (expected three letters: an ISO 3166-1 alpha-3 code or %s)",
			ErrInvalidCountryCode, countryCode, SSA)
	}
	return code, nil
}

// isAlpha3 reports whether s is exactly three upper-case ASCII letters.
func isAlpha3(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// newPopProspects builds the prospects of one complete extract: PopMat,
// VitalData and the pyramid splines.
func newPopProspects(ex *wppExtract) (*PopProspects, error) {
	pp := &PopProspects{
		CountryCode: ex.Code,
		YearVec:     wppYears(),
		PopMat:      wppPopMat(ex.PopThousands),
		AgeVec:      ageVec(),
		URL:         ex.URL,
		Retrieved:   ex.Retrieved,
	}
	pp.VitalData = newVitalData(pp.YearVec, pp.PopMat)
	splines, err := fitPyramidSplines(pp.YearVec, pp.PopMat)
	if err != nil {
		return nil, fmt.Errorf("demographics: WPP data for %s: %w", ex.Code, err)
	}
	pp.splines = splines
	return pp, nil
}
