//go:build !linux

package output

import (
	"errors"
	"os"
)

// reserve reports that blocks cannot be reserved ahead here: the file is
// written as usual.
func reserve(*os.File, int64, int64) error { return errors.ErrUnsupported }
