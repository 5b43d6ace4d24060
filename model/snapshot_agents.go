package model

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/internal/atomicfile"
	"github.com/rubeola/rubeola/internal/snapdigest"
	"github.com/rubeola/rubeola/internal/tmpname"
)

// Agent sections (docs/abm.md, "Snapshots, ensembles and sweeps"): a
// snapshot of the agent-based model is the sealed JSON of every other
// snapshot followed by one newline and, in model (replicate) order, one
// binary section per agent table ([agents.Table.WriteSnapshot], its own
// zstd stream). The JSON records each section's size and sha256 ("agents"
// of the model or member), so the JSON's digest covers the sections too.
// With a .gz or .snap name the JSON and its newline are one gzip member
// and the sections follow it uncompressed by gzip (they are compressed
// already); a snapshot without agents has no newline and is byte for byte
// what it was before agents existed.

// agentSection is a snapshot's record of one agent table's binary section.
type agentSection struct {
	Rows   int    `json:"rows"`   // the table's rows used (Len)
	Bytes  int64  `json:"bytes"`  // the section's size in the file
	SHA256 string `json:"sha256"` // hexadecimal sha256 of those bytes
}

// ErrAgentCounts is wrapped by the error of a snapshot load whose saved
// patch states differ from the counts of its agents (agents.CheckCounts).
var ErrAgentCounts = errors.New("the saved patch states differ from the agents")

// saveSnapshotFile writes the snapshot v (a single model's file or an
// ensemble's) to path: the agent tables of models first, each into
// files[k].Agents (files[k] is model k's part of v), then v sealed, then
// the sections. Without agent tables it is writeSnapshot of v's JSON.
func saveSnapshotFile(path string, v any, files []*snapshotFile, models []*Model) error {
	tmp, err := writeAgentSections(path, files, models)
	if err != nil {
		return err
	}
	data, err := json.Marshal(v)
	if err != nil {
		if tmp != nil {
			return closeRemove(tmp, err)
		}
		return err
	}
	if tmp == nil {
		return writeSnapshot(path, data, nil)
	}
	return closeRemove(tmp, writeSnapshot(path, data, tmp))
}

// writeAgentSections writes the agent table of every model that has one
// to a temporary file beside path, in order, recording each section in
// its file; it returns the temporary file positioned at its start, or nil
// when no model has agents.
func writeAgentSections(path string, files []*snapshotFile, models []*Model) (*os.File, error) {
	var tmp *os.File
	for k, m := range models {
		t, err := agents.Of(m.world)
		if !m.cfg.mtype.agents || err != nil {
			continue
		}
		if tmp == nil {
			if tmp, err = os.CreateTemp(filepath.Dir(path), tmpname.Pattern(filepath.Base(path)+".agents")); err != nil {
				return nil, err
			}
		}
		h := sha256.New()
		cw := &countWriter{w: io.MultiWriter(tmp, h)}
		bw := bufio.NewWriterSize(cw, 1<<20)
		if err := t.WriteSnapshot(bw); err != nil {
			return nil, closeRemove(tmp, err)
		}
		if err := bw.Flush(); err != nil {
			return nil, closeRemove(tmp, err)
		}
		files[k].Agents = &agentSection{Rows: t.Len(), Bytes: cw.n, SHA256: hex.EncodeToString(h.Sum(nil))}
		files[k].Doses = saveDoses(m.world)
	}
	if tmp == nil {
		return nil, nil
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return nil, closeRemove(tmp, err)
	}
	return tmp, nil
}

// closeRemove closes and removes the temporary file f and returns err.
func closeRemove(f *os.File, err error) error {
	f.Close()
	os.Remove(f.Name())
	return err
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// writeSnapshot seals the JSON payload with its sha256 digest
// ([snapdigest.Seal]) and writes it to path atomically, gzip-compressed
// when path ends in .gz or .snap; with agent sections (not nil) a newline
// ends the JSON (inside the gzip member) and the sections follow.
func writeSnapshot(path string, payload []byte, sections io.Reader) error {
	data, err := snapdigest.Seal(payload)
	if err != nil {
		return err
	}
	if sections != nil {
		data = append(data, '\n')
	}
	gz := strings.HasSuffix(path, ".gz") || strings.HasSuffix(path, ".snap")
	return atomicfile.Write(path, 0o644, func(w io.Writer) error {
		if !gz {
			if _, err := w.Write(data); err != nil {
				return err
			}
		} else {
			zw, err := gzip.NewWriterLevel(w, snapshotGzipLevel(len(data)))
			if err != nil {
				return err
			}
			if _, err := zw.Write(data); err != nil {
				return err
			}
			if err := zw.Close(); err != nil {
				return err
			}
		}
		if sections == nil {
			return nil
		}
		_, err := io.Copy(w, sections)
		return err
	})
}

// fastGzipBytes is the JSON size from which a snapshot is compressed with
// gzip.BestSpeed instead of the default level: the default level's match
// search took 11.4 s for the 246 MB JSON of a 10⁶-patch run (per-patch
// StateTracker, 26 ticks), BestSpeed 1.1 s for a file 20 % larger (55 → 66
// MB; docs/scale.md). Smaller snapshots, every existing run's, keep the
// default level and their bytes.
const fastGzipBytes = 16 << 20

// snapshotGzipLevel is the gzip level for a snapshot of n JSON bytes.
func snapshotGzipLevel(n int) int {
	if n >= fastGzipBytes {
		return gzip.BestSpeed
	}
	return gzip.DefaultCompression
}

// snapshotStream is an open snapshot file whose JSON content has been
// read: rest holds the agent sections, if any (sections is set when the
// JSON ended with the newline that announces them).
type snapshotStream struct {
	file     *os.File
	rest     *bufio.Reader
	sections bool
}

// openSnapshotContent opens the snapshot at path and returns its JSON
// content (gzip or plain, detected from the content) and the stream
// positioned after it. The caller closes the stream.
func openSnapshotContent(path string) ([]byte, *snapshotStream, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	s := &snapshotStream{file: file, rest: bufio.NewReaderSize(file, 1<<20)}
	content, err := s.readContent()
	if err != nil {
		file.Close()
		return nil, nil, err
	}
	return content, s, nil
}

// readContent reads the JSON content: a whole gzip member, or the plain
// bytes up to the first newline (JSON as encoding/json writes it has
// none) or the end.
func (s *snapshotStream) readContent() ([]byte, error) {
	br := s.rest
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("corrupt gzip data: %w", err)
		}
		zr.Multistream(false)
		data, err := io.ReadAll(zr)
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, errors.New("file is truncated (gzip stream ends early)")
			}
			return nil, fmt.Errorf("corrupt gzip data: %w", err)
		}
		if k := len(data) - 1; k >= 0 && data[k] == '\n' {
			s.sections = true
			return data[:k], nil
		}
		if _, err := br.Peek(1); err == nil {
			return nil, errors.New("corrupt gzip data: data after the gzip stream")
		}
		return data, nil
	}
	data, err := br.ReadBytes('\n')
	switch {
	case errors.Is(err, io.EOF):
		return data, nil
	case err != nil:
		return nil, err
	}
	s.sections = true
	return data[:len(data)-1], nil
}

// Close closes the file.
func (s *snapshotStream) Close() error { return s.file.Close() }

// readTable reads the next agent section, sec of the JSON, as a table over
// counts c with capacity rows, checking its size and digest (a damaged
// section is reported as such even when decoding fails first).
func (s *snapshotStream) readTable(sec *agentSection, c agents.Counts, capacity int) (*agents.Table, error) {
	if !s.sections {
		return nil, errors.New("agents: the file has no agent sections after its JSON (cut short?)")
	}
	if sec.Bytes < 0 {
		return nil, fmt.Errorf("agents.bytes = %d: must be >= 0", sec.Bytes)
	}
	lr := &io.LimitedReader{R: s.rest, N: sec.Bytes}
	h := sha256.New()
	t, readErr := agents.ReadSnapshot(io.TeeReader(lr, h), c, capacity)
	if _, err := io.Copy(h, lr); err != nil {
		return nil, err
	}
	if lr.N > 0 {
		return nil, fmt.Errorf("agents: the section is cut short (%d of %d bytes)", sec.Bytes-lr.N, sec.Bytes)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != sec.SHA256 {
		return nil, fmt.Errorf("agents: the section does not match its sha256 digest (the file records %q, the section hashes to %s): it was changed or damaged after it was written", sec.SHA256, got)
	}
	if readErr != nil {
		return nil, readErr
	}
	if t.Len() != sec.Rows {
		return nil, fmt.Errorf("agents: the section has %d rows, agents.rows = %d", t.Len(), sec.Rows)
	}
	return t, nil
}

// end checks that nothing follows the last section (or the JSON, in a
// snapshot without agents).
func (s *snapshotStream) end(anySection bool) error {
	if s.sections && !anySection {
		return errors.New("data after the snapshot's JSON, which lists no agent section")
	}
	if _, err := s.rest.Peek(1); err == nil {
		return errors.New("data after the last agent section")
	}
	return nil
}

// restoreAgents reads model m's agent table from its section (before the
// components are restored: they attach to it) and attaches it.
func (m *Model) restoreAgents(f *snapshotFile, s *snapshotStream) error {
	if !m.cfg.mtype.agents {
		if f.Agents != nil || f.Doses != nil {
			return fmt.Errorf("agents: a %s model has no agents, the snapshot lists a section", m.cfg.mtype.name)
		}
		return nil
	}
	if f.Agents == nil {
		return errors.New("agents: the snapshot of the agent-based model has no agent section")
	}
	counts, err := agents.WorldCounts(m.world)
	if err != nil {
		return err
	}
	t, err := s.readTable(f.Agents, counts, int(m.AgentCapacity()))
	if err != nil {
		return err
	}
	agents.Attach(m.world, t)
	if err := restoreDoses(m.world, f.Doses); err != nil {
		return fmt.Errorf("agents: %w", err)
	}
	return nil
}

// checkAgentCounts compares the restored patch states with the agents.
func (m *Model) checkAgentCounts() error {
	if !m.cfg.mtype.agents {
		return nil
	}
	t, err := agents.Of(m.world)
	if err != nil {
		return err
	}
	if err := agents.CheckCounts(t, m.world); err != nil {
		return fmt.Errorf("%w: %w", ErrAgentCounts, err)
	}
	return nil
}
