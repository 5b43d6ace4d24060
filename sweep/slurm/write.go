package slurm

import (
	"io"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// Paths are the written scripts.
type Paths struct {
	// Sweep is the job array ([Options.ArrayScript]), Merge the merge job
	// and Submit the submit script.
	Sweep, Merge, Submit string
}

// Write renders the scripts for o (resolved, [Options.Resolve]) and writes
// them to [Dir](o.Out), creating it and [LogDir] first: all three or none
// (each replaces an earlier version atomically). The batch scripts get mode
// 0644 (sbatch reads them), submit.sh 0755.
func Write(o Options) (Paths, error) {
	s, err := Render(o)
	if err != nil {
		return Paths{}, err
	}
	dir := Dir(o.Out)
	if err := os.MkdirAll(LogDir(o.Out), 0o755); err != nil {
		return Paths{}, err
	}
	p := Paths{
		Sweep:  filepath.Join(dir, o.ArrayScript()),
		Merge:  filepath.Join(dir, MergeScript),
		Submit: filepath.Join(dir, SubmitScript),
	}
	var g atomicfile.Group
	defer g.Abort()
	for _, f := range []struct {
		path, text string
		perm       os.FileMode
	}{{p.Sweep, s.Sweep, 0o644}, {p.Merge, s.Merge, 0o644}, {p.Submit, s.Submit, 0o755}} {
		g.Perm = f.perm
		if err := g.Create(f.path, func(w io.Writer) error { _, err := io.WriteString(w, f.text); return err }); err != nil {
			return Paths{}, err
		}
	}
	if err := g.Commit(); err != nil {
		return Paths{}, err
	}
	return p, nil
}
