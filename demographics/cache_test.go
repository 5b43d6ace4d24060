package demographics

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeInput creates a small input file for cache entries.
func writeInput(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

func TestCacheSetGet(t *testing.T) {
	dir := t.TempDir()
	c, err := LoadCache(filepath.Join(dir, "cache"))
	require.NoError(t, err)
	assert.DirExists(t, filepath.Join(c.Dir(), "entries"))

	in := writeInput(t, dir, "pop.tif", "12345") // 5 bytes
	started := time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.FixedZone("X", 3600))
	require.NoError(t, c.SetAt("nga:population", started, []string{in}, map[string]int{"a": 1}))

	e, ok, err := c.Get("nga:population")
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "nga:population", e.Key)
	assert.True(t, e.Timestamp.Equal(started), "timestamp keeps nanoseconds")
	assert.Equal(t, time.UTC, e.Timestamp.Location())
	assert.Equal(t, map[string]CacheInput{in: {Path: in, Size: 5}}, e.Inputs)
	assert.JSONEq(t, `{"a":1}`, string(e.Data))

	// The file layout of SPEC §10.5: entries/<hex sha256(key)>.json with
	// an RFC 3339 UTC timestamp.
	sum := sha256.Sum256([]byte("nga:population"))
	raw, err := os.ReadFile(filepath.Join(c.Dir(), "entries", hex.EncodeToString(sum[:])+".json"))
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"timestamp": "2025-03-01T11:00:00.123456789Z"`)

	_, ok, err = c.Get("nga:mcv1")
	require.NoError(t, err)
	assert.False(t, ok, "absent key is a miss")
	_, _, err = c.Get("")
	require.Error(t, err)

	err = c.Set("k:x", []string{filepath.Join(dir, "absent.tif")}, 1)
	require.ErrorIs(t, err, os.ErrNotExist)
	assert.Contains(t, err.Error(), "absent.tif")
	err = c.Set("k:x", nil, func() {})
	require.Error(t, err, "data that cannot be JSON-encoded")
	_, ok, _ = c.Get("k:x")
	assert.False(t, ok, "a failed Set stores nothing")
}

func TestCacheCorruptEntryIsMissAndOverwritten(t *testing.T) {
	c, err := LoadCache(t.TempDir())
	require.NoError(t, err)
	tests := []struct{ name, content string }{
		{"truncated JSON", `{"key": "a:b", "timest`},
		{"not JSON", "\x00\x01garbage"},
		{"other key", `{"key":"other:key","timestamp":"2025-01-01T00:00:00Z","inputs":{},"data":1}`},
		{"no timestamp", `{"key":"a:b","inputs":{},"data":1}`},
		{"no data", `{"key":"a:b","timestamp":"2025-01-01T00:00:00Z","inputs":{}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := c.entryPath("a:b")
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
			_, ok, err := c.Get("a:b")
			require.NoError(t, err)
			assert.False(t, ok)

			require.NoError(t, c.Set("a:b", nil, "fresh"))
			e, ok, err := c.Get("a:b")
			require.NoError(t, err)
			require.True(t, ok)
			assert.JSONEq(t, `"fresh"`, string(e.Data))
		})
	}
}

func TestCacheKeysDeleteClear(t *testing.T) {
	c, err := LoadCache(t.TempDir())
	require.NoError(t, err)
	keys := []string{"nga:population", "nga:mcv1", "nga_admin2:population", "nga_admin2:mcv1", "ngax", "eth:population"}
	for _, k := range keys {
		require.NoError(t, c.Set(k, nil, k))
	}
	wpp := filepath.Join(c.Dir(), "wpp", "abc", "NGA.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(wpp), 0o755))
	require.NoError(t, os.WriteFile(wpp, []byte("{}"), 0o644))
	tmp := filepath.Join(c.Dir(), "entries", ".x.json.tmp123")
	require.NoError(t, os.WriteFile(tmp, []byte("partial"), 0o644))

	got, err := c.Keys()
	require.NoError(t, err)
	assert.Equal(t, []string{"eth:population", "nga:mcv1", "nga:population", "nga_admin2:mcv1", "nga_admin2:population", "ngax"}, got)

	// ClearPrefix("nga") removes "nga:*" only (the reference's bare prefix
	// also wiped nga_admin2:* and ngax).
	require.NoError(t, c.ClearPrefix("nga"))
	got, err = c.Keys()
	require.NoError(t, err)
	assert.Equal(t, []string{"eth:population", "nga_admin2:mcv1", "nga_admin2:population", "ngax"}, got)
	require.Error(t, c.ClearPrefix(""))

	require.NoError(t, c.Delete("ngax"))
	require.NoError(t, c.Delete("ngax"), "deleting a missing key is fine")
	got, err = c.Keys()
	require.NoError(t, err)
	assert.Equal(t, []string{"eth:population", "nga_admin2:mcv1", "nga_admin2:population"}, got)

	require.NoError(t, os.WriteFile(c.entryPath("corrupt:x"), []byte("{"), 0o644))
	require.NoError(t, c.Clear())
	got, err = c.Keys()
	require.NoError(t, err)
	assert.Empty(t, got)
	assert.NoFileExists(t, c.entryPath("corrupt:x"), "Clear removes corrupt entries too")
	assert.FileExists(t, wpp, "Clear keeps the WPP extracts")
	assert.FileExists(t, tmp, "Clear keeps temporary files of writes in progress")
}

func TestCacheDefaultDir(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	t.Setenv("HOME", home)
	t.Setenv("LocalAppData", home)
	c, err := LoadCache("")
	require.NoError(t, err)
	want, err := DefaultCacheDir()
	require.NoError(t, err)
	assert.Equal(t, want, c.Dir())
	assert.DirExists(t, filepath.Join(want, "entries"))
}

// Environment of the helper process of TestCacheTwoProcesses.
const (
	cacheHelperDirEnv  = "RUBEOLA_CACHE_HELPER_DIR"
	cacheHelperNameEnv = "RUBEOLA_CACHE_HELPER_NAME"
	// cacheHelperRounds Set/Get pairs per process: enough for the two
	// processes' writes of the shared key to interleave many times while
	// keeping the test under a second.
	cacheHelperRounds = 200
	// cachePayloadBytes makes each entry ~64 KiB, larger than one write
	// buffer, so a non-atomic write would be observable.
	cachePayloadBytes = 64 << 10
)

// helperPayload is the data of the concurrency test: Text is Len copies of
// Writer's letter, so a partial or mixed entry is detectable.
type helperPayload struct {
	Writer string `json:"writer"`
	Round  int    `json:"round"`
	Len    int    `json:"len"`
	Text   string `json:"text"`
}

// checkPayload reports whether raw is a complete helperPayload.
func checkPayload(raw json.RawMessage) error {
	var p helperPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("entry data is not JSON: %w", err)
	}
	if p.Writer == "" || p.Len != cachePayloadBytes || p.Text != strings.Repeat(p.Writer[:1], p.Len) {
		return fmt.Errorf("entry data is incomplete (writer %q, round %d, %d bytes of text)", p.Writer, p.Round, len(p.Text))
	}
	return nil
}

// TestCacheHelperProcess is not a test: TestCacheTwoProcesses runs the test
// binary again with this test selected and the environment set, as two
// processes hammering one cache directory.
func TestCacheHelperProcess(t *testing.T) {
	dir, name := os.Getenv(cacheHelperDirEnv), os.Getenv(cacheHelperNameEnv)
	if dir == "" {
		t.Skip("helper process for TestCacheTwoProcesses")
	}
	c, err := LoadCache(dir)
	require.NoError(t, err)
	input := filepath.Join(dir, "input.txt")
	for round := range cacheHelperRounds {
		p := helperPayload{Writer: name, Round: round, Len: cachePayloadBytes, Text: strings.Repeat(name[:1], cachePayloadBytes)}
		for _, key := range []string{"shared:data", name + ":data"} {
			require.NoError(t, c.Set(key, []string{input}, p))
			e, ok, err := c.Get(key)
			require.NoError(t, err)
			// Once written, the key always reads as a complete entry: a
			// partial file would be a miss or fail checkPayload.
			require.True(t, ok, "round %d: %s reads as a miss", round, key)
			require.NoError(t, checkPayload(e.Data), "round %d: %s", round, key)
			require.Equal(t, key, e.Key)
		}
	}
}

func TestCacheTwoProcesses(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "input.txt"), []byte("in"), 0o644))
	names := []string{"alpha", "bravo"}
	cmds := make([]*exec.Cmd, len(names))
	outs := make([]*strings.Builder, len(names))
	for i, name := range names {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCacheHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), cacheHelperDirEnv+"="+dir, cacheHelperNameEnv+"="+name)
		outs[i] = &strings.Builder{}
		cmd.Stdout, cmd.Stderr = outs[i], outs[i]
		require.NoError(t, cmd.Start())
		cmds[i] = cmd
	}
	for i, cmd := range cmds {
		require.NoError(t, cmd.Wait(), "helper %s:\n%s", names[i], outs[i])
		assert.NotContains(t, outs[i].String(), "SKIP", "the helper must really run")
	}

	c, err := LoadCache(dir)
	require.NoError(t, err)
	keys, err := c.Keys()
	require.NoError(t, err)
	assert.Equal(t, []string{"alpha:data", "bravo:data", "shared:data"}, keys)
	for _, k := range keys {
		e, ok, err := c.Get(k)
		require.NoError(t, err)
		require.True(t, ok, k)
		require.NoError(t, checkPayload(e.Data), k)
	}
	e, _, _ := c.Get("shared:data")
	var last helperPayload
	require.NoError(t, json.Unmarshal(e.Data, &last))
	assert.Equal(t, cacheHelperRounds-1, last.Round, "the last rename wins: some process's final round")
	files, err := os.ReadDir(filepath.Join(dir, "entries"))
	require.NoError(t, err)
	assert.Len(t, files, 3, "no temporary files remain")
}
