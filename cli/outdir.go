package cli

import (
	"fmt"
	"path/filepath"
	"strings"
)

// checkSnapshotOutside refuses to resume the snapshot file into the output
// directory that holds it: the run replaces that directory (with --force),
// its snapshots with it, the resumed one included. Paths are compared with
// symbolic links resolved; a file or directory that does not exist is not
// inside (loading reports a missing snapshot).
func checkSnapshotOutside(file, dir string) error {
	f, err := filepath.EvalSymlinks(file)
	if err != nil {
		return nil
	}
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil
	}
	f, errF := filepath.Abs(f)
	d, errD := filepath.Abs(d)
	if errF != nil || errD != nil {
		return nil
	}
	rel, err := filepath.Rel(d, f)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	return fmt.Errorf("snapshot %s is inside --out %s, which the resumed run replaces with its outputs (deleting the snapshots there): choose another --out", file, dir)
}
