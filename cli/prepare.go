package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/model"
)

// checkRun does for validate what a run of in does before its first tick,
// through the same code: it builds the model (an ensemble of R replicates
// when R > 0) with the run's component list, checks the memory estimate of
// the per-tick storage (SPEC §9) and initialises every component against the
// scenario (the mixing matrix, the trackers' storage, the checks a
// component's Initialize makes), without running a tick. An ensemble's
// replicates differ only in their seed: the first one is initialised for
// all of them, so that validating never holds R replicates' storage.
func checkRun(in *inputs, R int, opts ...model.Option) error {
	opts = append(opts, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	if R > 0 {
		e, err := buildEnsemble(in, R, opts...)
		if err != nil {
			return err
		}
		if err := e.CheckMemory(); err != nil {
			return err
		}
		if err := e.Replicate(0).Initialize(); err != nil {
			if R > 1 {
				return fmt.Errorf("replicate 0: %w", err) // as the ensemble's Initialize names it
			}
			return err
		}
		return nil
	}
	m, err := buildModel(in, opts...)
	if err != nil {
		return err
	}
	return m.Initialize() // checks the memory estimate first, as a run's does
}

// outDirError is the error of an output path the run cannot write in: it
// names the path the user gave (flag, e.g. "--out") and the reason, not the
// hidden temporary file or directory rubeola was creating beside it.
func outDirError(flag, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s %s: cannot write there: %w", flag, path, err)
}

// checkCanCreate checks that the file path, given as flag, can be created
// where it is: a probe file is created beside it and removed at once. A
// command that computes for long before it writes checks this first.
func checkCanCreate(flag, path string) error {
	return probe(flag, path, filepath.Dir(path), "."+filepath.Base(path)+".probe-*")
}

// checkCanCreateDir checks that the directory dir, given as flag, can be
// created or written: a probe file is created in dir when it exists, else
// in its nearest existing ancestor (where dir and its parents would be
// made), and removed at once. A path that exists and is not a directory, or
// an ancestor that is not one, is refused too. Commands that make their
// output directory only after their inputs are checked call it with those
// checks, so that an unwritable --out is bad input (exit 2) naming the path
// the user typed.
func checkCanCreateDir(flag, dir string) error {
	at := dir
	for {
		info, err := os.Stat(at)
		if err == nil {
			if !info.IsDir() {
				return outDirError(flag, dir, fmt.Errorf("%s is not a directory", at))
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return outDirError(flag, dir, err)
		}
		parent := filepath.Dir(at)
		if parent == at {
			return outDirError(flag, dir, err)
		}
		at = parent
	}
	return probe(flag, dir, at, ".rubeola-probe-*")
}

// probe creates a file named by pattern ([os.CreateTemp]) in dir and
// removes it at once; a failure to create it is an [outDirError] naming
// path, the flag's value.
func probe(flag, path, dir, pattern string) error {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return outDirError(flag, path, err)
	}
	name := f.Name()
	return errors.Join(f.Close(), os.Remove(name))
}
