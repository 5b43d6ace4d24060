package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// RecordName is the completion record's file name in a point directory:
// written last and atomically, so a point directory is complete exactly
// when it holds a valid record whose files are all present.
const RecordName = "point.json"

// PointsDir is the folder of the point directories in a sweep directory.
const PointsDir = "points"

// PointDir returns point k's directory below a sweep directory:
// DIR/points/p00042.
func PointDir(dir string, k int) string {
	return filepath.Join(dir, PointsDir, pointName(k))
}

// pointName is point k's directory name.
func pointName(k int) string { return fmt.Sprintf("p%05d", k) }

// Metrics are a point's summary values by name (the sweep table's metric
// columns). A metric a point has no value for is absent.
type Metrics map[string]float64

// Record is a point's completion record (DIR/points/pNNNNN/point.json):
// the point, the sweep's fingerprint, its metrics and the size and SHA-256
// of every file of the point except the volatile ones (wall-clock
// timings), so two records are equal exactly when the point's outputs are.
type Record struct {
	// Index is the point's index.
	Index int `json:"index"`
	// Fingerprint is the sweep's ([Manifest]).
	Fingerprint string `json:"fingerprint"`
	// Values are the point's axis values, as in the manifest.
	Values []any `json:"values"`
	// Metrics are the point's metrics (the sweep table's row).
	Metrics Metrics `json:"metrics"`
	// Files are the point's output files but the volatile ones, by path.
	Files []FileSum `json:"files"`
}

// FileSum is one output file of a point: its slash-separated path in the
// point directory, size and "sha256:…".
type FileSum struct {
	Name   string `json:"name"`   // path in the point directory, with /
	Size   int64  `json:"size"`   // bytes
	SHA256 string `json:"sha256"` // "sha256:" and the hex digest
}

// sumFiles lists and hashes every regular file below dir except the record
// and the volatile names (compared by base name), sorted by path.
func sumFiles(dir string, volatile []string) ([]FileSum, error) {
	var out []FileSum
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		name := d.Name()
		if name == RecordName || slices.Contains(volatile, name) {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		sum, size, err := hashFile(path)
		if err != nil {
			return err
		}
		out = append(out, FileSum{Name: filepath.ToSlash(rel), Size: size, SHA256: sum})
		return nil
	})
	slices.SortFunc(out, func(a, b FileSum) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return out, err
}

// writeRecord writes the point's record atomically, last.
func writeRecord(pointDir string, r *Record) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(pointDir, RecordName), 0o644, buf.Bytes())
}

// readRecord reads a point's record and checks it against the manifest:
// the index, the fingerprint and every listed file's size (verify: also its
// SHA-256). It returns the raw record too (equal bytes, equal outputs).
func readRecord(pointDir string, m *Manifest, k int, verify bool) (*Record, []byte, error) {
	data, err := os.ReadFile(filepath.Join(pointDir, RecordName))
	if err != nil {
		return nil, nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", RecordName, err)
	}
	switch {
	case r.Index != k:
		return nil, nil, fmt.Errorf("%s: index %d, expected %d", RecordName, r.Index, k)
	case r.Fingerprint != m.Fingerprint:
		return nil, nil, fmt.Errorf("%s: another sweep's point (fingerprint %s)", RecordName, r.Fingerprint)
	}
	for _, f := range r.Files {
		path := filepath.Join(pointDir, filepath.FromSlash(f.Name))
		if !verify {
			info, err := os.Stat(path)
			if err != nil {
				return nil, nil, err
			}
			if info.Size() != f.Size {
				return nil, nil, fmt.Errorf("%s: %d bytes, %s says %d", f.Name, info.Size(), RecordName, f.Size)
			}
			continue
		}
		sum, size, err := hashFile(path)
		if err != nil {
			return nil, nil, err
		}
		if size != f.Size || sum != f.SHA256 {
			return nil, nil, fmt.Errorf("%s: content differs from %s (corrupt or changed)", f.Name, RecordName)
		}
	}
	return &r, data, nil
}
