package demographics

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// DefaultGADMBase is the GADM server used when neither [WithMirror] nor the
// environment names a mirror.
const DefaultGADMBase = "https://geodata.ucdavis.edu"

// Environment variables naming a GADM mirror, in order of precedence (read
// at each [Download] call). LASER_GADM_MIRROR is the reference's name.
const (
	envGADMMirror       = "RUBEOLA_GADM_MIRROR"
	envLegacyGADMMirror = "LASER_GADM_MIRROR"
)

// GADMURL returns the URL of the GADM 4.1 shapefile archive of a country:
// {base}/gadm/gadm4.1/shp/gadm41_{iso3}_shp.zip, with trailing slashes of
// base trimmed. iso3 is used as given (see [NormalizeCountryCode]).
func GADMURL(base, iso3 string) string {
	return strings.TrimRight(base, "/") + "/gadm/gadm4.1/shp/gadm41_" + iso3 + "_shp.zip"
}

// downloadConfig is what the options of [Download] set.
type downloadConfig struct {
	mirror   string       // "" → environment, then DefaultGADMBase
	progress io.Writer    // nil or io.Discard → no progress bar
	client   *http.Client // nil → a default client
	reuse    bool
	logger   *slog.Logger
}

// WithMirror downloads from base instead of the server named by the
// environment (RUBEOLA_GADM_MIRROR, then LASER_GADM_MIRROR) or
// [DefaultGADMBase]. The archive's path below base is the one of [GADMURL].
// An empty base means no option.
func WithMirror(base string) DownloadOption {
	return downloadOptionFunc(func(c *downloadConfig) { c.mirror = base })
}

// WithReuse opens gadm41_{ISO3}_{L}.shp when it already exists in the target
// directory, without any network access. Without it every call downloads
// again (SPEC §10.3).
func WithReuse() DownloadOption {
	return downloadOptionFunc(func(c *downloadConfig) { c.reuse = true })
}

// Download fetches the GADM 4.1 shapefiles of a country, extracts them into
// dir and opens the one of adminLevel as a [GlobalAdminShapefile]
// with its DOTNAME field (added in place if absent). It is the reference's
// GlobalAdminShapefile.download (SPEC §10.3):
//
//  1. countryCode is normalised by [NormalizeCountryCode] and adminLevel must
//     be in the level table of [shapefile.LevelFields] (0–5); timeout must be
//     > 0 ([DefaultTimeout] is the usual value). These are checked before any
//     file or network access.
//  2. dir "" means <current directory>/<ISO3>; dir is created if missing.
//  3. The archive is GADMURL(base, ISO3), base being [WithMirror], else the
//     environment variable RUBEOLA_GADM_MIRROR, else LASER_GADM_MIRROR, else
//     [DefaultGADMBase].
//  4. timeout bounds connecting, the TLS handshake, waiting for the response
//     headers and each silence between body bytes, not the whole transfer
//     (use ctx for that). There are no retries.
//  5. The body streams to a temporary file in dir, always removed afterwards.
//  6. The archive is extracted all-or-nothing: unsafe entry names, symbolic
//     links or more than 2 GiB of content are refused before anything is
//     written; existing files are overwritten.
//  7. gadm41_{ISO3}_{L}.shp must have been in the archive.
//
// Options: [WithMirror]; [WithReuse], which opens an existing
// gadm41_{ISO3}_{L}.shp in dir instead of steps 3–7; and, shared with
// [NewPopProspects], [WithHTTPClient] and [WithProgress] (the progress bar
// goes to os.Stderr by default).
//
// Errors: an invalid code wraps [ErrInvalidCountryCode]
// (`Invalid country code: "ZZZ"`); a non-2xx answer is an [*HTTPError]
// (matches [ErrHTTPStatus]); a silence longer than timeout wraps [ErrTimeout];
// a short body, an unreadable zip or a CRC mismatch wrap [ErrCorruptArchive];
// an unsafe entry wraps [ErrUnsafeArchivePath]; a missing level reads
// `archive has no level 2 shapefile for NGA (levels present: 0, 1)`; errors of
// [shapefile.NewGlobalAdminShapefile] are returned wrapped; ctx's
// cancellation returns ctx's error.
func Download(ctx context.Context, countryCode string, adminLevel int, dir string, timeout time.Duration,
	opts ...DownloadOption) (*GlobalAdminShapefile, error) {
	iso, err := NormalizeCountryCode(countryCode)
	if err != nil {
		return nil, fmt.Errorf("demographics: GADM download: %w", err)
	}
	fields, err := shapefile.LevelFields(adminLevel)
	if err != nil {
		return nil, fmt.Errorf("demographics: GADM download of %s: %w", iso, err)
	}
	if timeout <= 0 {
		return nil, fmt.Errorf("demographics: GADM download of %s: timeout must be > 0, got %s (the default is %s)",
			iso, timeout, DefaultTimeout)
	}
	cfg := downloadConfig{progress: defaultProgress(), logger: discardLogger}
	for _, o := range opts {
		if o != nil {
			o.applyDownload(&cfg)
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	dir, err = gadmDir(dir, iso)
	if err != nil {
		return nil, err
	}
	stem := "gadm41_" + iso + "_" + strconv.Itoa(adminLevel)
	shp := filepath.Join(dir, stem+".shp")
	if cfg.reuse {
		if info, err := os.Stat(shp); err == nil && info.Mode().IsRegular() {
			cfg.logger.Info("demographics: GADM shapefile already downloaded", "path", shp)
			return openGADM(shp, adminLevel, fields)
		}
	}
	url := GADMURL(cfg.base(), iso)
	names, err := downloadAndExtract(ctx, url, dir, timeout, cfg)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(names, stem+".shp") {
		return nil, fmt.Errorf("demographics: %s: archive has no level %d shapefile for %s (levels present: %s)",
			url, adminLevel, iso, levelsPresent(names, iso))
	}
	return openGADM(shp, adminLevel, fields)
}

// base resolves the server: option, environment, default; trailing slashes
// are trimmed by [GADMURL].
func (c downloadConfig) base() string {
	for _, b := range []string{c.mirror, os.Getenv(envGADMMirror), os.Getenv(envLegacyGADMMirror)} {
		if b = strings.TrimSpace(b); b != "" {
			return b
		}
	}
	return DefaultGADMBase
}

// gadmDir resolves and creates the target directory of a download.
func gadmDir(dir, iso string) (string, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("demographics: GADM download of %s: no target directory given and no current directory: %w", iso, err)
		}
		dir = filepath.Join(wd, iso)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("demographics: GADM download of %s: %w", iso, err)
	}
	return dir, nil
}

// downloadAndExtract streams url into a temporary file in dir, extracts it
// there and removes it; it returns the names of the extracted files.
func downloadAndExtract(ctx context.Context, url, dir string, timeout time.Duration, cfg downloadConfig) ([]string, error) {
	f := fetch{Client: cfg.client, URL: url, Timeout: timeout, Progress: cfg.progress, Label: filepath.Base(url), Log: cfg.logger}
	tmp, _, err := f.toTempFile(ctx, dir, ".gadm-*.zip.part")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.Remove(tmp) }()
	return extractZip(tmp, url, dir, maxExtractBytes)
}

// levelsPresent lists, for the missing-level message, the levels k of the
// entries named gadm41_{iso}_{k}.shp, ascending, or "none".
func levelsPresent(names []string, iso string) string {
	var levels []int
	for _, n := range names {
		k, ok := strings.CutPrefix(n, "gadm41_"+iso+"_")
		if !ok {
			continue
		}
		k, ok = strings.CutSuffix(k, ".shp")
		if l, err := strconv.Atoi(k); ok && err == nil && l >= 0 && strconv.Itoa(l) == k {
			levels = append(levels, l)
		}
	}
	if len(levels) == 0 {
		return "none"
	}
	slices.Sort(levels)
	levels = slices.Compact(levels)
	s := make([]string, len(levels))
	for i, l := range levels {
		s[i] = strconv.Itoa(l)
	}
	return strings.Join(s, ", ")
}

// openGADM opens an extracted shapefile of level l with its DOTNAME fields.
func openGADM(path string, l int, fields []string) (*GlobalAdminShapefile, error) {
	g, err := shapefile.NewGlobalAdminShapefile(path, &l, fields)
	if err != nil {
		return nil, fmt.Errorf("demographics: opening %s: %w", path, err)
	}
	return g, nil
}
