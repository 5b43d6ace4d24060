package demographics

import (
	"errors"
	"fmt"
)

// Sentinel errors of the demographics helpers (SPEC §10.6). Every error
// returned for one of these causes wraps the sentinel, so callers can test it
// with [errors.Is]; the message adds what, where and what was expected.
// The DOTNAME and GeoTIFF sentinels are defined by the sub-packages that
// detect them and are re-exported in aliases.go.
var (
	// ErrUnknownCountry: the WPP data have no rows for the country code.
	ErrUnknownCountry = errors.New("unknown country code")
	// ErrInvalidCountryCode: the code is not a valid ISO 3166-1 alpha-3 (or
	// GADM-only) code; reported before any network access.
	ErrInvalidCountryCode = errors.New("invalid country code")
	// ErrYearOutOfRange: a population pyramid was asked for a year outside
	// the WPP data (1950–2100).
	ErrYearOutOfRange = errors.New("year out of range")
	// ErrHTTPStatus: the server answered with a non-2xx status; the error is
	// an [*HTTPError] carrying the URL and status.
	ErrHTTPStatus = errors.New("unexpected HTTP status")
	// ErrTimeout: no bytes arrived for the configured timeout while
	// connecting, waiting for headers or reading the body.
	ErrTimeout = errors.New("download timed out")
	// ErrCorruptArchive: a download was shorter than announced, or the
	// archive cannot be read (bad zip, bad gzip, CRC mismatch).
	ErrCorruptArchive = errors.New("downloaded archive is truncated or corrupt")
	// ErrUnsafeArchivePath: an archive entry would land outside the target
	// directory (absolute path, "..", drive letter) or is a symbolic link.
	ErrUnsafeArchivePath = errors.New("unsafe archive entry")
	// ErrNoOverlap: the population raster does not overlap the shapefile.
	ErrNoOverlap = errors.New("population raster does not overlap the shapefile")
)

// HTTPError is returned when a download gets a non-2xx response. It matches
// [ErrHTTPStatus] with [errors.Is].
type HTTPError struct {
	URL        string // the requested URL
	Status     string // the status line text, e.g. "404 Not Found"
	StatusCode int    // the numeric status, e.g. 404
}

// Error implements error.
func (e *HTTPError) Error() string {
	return fmt.Sprintf("GET %s: %s: %s", e.URL, ErrHTTPStatus, e.Status)
}

// Is reports whether target is [ErrHTTPStatus].
func (e *HTTPError) Is(target error) bool { return target == ErrHTTPStatus }
