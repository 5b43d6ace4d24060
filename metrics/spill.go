package metrics

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"unsafe"

	"github.com/rubeola/rubeola/phases"
)

// DefaultSpillThreshold is the storage size from which a per-patch
// [StateTracker] keeps its rows in a spill file instead of memory when
// the model sets no other ([SpillPolicy]): 256 MiB, about 10⁵ patches ×
// 110 ticks. Smaller trackers, every run of the reference's size, keep
// their rows in memory as before.
const DefaultSpillThreshold int64 = 256 << 20

// SpillPolicy says where and from what size a per-patch tracker spills
// its rows to disk. A model that implements [SpillConfigurer] sets it
// (the CLI: the output directory's parent, so the file is on the disk the
// outputs go to); otherwise trackers spill from [DefaultSpillThreshold]
// into os.TempDir() (a tmpfs /tmp would hold the rows in memory again).
type SpillPolicy struct {
	// Dir is the directory the spill file is created in ("" : os.TempDir()).
	// A directory that does not exist falls back to os.TempDir().
	Dir string
	// Threshold is the storage size in bytes from which rows spill; < 0
	// never spills, 0 always does (tests).
	Threshold int64
}

// SpillConfigurer is a model that sets its trackers' [SpillPolicy]
// (model.Model does: model.WithTrackerSpill).
type SpillConfigurer interface {
	TrackerSpill() SpillPolicy
}

// spillPolicyOf returns m's spill policy, or the default one.
func spillPolicyOf(m phases.Model) SpillPolicy {
	if s, ok := m.(SpillConfigurer); ok {
		return s.TrackerSpill()
	}
	return SpillPolicy{Threshold: DefaultSpillThreshold}
}

// applies reports whether storage of width × ticks values of elem bytes
// spills under p.
func (p SpillPolicy) applies(width, ticks, elem int) bool {
	return p.Threshold >= 0 && float64(width)*float64(ticks)*float64(elem) >= float64(p.Threshold) && width > 0 && ticks > 0
}

// spillFile is a store's rows on disk: row t at byte offset t·(row bytes), in
// the machine's byte order (the file is private to the process: it is
// removed from its directory as soon as it is created, so it never
// outlives the process, is never seen as an output and needs no cleanup
// when a run fails).
type spillFile struct {
	f *os.File
}

// openSpill creates the spill file in dir (os.TempDir() when dir is "" or
// does not exist) and unlinks it.
func openSpill(dir string) (*spillFile, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, ".rubeola-spill-*")
	if errors.Is(err, os.ErrNotExist) {
		f, err = os.CreateTemp(os.TempDir(), ".rubeola-spill-*")
	}
	if err != nil {
		return nil, fmt.Errorf("tracker spill file: %w", err)
	}
	// Unlinked at once (POSIX keeps the open file); where unlinking an open
	// file fails, the cleanup removes it when the store is dropped.
	removed := os.Remove(f.Name()) == nil
	s := &spillFile{f: f}
	runtime.AddCleanup(s, func(f *os.File) {
		name := f.Name()
		f.Close()
		if !removed {
			os.Remove(name)
		}
	}, f)
	return s, nil
}

// bytesOf views values as their bytes (native byte order).
func bytesOf[V Value](values []V) []byte {
	if len(values) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&values[0])), len(values)*int(unsafe.Sizeof(values[0])))
}

// sizeSpilled makes r a spilled store of width values per tick for ticks
// ticks, in a new spill file in dir: only the row being recorded is in
// memory.
func (r *store[V]) sizeSpilled(width, ticks int, dir string) error {
	sp, err := openSpill(dir)
	if err != nil {
		return err
	}
	r.width, r.ticks, r.spill = width, ticks, sp
	r.recorded.Store(0)
	r.data = make([]V, width)
	return nil
}

// commit writes tick t's row, filled since record, to the spill file and
// publishes it (no-op for an in-memory store, whose record published it).
func (r *store[V]) commit(name string, t int) error {
	if r.spill == nil {
		return nil
	}
	if _, err := r.spill.f.WriteAt(bytesOf(r.data), int64(t)*int64(len(bytesOf(r.data)))); err != nil {
		return fmt.Errorf("%s: writing tick %d to the spill file: %w", name, t, err)
	}
	if int64(t) >= r.recorded.Load() {
		r.recorded.Store(int64(t) + 1)
	}
	return nil
}

// read returns tick t's row: a view into memory, or for a spilled store
// the row read from the spill file into buf (len width; allocated when
// nil). Reading back a file this process wrote fails only with the disk
// (an I/O error): that panics, as running out of memory would, since the
// readers (Blocks, Series, Summarize) have no error to return.
func (r *store[V]) read(t int, buf []V) []V {
	if r.spill == nil {
		return r.row(t)
	}
	if buf == nil {
		buf = make([]V, r.width)
	}
	b := bytesOf(buf)
	if _, err := r.spill.f.ReadAt(b, int64(t)*int64(len(b))); err != nil {
		panic(fmt.Sprintf("metrics: reading tick %d back from the tracker's spill file: %v", t, err))
	}
	return buf
}

// spilled reports whether the store keeps its rows on disk.
func (r *store[V]) spilled() bool { return r.spill != nil }
