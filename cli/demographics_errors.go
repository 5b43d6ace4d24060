package cli

import (
	"errors"
	"io/fs"

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
