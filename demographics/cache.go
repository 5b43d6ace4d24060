package demographics

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// Cache is the on-disk cache of computed results (SPEC §10.5): one JSON file
// per key, <dir>/entries/<hex SHA-256 of key>.json. Entries are written to a
// temporary file in the same directory and renamed, so readers — in this
// process or another one — see either a complete entry or none; two writers
// of one key both succeed and the last rename wins. An unreadable or corrupt
// entry is a miss and is overwritten by the next [Cache.Set]. There is no size
// limit and no expiry.
//
// The WPP extracts of [NewPopProspects] live beside the entries, under
// <dir>/wpp/; [Cache.Clear] and [Cache.ClearPrefix] never touch them.
//
// A Cache holds no open files or locks: it is safe for concurrent use by
// several goroutines and several processes.
type Cache struct {
	dir string
}

// Entry is one cached result.
type Entry struct {
	// Key is the entry's key, e.g. "nga_admin2:population".
	Key string `json:"key"`
	// Timestamp is when the computation of Data started (UTC, nanoseconds);
	// an input modified after it makes the entry stale.
	Timestamp time.Time `json:"timestamp"`
	// Inputs maps each input path, as given to [Cache.Set], to its absolute
	// path and size when the entry was written.
	Inputs map[string]CacheInput `json:"inputs"`
	// Data is the cached value as JSON.
	Data json.RawMessage `json:"data"`
}

// CacheInput records one input file of an [Entry].
type CacheInput struct {
	Path string `json:"path"` // absolute path
	Size int64  `json:"size"` // size in bytes
}

// entriesDir is the sub-directory holding the entries; wpp/ is its sibling.
const entriesDir = "entries"

// LoadCache opens the cache in dir, creating dir and its entries directory if
// needed. An empty dir means [DefaultCacheDir]. The directory is made
// absolute, so a later change of working directory does not move the cache.
func LoadCache(dir string) (*Cache, error) {
	if dir == "" {
		d, err := DefaultCacheDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("demographics: cache directory %s: %w", dir, err)
	}
	if err := os.MkdirAll(filepath.Join(abs, entriesDir), 0o755); err != nil {
		return nil, fmt.Errorf("demographics: creating cache directory: %w", err)
	}
	return &Cache{dir: abs}, nil
}

// Dir returns the cache's absolute directory.
func (c *Cache) Dir() string { return c.dir }

// entryPath is the file of key.
func (c *Cache) entryPath(key string) string {
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(c.dir, entriesDir, hex.EncodeToString(sum[:])+".json")
}

// checkKey rejects the empty key.
func checkKey(key string) error {
	if key == "" {
		return errors.New("demographics: cache key must not be empty")
	}
	return nil
}

// Get returns the entry of key. A missing, unreadable or corrupt entry (not
// JSON, another key, no timestamp) is a miss: ok is false and err is nil.
// The only error is an empty key.
func (c *Cache) Get(key string) (e Entry, ok bool, err error) {
	if err := checkKey(key); err != nil {
		return Entry{}, false, err
	}
	e, ok = readEntry(c.entryPath(key))
	if !ok || e.Key != key {
		return Entry{}, false, nil
	}
	return e, true, nil
}

// readEntry reads and checks one entry file; ok is false for anything that is
// not a complete entry.
func readEntry(path string) (Entry, bool) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return Entry{}, false
	}
	var e Entry
	if err := json.Unmarshal(raw, &e); err != nil || e.Key == "" || e.Timestamp.IsZero() || len(e.Data) == 0 {
		return Entry{}, false
	}
	return e, true
}

// Set stores data (encoded as JSON) under key, stamped with the current time.
// Prefer [Cache.SetAt] with the time the computation started.
func (c *Cache) Set(key string, inputs []string, data any) error {
	return c.SetAt(key, time.Now(), inputs, data)
}

// SetAt stores data (encoded as JSON) under key with timestamp started — the
// time the computation of data started, so that an input modified while it
// ran makes the entry stale. Each input path must name an existing file; its
// absolute path and size are recorded. The entry replaces any previous one
// atomically; on error the previous entry is unchanged.
func (c *Cache) SetAt(key string, started time.Time, inputs []string, data any) error {
	if err := checkKey(key); err != nil {
		return err
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("demographics: cache entry %q: encoding data: %w", key, err)
	}
	e := Entry{Key: key, Timestamp: started.UTC().Round(0), Inputs: make(map[string]CacheInput, len(inputs)), Data: raw}
	for _, p := range inputs {
		in, err := describeInput(p)
		if err != nil {
			return fmt.Errorf("demographics: cache entry %q: %w", key, err)
		}
		e.Inputs[p] = in
	}
	buf, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return fmt.Errorf("demographics: cache entry %q: %w", key, err)
	}
	path := c.entryPath(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("demographics: cache entry %q: %w", key, err)
	}
	if err := atomicfile.WriteBytes(path, 0o644, buf); err != nil {
		return fmt.Errorf("demographics: cache entry %q: %w", key, err)
	}
	return nil
}

// describeInput returns the absolute path and size of an existing file.
func describeInput(path string) (CacheInput, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return CacheInput{}, fmt.Errorf("input %s: %w", path, err)
	}
	info, err := os.Stat(abs)
	if err != nil {
		return CacheInput{}, fmt.Errorf("input %w", err)
	}
	return CacheInput{Path: abs, Size: info.Size()}, nil
}

// Delete removes the entry of key; a missing entry is not an error.
func (c *Cache) Delete(key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := os.Remove(c.entryPath(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("demographics: deleting cache entry %q: %w", key, err)
	}
	return nil
}

// Keys returns the keys of all readable entries, sorted.
func (c *Cache) Keys() ([]string, error) {
	files, err := c.entryFiles()
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(files))
	for _, f := range files {
		if e, ok := readEntry(f); ok {
			keys = append(keys, e.Key)
		}
	}
	slices.Sort(keys)
	return keys, nil
}

// Clear removes every entry, corrupt ones included. Temporary files of writes
// in progress (possibly by another process) and the WPP extracts under
// <dir>/wpp/ are kept.
func (c *Cache) Clear() error {
	files, err := c.entryFiles()
	if err != nil {
		return err
	}
	return removeAll(files)
}

// ClearPrefix removes the entries whose key starts with id + ":" — clearing
// "nga" keeps "nga_admin2:population". id must not be empty.
func (c *Cache) ClearPrefix(id string) error {
	if id == "" {
		return errors.New("demographics: ClearPrefix: id must not be empty")
	}
	files, err := c.entryFiles()
	if err != nil {
		return err
	}
	var doomed []string
	for _, f := range files {
		if e, ok := readEntry(f); ok && strings.HasPrefix(e.Key, id+":") {
			doomed = append(doomed, f)
		}
	}
	return removeAll(doomed)
}

// entryFiles lists the entry files (<64 hex digits>.json), not temporary
// files.
func (c *Cache) entryFiles() ([]string, error) {
	dir := filepath.Join(c.dir, entriesDir)
	list, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("demographics: reading cache: %w", err)
	}
	var files []string
	for _, d := range list {
		name := d.Name()
		stem, ok := strings.CutSuffix(name, ".json")
		if !ok || len(stem) != 2*sha256.Size || d.IsDir() {
			continue
		}
		if _, err := hex.DecodeString(stem); err != nil {
			continue
		}
		files = append(files, filepath.Join(dir, name))
	}
	return files, nil
}

// removeAll removes files, ignoring those already gone.
func removeAll(files []string) error {
	var errs []error
	for _, f := range files {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("demographics: clearing cache: %w", err))
		}
	}
	return errors.Join(errs...)
}
