package sweep

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// MergeReport says what [Merge] did.
type MergeReport struct {
	// Points is the number of points of the sweep.
	Points int
	// Present counts the points already complete in the output directory;
	// Copied those copied (hard-linked when possible) from the sources.
	Present, Copied int
	// Missing lists the points complete in no directory.
	Missing []int
	// Ignored describes incomplete or corrupt point copies in the sources
	// that were passed over.
	Ignored []string
}

// IncompleteError reports points that no directory has complete.
type IncompleteError struct {
	Missing []int // point indexes
	Points  int   // points of the sweep
	Dirs    []string
}

// Error names how many points are missing and the first few.
func (e *IncompleteError) Error() string {
	var idx []string
	for k, p := range e.Missing {
		if k == 8 {
			idx = append(idx, fmt.Sprintf("… (%d in all)", len(e.Missing)))
			break
		}
		idx = append(idx, fmt.Sprint(p))
	}
	return fmt.Sprintf("%d of %d points are complete in none of %s: points %s",
		len(e.Missing), e.Points, strings.Join(e.Dirs, ", "), strings.Join(idx, ", "))
}

// Merge merges sweep directories (the shards of one sweep, or partial runs)
// into out: every point complete in some source (record present, every
// file's size and SHA-256 as recorded) is copied into out/points —
// hard-linked when out is on the same file system — then the sweep table is
// rebuilt in point order. out may be absent, empty or a directory of the
// same sweep (its complete points stay; a source may be out itself).
//
// Merging is idempotent: merging again, or merging into a directory that
// already has some of the points, gives the same directory. Nothing is
// written when a directory holds another sweep (a [*MismatchError] naming
// both and what differs), when two directories hold different outputs for
// one point, or — unless partial — when some point is complete nowhere
// (an [*IncompleteError]; with partial the report lists them and the table
// has the points there are).
func Merge(out string, sources []string, partial bool) (MergeReport, error) {
	var rep MergeReport
	if len(sources) == 0 {
		return rep, errors.New("merge: no sweep directories given")
	}
	m, raw, err := sameSweep(out, sources)
	if err != nil {
		return rep, err
	}
	rep.Points = len(m.Points)
	outManifest, err := ReadManifest(out)
	haveOut := err == nil
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return rep, err
	}
	if !haveOut {
		if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
			return rep, fmt.Errorf("%s is not empty and has no %s: %w", out, ManifestName, ErrNotSweepDir)
		}
	}
	srcs := distinctSources(out, sources)
	type pick struct {
		k   int
		src string
	}
	var picks []pick
	var conflicts []error
	for _, p := range m.Points {
		k := p.Index
		var have []byte
		if haveOut {
			if _, data, err := readRecord(PointDir(out, k), outManifest, k, false); err == nil {
				have = data
				rep.Present++
			}
		}
		chosen := ""
		for _, src := range srcs {
			_, data, err := readRecord(PointDir(src, k), m, k, true)
			if err != nil {
				if _, statErr := os.Stat(PointDir(src, k)); statErr == nil {
					rep.Ignored = append(rep.Ignored, fmt.Sprintf("%s: %v", PointDir(src, k), err))
				}
				continue
			}
			switch {
			case have == nil:
				have, chosen = data, src
			case !bytes.Equal(have, data):
				conflicts = append(conflicts, fmt.Errorf("point %d: %s and %s hold different outputs (compare their %s)",
					k, PointDir(src, k), firstHolder(out, chosen, k), RecordName))
			}
		}
		switch {
		case have == nil:
			rep.Missing = append(rep.Missing, k)
		case chosen != "":
			picks = append(picks, pick{k, chosen})
		}
	}
	if len(conflicts) > 0 {
		return rep, errors.Join(conflicts...)
	}
	if len(rep.Missing) > 0 && !partial {
		return rep, &IncompleteError{Missing: rep.Missing, Points: rep.Points, Dirs: append([]string{}, sources...)}
	}
	if err := os.MkdirAll(filepath.Join(out, PointsDir), 0o755); err != nil {
		return rep, err
	}
	if !haveOut {
		if err := atomicfile.WriteBytes(filepath.Join(out, ManifestName), 0o644, raw); err != nil {
			return rep, err
		}
	}
	for _, p := range picks {
		if err := copyPoint(PointDir(p.src, p.k), out, p.k); err != nil {
			return rep, err
		}
		rep.Copied++
	}
	return rep, WriteTable(out)
}

// firstHolder names the directory whose copy of point k was taken first.
func firstHolder(out, chosen string, k int) string {
	if chosen == "" {
		return PointDir(out, k)
	}
	return PointDir(chosen, k)
}

// sameSweep reads every source's manifest and refuses a mix of sweeps; it
// returns the first manifest and its bytes.
func sameSweep(out string, sources []string) (*Manifest, []byte, error) {
	var first *Manifest
	var raw []byte
	var errs []error
	for _, src := range sources {
		m, err := ReadManifest(src)
		if errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("%s: no %s: %w", src, ManifestName, ErrNotSweepDir))
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if first == nil {
			first = m
			if raw, err = os.ReadFile(filepath.Join(src, ManifestName)); err != nil {
				return nil, nil, err
			}
			continue
		}
		if diffs := m.Differences(first); len(diffs) > 0 {
			errs = append(errs, &MismatchError{Dir: src, Other: sources[0], Diffs: diffs})
		}
	}
	if first != nil {
		if m, err := ReadManifest(out); err == nil {
			if diffs := m.Differences(first); len(diffs) > 0 {
				errs = append(errs, &MismatchError{Dir: out, Other: sources[0], Diffs: diffs})
			}
		}
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	return first, raw, nil
}

// distinctSources drops sources that are out itself (or repeated).
func distinctSources(out string, sources []string) []string {
	var infos []os.FileInfo
	if info, err := os.Stat(out); err == nil {
		infos = append(infos, info)
	}
	var srcs []string
	for _, src := range sources {
		info, err := os.Stat(src)
		if err != nil {
			continue
		}
		dup := false
		for _, seen := range infos {
			dup = dup || os.SameFile(seen, info)
		}
		if !dup {
			infos = append(infos, info)
			srcs = append(srcs, src)
		}
	}
	return srcs
}

// copyPoint copies a point directory into out/points under a hidden
// temporary name and renames it into place (replacing an incomplete copy).
// Files are hard-linked when possible.
func copyPoint(src, out string, k int) error {
	tmp := filepath.Join(out, PointsDir, "."+pointName(k)+".merge")
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		dst := filepath.Join(tmp, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if os.Link(path, dst) == nil {
			return nil
		}
		return copyFile(path, dst)
	})
	if err != nil {
		os.RemoveAll(tmp)
		return err
	}
	dst := PointDir(out, k)
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

// copyFile copies a regular file's content.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
