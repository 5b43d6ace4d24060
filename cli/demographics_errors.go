package cli

import (
	"errors"
	"io/fs"
	"net/url"

	"github.com/rubeola/rubeola/demographics"
	"github.com/rubeola/rubeola/demographics/geotiff"
)

// inputSentinels are the demographics errors caused by the user's input
// (exit code 2); network and archive failures stay run errors (exit code 1).
var inputSentinels = []error{
	fs.ErrNotExist,
	demographics.ErrInvalidCountryCode,
	demographics.ErrUnknownCountry,
	demographics.ErrYearOutOfRange,
	demographics.ErrMissingField,
	demographics.ErrDuplicateDotname,
	demographics.ErrNotGeographic,
	demographics.ErrNoOverlap,
	demographics.ErrUnsupportedTIFF,
	geotiff.ErrCorrupt,
	geotiff.ErrBadGeoref,
}

// classify marks a demographics error caused by bad input as a validation
// error (exit code 2) and returns other errors unchanged (exit code 1).
func classify(err error) error {
	if err == nil {
		return nil
	}
	for _, s := range inputSentinels {
		if errors.Is(err, s) {
			return invalid(err)
		}
	}
	return err
}

// networkSentinels are the demographics errors of a download that failed
// (a run error, exit code 1, as `rubeola --help` says), besides the
// network's own errors ([*url.Error]).
var networkSentinels = []error{demographics.ErrHTTPStatus, demographics.ErrTimeout, demographics.ErrCorruptArchive}

// isNetworkFailure reports whether err comes from a download that failed:
// a run error (exit 1), not bad input (issue 37 item 6: a run file whose
// WPP download failed exited 2).
func isNetworkFailure(err error) bool {
	var ue *url.Error
	if errors.As(err, &ue) {
		return true
	}
	for _, s := range networkSentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
