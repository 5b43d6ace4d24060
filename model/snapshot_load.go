package model

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/internal/lineerr"
	"github.com/rubeola/rubeola/internal/nesting"
	"github.com/rubeola/rubeola/internal/snapdigest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// LoadSnapshot rebuilds a model from a snapshot written by
// [Model.SaveSnapshot] so that running it on gives, tick for tick, the
// same states, tracker arrays and results summary as the uninterrupted run
// (SPEC §9).
//
// components must build the same component list as at the save (names and
// order are checked); with components == nil every component is rebuilt
// from its stored params by its registered type (the built-ins and those
// added with [Register]), and a component of an unregistered type is an
// error asking for its factory. Options are those of [NewBiweekly] plus [WithNumTicks],
// which extends or shortens the run (n ≥ the saved tick).
//
// The file may be gzip-compressed or plain JSON (detected from its
// content); its sha256 digest is checked first. Corrupt, truncated or
// mismatched snapshots give an error naming the file on every line (an
// error reporting several problems has one line per problem).
func LoadSnapshot(path string, components []phases.Factory, opts ...Option) (*Model, error) {
	m, err := loadSnapshot(path, components, opts)
	if err != nil {
		return nil, snapshotError(path, err)
	}
	return m, nil
}

// snapshotError prefixes every line of err with "snapshot PATH: ".
func snapshotError(path string, err error) error {
	return lineerr.Prefix("snapshot "+path+": ", err)
}

func loadSnapshot(path string, components []phases.Factory, opts []Option) (*Model, error) {
	var f snapshotFile
	s, err := readSnapshot(path, SnapshotFormat, &f)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	cfg, err := newConfig(append(append([]Option{WithName(f.Name), WithScenarioSource(f.ScenarioSource)}, opts...), WithType(f.modelType())))
	if err != nil {
		return nil, err
	}
	scn, err := storedScenario(f.Scenario)
	if err != nil {
		return nil, err
	}
	m, err := loadModel(&f, scn, components, cfg, s)
	if err != nil {
		return nil, err
	}
	return m, s.end(f.Agents != nil)
}

// loadModel builds the model of snapshot f over scn with configuration
// cfg and restores it, reading its agent table (if any) from s.
func loadModel(f *snapshotFile, scn *scenario.Table, components []phases.Factory, cfg config, s *snapshotStream) (*Model, error) {
	p := f.Params
	if cfg.numTicks >= 0 {
		if cfg.numTicks < f.Tick {
			return nil, &SavedTickError{NumTicks: cfg.numTicks, Tick: f.Tick}
		}
		p.NumTicks = cfg.numTicks
	}
	if f.Tick > p.NumTicks {
		return nil, fmt.Errorf("saved tick %d is beyond num_ticks %d", f.Tick, p.NumTicks)
	}
	if err := checkSnapshotHeader(f); err != nil {
		return nil, err
	}
	if !cfg.compartmentsSet && len(f.Compartments) > 0 {
		for _, name := range f.Compartments {
			c, ok := LookupCompartment(name)
			if !ok {
				return nil, fmt.Errorf("compartments: the snapshot's compartment %q is not registered: declare it with model.WithCompartments (or register it with model.RegisterCompartment)", name)
			}
			if r, ok := f.CompartmentRoles[name]; ok {
				c = c.WithRoles(r)
			}
			cfg.compartments = append(cfg.compartments, c)
		}
	}
	m, err := newEngine(scn, p, cfg)
	if err != nil {
		return nil, err
	}
	if components == nil {
		if components, err = rebuildComponents(f.modelType(), f.Components); err != nil {
			return nil, err
		}
	}
	if err := m.SetComponents(components...); err != nil {
		return nil, err
	}
	if err := checkComponentNames(f.Components, m.instances); err != nil {
		return nil, err
	}
	m.tick = f.Tick
	m.finalized = f.Finalized && f.Tick >= p.NumTicks
	m.restoring = true
	err = m.CheckMemory()
	m.restoring = false
	if err != nil {
		return nil, err
	}
	if err := m.restore(f, s); err != nil {
		return nil, err
	}
	return m, nil
}

// readSnapshot opens the snapshot of format at path (gzip or plain),
// decodes its JSON into v and returns the stream positioned at its agent
// sections (snapshot_agents.go); the caller closes it.
func readSnapshot(path, format string, v any) (*snapshotStream, error) {
	content, s, err := openSnapshotContent(path)
	if err != nil {
		return nil, err
	}
	if err := decodeSnapshot(content, format, v); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// storedScenario parses a snapshot's scenario CSV text.
func storedScenario(text string) (*scenario.Table, error) {
	scn, err := scenario.ReadCSV(strings.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("stored scenario: %w", err)
	}
	return scn, nil
}

// openSnapshot opens a snapshot file for reading, through gzip when its
// content is gzip-compressed. The caller closes the file.
func openSnapshot(path string) (*os.File, io.Reader, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReader(file)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			file.Close()
			return nil, nil, fmt.Errorf("corrupt gzip data: %w", err)
		}
		return file, zr, nil
	}
	return file, br, nil
}

// SnapshotFormatOf returns the "format" of the snapshot at path
// ([SnapshotFormat] for [Model.SaveSnapshot], [EnsembleSnapshotFormat]
// for [Ensemble.SaveSnapshot]), reading only as far as that key, so a
// caller can pick [LoadSnapshot] or [LoadEnsembleSnapshot]. A file that is
// not a JSON object with a string "format" is an error naming the file.
func SnapshotFormatOf(path string) (string, error) {
	file, r, err := openSnapshot(path)
	if err != nil {
		return "", fmt.Errorf("snapshot %s: %w", path, err)
	}
	defer file.Close()
	format, err := snapshotFormat(json.NewDecoder(r))
	if err != nil {
		return "", fmt.Errorf("snapshot %s: not a snapshot: %w", path, err)
	}
	return format, nil
}

// snapshotFormat reads top-level keys of a JSON object from dec up to
// "format" and returns its string value.
func snapshotFormat(dec *json.Decoder) (string, error) {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", errors.New("not a JSON object")
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return "", fmt.Errorf("invalid JSON: %w", err)
		}
		if key == "format" {
			var format string
			if err := dec.Decode(&format); err != nil {
				return "", fmt.Errorf(`"format" is not a string: %w`, err)
			}
			return format, nil
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return "", fmt.Errorf("invalid JSON: %w", err)
		}
	}
	return "", errors.New(`no "format" key`)
}

// decodeSnapshot checks data's sha256 digest, that it is a snapshot of
// format and this version, and decodes it strictly into v. data is
// overwritten (see [snapdigest.Open]).
func decodeSnapshot(data []byte, format string, v any) error {
	payload, err := snapdigest.Open(data)
	if errors.Is(err, snapdigest.ErrNoDigest) {
		return unsealedSnapshot(data, format)
	}
	if err != nil {
		return err
	}
	if err := nesting.ScanJSON(payload); err != nil {
		return fmt.Errorf("invalid snapshot content: %w", err)
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(payload, &head); err != nil {
		return fmt.Errorf("not a snapshot (invalid or truncated JSON: %v)", err)
	}
	if err := checkFormatVersion(head.Format, head.Version, format); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("invalid snapshot content: %w", err)
	}
	return nil
}

// checkFormatVersion checks a snapshot's format and version.
func checkFormatVersion(got string, version int, format string) error {
	if got != format {
		return fmt.Errorf("not a snapshot: format is %q, want %q", got, format)
	}
	if version != SnapshotVersion {
		return fmt.Errorf("snapshot version %d is not supported (this rubeola reads version %d)", version, SnapshotVersion)
	}
	return nil
}

// unsealedSnapshot explains why content without a digest is refused:
// not a snapshot, a snapshot of another format, or one written before
// snapshots carried a digest (version 1).
func unsealedSnapshot(data []byte, format string) error {
	var head struct {
		Format         string `json:"format"`
		Version        int    `json:"version"`
		RubeolaVersion string `json:"rubeola_version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return fmt.Errorf("not a snapshot (invalid or truncated JSON: %v)", err)
	}
	if head.Format == format && head.Version == 1 {
		return fmt.Errorf("snapshot version 1 (written by rubeola %s) has no sha256 digest, so its integrity cannot be checked: "+
			"this rubeola reads version %d; resume it with the rubeola that wrote it", head.RubeolaVersion, SnapshotVersion)
	}
	if err := checkFormatVersion(head.Format, head.Version, format); err != nil {
		return err
	}
	return fmt.Errorf("%w (every version %d snapshot starts with one)", snapdigest.ErrNoDigest, SnapshotVersion)
}

// rebuildComponents builds factories for the stored components from their
// stored params, by their registered types.
func rebuildComponents(mt string, saved []snapshotComponent) ([]phases.Factory, error) {
	out := make([]phases.Factory, len(saved))
	for k, sc := range saved {
		t, ok := LookupComponentTypeFor(mt, sc.Type)
		if sc.Type == "" || !ok {
			return nil, fmt.Errorf("snapshot component %q is not built in; pass its factory (or register its type with model.Register)", sc.Name)
		}
		if len(sc.Params) == 0 || string(sc.Params) == "null" {
			return nil, fmt.Errorf("snapshot component %q was saved without params (they hold a custom value such as a user mixer); pass its factory", sc.Name)
		}
		f, err := t.Decode(sc.Params)
		if err != nil {
			return nil, fmt.Errorf("component %d (%s): stored params: %w", k, sc.Name, err)
		}
		out[k] = f
	}
	return out, nil
}

// checkComponentNames compares the stored and the built component lists.
func checkComponentNames(saved []snapshotComponent, built []phases.Component) error {
	want := make([]string, len(saved))
	for k, sc := range saved {
		want[k] = sc.Name
	}
	got := make([]string, len(built))
	for k, c := range built {
		got[k] = c.Name()
	}
	if !slices.Equal(want, got) {
		return fmt.Errorf("snapshot has components %v, got %v", want, got)
	}
	return nil
}

// restore brings the freshly built instances to the saved state: the
// agent table (read from s), then restore or re-initialise every component
// that was initialised, then the patch states (checked against the
// agents), the random streams and the timing table.
func (m *Model) restore(f *snapshotFile, s *snapshotStream) error {
	if err := checkStates(f.States, m.world.StateNames(), m.world.Len()); err != nil {
		return err
	}
	if err := checkTimingRows(f.Timing.Rows, f.Tick, m.schedule.Len()); err != nil {
		return err
	}
	if err := m.restoreAgents(f, s); err != nil {
		return err
	}
	for k, c := range m.instances {
		sc := f.Components[k]
		if !sc.Initialized {
			continue
		}
		var err error
		if s, ok := c.(phases.Snapshotter); ok {
			err = s.RestoreState(m, sc.State)
		} else if in, ok := c.(phases.Initializer); ok {
			err = in.Initialize(m)
		}
		if err != nil {
			return fmt.Errorf("restore %s: %w", c.Name(), err)
		}
		m.initialized[k] = true
	}
	for name, col := range f.States {
		dst, _ := m.world.State(name)
		copy(dst, col)
	}
	if err := m.checkAgentCounts(); err != nil {
		return err
	}
	for k, c := range m.instances {
		sc := f.Components[k]
		if sc.RNG == nil {
			continue
		}
		if sc.StreamName != m.streamName(k) {
			return fmt.Errorf("component %d (%s): stored stream %q, expected %q", k, c.Name(), sc.StreamName, m.streamName(k))
		}
		blocks := make([][]byte, len(sc.RNG))
		for b, s := range sc.RNG {
			data, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return fmt.Errorf("component %s: rng block %d: %w", c.Name(), b, err)
			}
			blocks[b] = data
		}
		streams, err := m.Streams(c)
		if err != nil {
			return err
		}
		if err := streams.UnmarshalBinary(blocks); err != nil {
			return fmt.Errorf("component %s: %w", c.Name(), err)
		}
	}
	m.timing.Rows = f.Timing.Rows
	for k, v := range f.Timing.Init {
		m.timing.Init[k] = v
	}
	for k, v := range f.Timing.Finalize {
		m.timing.Finalize[k] = v
	}
	return nil
}

// SavedTickError is the error of [LoadSnapshot] and [LoadEnsembleSnapshot]
// when [WithNumTicks] asks for fewer ticks than the snapshot has run: a
// resumed run can be extended or keep its length, not be cut before its
// saved tick.
type SavedTickError struct {
	NumTicks int // the WithNumTicks value
	Tick     int // the snapshot's tick
}

func (e *SavedTickError) Error() string {
	return fmt.Sprintf("WithNumTicks(%d) is before the saved tick %d", e.NumTicks, e.Tick)
}

// WithNumTicks sets num_ticks of the model (overriding the params), e.g. to
// extend or shorten a run loaded with [LoadSnapshot] (n must not be before
// the saved tick). n < 0 is an error.
func WithNumTicks(n int) Option {
	return func(c *config) error {
		if n < 0 {
			return fmt.Errorf("model: WithNumTicks(%d): must be >= 0", n)
		}
		c.numTicks = n
		return nil
	}
}
