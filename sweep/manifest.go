package sweep

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/internal/atomicfile"
	"github.com/rubeola/rubeola/internal/tomlx"
	"github.com/rubeola/rubeola/model"
)

// ManifestName is the manifest's file name in a sweep directory.
const ManifestName = "sweep.json"

// manifestVersion is the manifest layout's version.
const manifestVersion = 1

// Manifest is DIR/sweep.json: what a sweep directory holds the results of.
// Two directories belong to the same sweep when their fingerprints are
// equal; resuming and merging refuse anything else.
type Manifest struct {
	// Version is the manifest layout's version (1).
	Version int `json:"manifest_version"`
	// Fingerprint is "sha256:" and the hex SHA-256 of the canonical JSON of
	// Generator, Format, Metrics, Inputs and Content.
	Fingerprint string `json:"fingerprint"`
	// Generator is the program and version that ran the points.
	Generator string `json:"generator"`
	// Format is the point tables' and the sweep table's format.
	Format string `json:"format"`
	// Metrics are the sweep table's metric columns, in order.
	Metrics []string `json:"metrics"`
	// Inputs maps each file the sweep file refers to (scenario CSV, SIA
	// schedule), as written there, to "sha256:…" of its content.
	Inputs map[string]string `json:"inputs,omitempty"`
	// Mode, Replicates, Axes (paths) and Points restate [sweep].
	Mode       Mode            `json:"mode"`
	Replicates int             `json:"replicates"`
	Axes       []string        `json:"axes"`
	Points     []ManifestPoint `json:"points"`
	// Content is the sweep file's canonical content: its TOML document as
	// JSON (keys sorted; comments and layout do not count).
	Content map[string]any `json:"content"`
}

// ManifestPoint is one point of the manifest.
type ManifestPoint struct {
	Index  int   `json:"index"`  // 0-based
	Values []any `json:"values"` // one per axis, numbers as json.Number
}

// NewManifest describes the sweep for a directory whose points are written
// in format with the given metric columns. It reads (hashes) the files the
// sweep file refers to.
func (f *File) NewManifest(format string, metrics []string) (*Manifest, error) {
	m := &Manifest{Version: manifestVersion, Generator: "rubeola " + model.Version, Format: format,
		Metrics: slices.Clone(metrics), Mode: f.Mode, Replicates: f.Replicates}
	content, ok := tomlx.ToJSON(f.doc).(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: not a TOML table", f.Path)
	}
	m.Content = content
	inputs, err := f.inputHashes()
	if err != nil {
		return nil, err
	}
	m.Inputs = inputs
	for _, a := range f.Axes {
		m.Axes = append(m.Axes, a.Path)
	}
	for _, p := range f.points {
		values := make([]any, len(p.Values))
		for k, v := range p.Values {
			values[k] = tomlx.ToJSON(v)
		}
		m.Points = append(m.Points, ManifestPoint{Index: p.Index, Values: values})
	}
	// Round-trip through JSON so the manifest holds what a reader of
	// sweep.json gets (numbers as json.Number): the sweep table is built
	// from that form whether the points ran here or were merged.
	data, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	out, err := decodeManifest(data)
	if err != nil {
		return nil, err
	}
	out.Fingerprint, err = out.fingerprint()
	return out, err
}

// pathKeys returns the keys of a [[phases]] entry whose string values are
// file paths (the keys its component type declares as paths, and their
// aliases); none for an unknown type.
func pathKeys(mt string, tbl map[string]any) []string {
	typ, _ := tbl["type"].(string)
	t, ok := model.LookupComponentTypeFor(mt, typ)
	if !ok {
		return nil
	}
	return t.PathKeys()
}

// isPath reports whether value, given for key in a [[phases]] entry, names
// a file (not a keyword of the key such as births = "crude";
// [model.ComponentType.IsPath]).
func isPath(mt string, tbl map[string]any, key, value string) bool {
	typ, _ := tbl["type"].(string)
	t, ok := model.LookupComponentTypeFor(mt, typ)
	return ok && t.IsPath(key, value)
}

// fingerprint hashes what makes two directories the same sweep.
func (m *Manifest) fingerprint() (string, error) {
	data, err := json.Marshal(struct {
		Generator string            `json:"generator"`
		Format    string            `json:"format"`
		Metrics   []string          `json:"metrics"`
		Inputs    map[string]string `json:"inputs"`
		Content   map[string]any    `json:"content"`
	}{m.Generator, m.Format, m.Metrics, m.Inputs, m.Content})
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// inputHashes hashes the files the sweep file refers to: the scenario CSV
// and the files named by components' path keys (such as SIA schedule CSVs),
// in the base file and in axis values.
func (f *File) inputHashes() (map[string]string, error) {
	var names []string
	if s, ok := f.base["scenario"].(string); ok {
		names = append(names, s)
	}
	list, _ := f.base["phases"].([]map[string]any)
	mt := baseModelType(f.base)
	for _, tbl := range list {
		for _, key := range pathKeys(mt, tbl) {
			if s, ok := tbl[key].(string); ok && isPath(mt, tbl, key, s) {
				names = append(names, s)
			}
		}
	}
	for _, a := range f.Axes {
		last := a.target.keys[len(a.target.keys)-1]
		if (a.target.phase < 0 && a.target.concrete == "scenario") ||
			(a.target.phase >= 0 && a.target.phase < len(list) && slices.Contains(pathKeys(mt, list[a.target.phase]), last)) {
			for _, v := range a.Values {
				if s, ok := v.(string); ok && (a.target.phase < 0 || isPath(mt, list[a.target.phase], last, s)) {
					names = append(names, s)
				}
			}
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, name := range names {
		if _, done := out[name]; done {
			continue
		}
		path := name
		if !filepath.IsAbs(path) {
			path = filepath.Join(f.baseDir, path)
		}
		sum, _, err := hashFile(path)
		if err != nil {
			return nil, err
		}
		out[name] = sum
	}
	return out, nil
}

// hashFile returns "sha256:…" of the file's content and its size.
func hashFile(path string) (string, int64, error) {
	file, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer file.Close()
	h := sha256.New()
	n, err := io.Copy(h, file)
	if err != nil {
		return "", 0, fmt.Errorf("reading %s: %w", path, err)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), n, nil
}

// encode returns the manifest as indented JSON.
func (m *Manifest) encode() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decodeManifest parses sweep.json, keeping numbers as written.
func decodeManifest(data []byte) (*Manifest, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	if m.Version != manifestVersion {
		return nil, fmt.Errorf("manifest_version %d (this rubeola reads %d)", m.Version, manifestVersion)
	}
	return &m, nil
}

// ReadManifest reads DIR/sweep.json. A directory without one is reported
// with errors.Is(err, os.ErrNotExist).
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestName)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m, err := decodeManifest(data)
	if err != nil {
		return nil, fmt.Errorf("%s: not a sweep manifest: %w", path, err)
	}
	return m, nil
}

// writeManifest writes DIR/sweep.json atomically.
func writeManifest(dir string, m *Manifest) error {
	data, err := m.encode()
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(dir, ManifestName), 0o644, data)
}

// Differences lists what differs between two manifests, for a refusal
// message: "generator: rubeola 1.0 vs rubeola 1.1", "the sweep file's
// [params]", "input towns.csv", …; nothing when the fingerprints agree.
func (m *Manifest) Differences(o *Manifest) []string {
	if m.Fingerprint == o.Fingerprint {
		return nil
	}
	var out []string
	if m.Generator != o.Generator {
		out = append(out, fmt.Sprintf("generator: %s vs %s", m.Generator, o.Generator))
	}
	if m.Format != o.Format {
		out = append(out, fmt.Sprintf("format: %s vs %s", m.Format, o.Format))
	}
	if !slices.Equal(m.Metrics, o.Metrics) {
		out = append(out, fmt.Sprintf("metrics: %s vs %s", strings.Join(m.Metrics, ","), strings.Join(o.Metrics, ",")))
	}
	for _, name := range unionKeys(m.Inputs, o.Inputs) {
		if m.Inputs[name] != o.Inputs[name] {
			out = append(out, fmt.Sprintf("input file %s (content differs)", name))
		}
	}
	for _, key := range unionKeys(m.Content, o.Content) {
		if !reflect.DeepEqual(m.Content[key], o.Content[key]) {
			out = append(out, "the sweep file's "+tomlKey(key, m.Content[key], o.Content[key]))
		}
	}
	if len(out) == 0 {
		out = append(out, "fingerprint")
	}
	return out
}

// tomlKey writes a top-level key as a TOML file shows it: [params],
// [[phases]], scenario.
func tomlKey(key string, a, b any) string {
	for _, v := range []any{a, b} {
		switch x := v.(type) {
		case map[string]any:
			return "[" + key + "]"
		case []any:
			if len(x) > 0 {
				if _, ok := x[0].(map[string]any); ok {
					return "[[" + key + "]]"
				}
			}
		}
	}
	return key
}

// unionKeys returns the keys of both maps, sorted.
func unionKeys[V any](a, b map[string]V) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// MismatchError reports a directory holding another sweep.
type MismatchError struct {
	Dir, Other string   // the directories compared
	Diffs      []string // what differs
}

// Error names both directories and what differs.
func (e *MismatchError) Error() string {
	return fmt.Sprintf("%s holds a different sweep from %s (differences: %s)", e.Dir, e.Other, strings.Join(e.Diffs, "; "))
}

// ErrNotSweepDir is returned for a non-empty directory without sweep.json.
var ErrNotSweepDir = errors.New("not a sweep directory")
