package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/internal/tmpname"
)

// fitCheckpoint is what a fit saves as it goes, so that a fit killed
// mid-way restarts from its last IF2 iteration or profile point with
// --resume and writes what the uninterrupted fit writes (issue 37 item
// 8). It is a gob file beside DIR/fit, removed when the fit succeeds.
type fitCheckpoint struct {
	// Key identifies the fit ([fitJob.checkpointKey]).
	Key string
	// IF2 is method if2's search state.
	IF2 *fit.IF2Checkpoint
	// Points are a profile's (or shard's) points done, in order.
	Points []fit.ProfilePoint
}

// checkpointPath is the fit's checkpoint file: DIR/.fit-checkpoint, or
// DIR/.fit-checkpoint-shard-i-of-n for a shard.
func (j *fitJob) checkpointPath() string {
	name := ".fit-checkpoint"
	if j.sharded {
		name += fmt.Sprintf("-shard-%d-of-%d", j.shard.I, j.shard.N)
	}
	return filepath.Join(j.flags.out, name)
}

// checkpointKey identifies the fit a checkpoint belongs to: the SHA-256
// of the fit file, its run file and its case data, and of the options the
// flags may change.
func (j *fitJob) checkpointKey() (string, error) {
	h := sha256.New()
	for _, path := range []string{j.file.Path, j.file.RunPath, j.file.DataPath} {
		f, err := os.Open(path)
		if err != nil {
			return "", err
		}
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "\x00%s\x00", path)
	}
	f := j.file
	fmt.Fprintf(h, "%s %t %d %d %d %d %v", f.Method, j.flags.loglik, f.Particles, f.Filters, f.Seed, f.Iterations, f.Cooling)
	return hex.EncodeToString(h.Sum(nil)), nil
}

// loadCheckpoint reads the checkpoint for --resume: nil when there is
// none (the fit starts from the beginning); an error when it belongs to
// another fit or cannot be read.
func (j *fitJob) loadCheckpoint(key string) (*fitCheckpoint, error) {
	path := j.checkpointPath()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		j.say("--resume: no checkpoint %s: starting from the beginning", path)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var c fitCheckpoint
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&c); err != nil {
		return nil, fmt.Errorf("--resume: checkpoint %s is not readable (%v): remove it to start from the beginning", path, err)
	}
	if c.Key != key {
		return nil, fmt.Errorf("--resume: checkpoint %s belongs to another fit (the fit file, its run file, the case data or "+
			"--particles, --filters, --seed changed): remove it, or run without --resume to start from the beginning", path)
	}
	return &c, nil
}

// saveCheckpoint writes c atomically (a temporary beside it, renamed).
func (j *fitJob) saveCheckpoint(c *fitCheckpoint) error {
	path := j.checkpointPath()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(c); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), tmpname.Pattern(filepath.Base(path)))
	if err != nil {
		return err
	}
	_, err = tmp.Write(buf.Bytes())
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing checkpoint %s: %w", path, err)
	}
	return checkpointSaved(c)
}

// checkpointSaved is called after every checkpoint is saved; an error
// stops the fit there. Tests set it to stop a fit as a kill would.
var checkpointSaved = func(*fitCheckpoint) error { return nil }
