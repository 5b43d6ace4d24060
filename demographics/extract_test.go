package demographics

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zipEntrySpec is one entry of a test archive.
type zipEntrySpec struct {
	name string
	data string
	mode fs.FileMode // 0 → regular 0644 file (or directory if name ends in /)
	// raw entries are stored uncompressed with the header's CRC flipped
	// (badCRC) or its uncompressed size set to size (size > 0).
	badCRC bool
	size   uint64
}

// makeZip builds an archive in memory.
func makeZip(t *testing.T, entries []zipEntrySpec) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		if e.badCRC || e.size > 0 {
			h := &zip.FileHeader{Name: e.name, Method: zip.Store, CRC32: crc32.ChecksumIEEE([]byte(e.data)),
				CompressedSize64: uint64(len(e.data)), UncompressedSize64: uint64(len(e.data))}
			if e.badCRC {
				h.CRC32 ^= 1
			}
			if e.size > 0 {
				h.UncompressedSize64 = e.size
			}
			w, err := zw.CreateRaw(h)
			require.NoError(t, err)
			_, err = w.Write([]byte(e.data))
			require.NoError(t, err)
			continue
		}
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		if e.mode != 0 {
			h.SetMode(e.mode)
		}
		w, err := zw.CreateHeader(h)
		require.NoError(t, err)
		_, err = w.Write([]byte(e.data))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// listTree returns the slash paths of everything below dir.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var got []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		got = append(got, filepath.ToSlash(rel))
		return err
	}))
	return got
}

func TestExtractZip(t *testing.T) {
	good := zipEntrySpec{name: "gadm41_CUB_0.shp", data: "shape"}
	tests := []struct {
		name    string
		entries []zipEntrySpec
		limit   int64
		wantErr error    // nil = success
		wantMsg string   // substring of the error
		want    []string // extracted file names on success
	}{
		{"files and folders", []zipEntrySpec{good, {name: "sub/"}, {name: "sub/deep/a.txt", data: "a"}, {name: "./b.txt", data: "b"}},
			1 << 20, nil, "", []string{"gadm41_CUB_0.shp", "sub/deep/a.txt", "b.txt"}},
		{"empty archive", nil, 1 << 20, nil, "", nil},
		{"parent", []zipEntrySpec{good, {name: "../evil.txt", data: "x"}}, 1 << 20, ErrUnsafeArchivePath, `"../evil.txt": leaves the target directory`, nil},
		{"parent inside", []zipEntrySpec{good, {name: "a/../../evil.txt", data: "x"}}, 1 << 20, ErrUnsafeArchivePath, "leaves the target", nil},
		{"absolute", []zipEntrySpec{good, {name: "/abs.txt", data: "x"}}, 1 << 20, ErrUnsafeArchivePath, `"/abs.txt": is an absolute path`, nil},
		{"backslash", []zipEntrySpec{good, {name: `..\evil.txt`, data: "x"}}, 1 << 20, ErrUnsafeArchivePath, "backslash", nil},
		{"drive letter", []zipEntrySpec{good, {name: "C:/evil.txt", data: "x"}}, 1 << 20, ErrUnsafeArchivePath, "drive letter", nil},
		{"symlink", []zipEntrySpec{good, {name: "link", data: "/etc/passwd", mode: fs.ModeSymlink | 0o777}}, 1 << 20, ErrUnsafeArchivePath, `"link": is a symbolic link`, nil},
		{"header sizes over limit", []zipEntrySpec{good, {name: "big.bin", data: "0123456789"}}, 12, ErrUnsafeArchivePath, "more than 12 bytes", nil},
		{"bad CRC", []zipEntrySpec{good, {name: "sub/crc.bin", data: "payload", badCRC: true}}, 1 << 20, ErrCorruptArchive, `"sub/crc.bin"`, nil},
		{"lying size header", []zipEntrySpec{good, {name: "liar.bin", data: "0123456789", size: 3}}, 1 << 20, ErrCorruptArchive, `"liar.bin"`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base := t.TempDir()
			dir := filepath.Join(base, "out")
			require.NoError(t, os.Mkdir(dir, 0o755))
			zipPath := filepath.Join(base, "a.zip")
			require.NoError(t, os.WriteFile(zipPath, makeZip(t, tc.entries), 0o644))
			names, err := extractZip(zipPath, "http://mirror/a.zip", dir, tc.limit)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				assert.Contains(t, err.Error(), tc.wantMsg)
				assert.Contains(t, err.Error(), "http://mirror/a.zip")
				assert.Empty(t, listTree(t, dir), "nothing may be written")
				assert.ElementsMatch(t, []string{"a.zip", "out"}, listTree(t, base))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, names)
			for i, n := range tc.want {
				got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n)))
				require.NoError(t, err, n)
				assert.Equal(t, tc.entries[map[int]int{0: 0, 1: 2, 2: 3}[i]].data, string(got))
			}
		})
	}
}

func TestExtractZipOverwrites(t *testing.T) {
	dir := t.TempDir()
	zipPath := filepath.Join(t.TempDir(), "a.zip")
	require.NoError(t, os.WriteFile(zipPath, makeZip(t, []zipEntrySpec{{name: "a.txt", data: "new"}}), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("old content"), 0o644))
	_, err := extractZip(zipPath, zipPath, dir, maxExtractBytes)
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(dir, "a.txt"))
	require.NoError(t, err)
	assert.Equal(t, "new", string(got))
	assert.Equal(t, []string{"a.txt"}, listTree(t, dir))
}

func TestExtractZipCleansUpCreatedFolders(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "kept"), 0o755))
	zipPath := filepath.Join(t.TempDir(), "a.zip")
	require.NoError(t, os.WriteFile(zipPath, makeZip(t, []zipEntrySpec{
		{name: "kept/a.txt", data: "a"},
		{name: "new/deeper/b.txt", data: "b"},
		{name: "new/c.bin", data: "c", badCRC: true},
	}), 0o644))
	_, err := extractZip(zipPath, zipPath, dir, maxExtractBytes)
	require.ErrorIs(t, err, ErrCorruptArchive)
	assert.Equal(t, []string{"kept"}, listTree(t, dir), "only what existed before remains")
}

func TestExtractZipSymlinkInTarget(t *testing.T) {
	// A symbolic link already in the target folder must not carry a write
	// outside it.
	base := t.TempDir()
	dir := filepath.Join(base, "out")
	outside := filepath.Join(base, "outside")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.Mkdir(outside, 0o755))
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Skipf("cannot create symbolic links here: %v", err)
	}
	zipPath := filepath.Join(base, "a.zip")
	require.NoError(t, os.WriteFile(zipPath, makeZip(t, []zipEntrySpec{{name: "link/x.txt", data: "x"}}), 0o644))
	_, err := extractZip(zipPath, zipPath, dir, maxExtractBytes)
	require.Error(t, err)
	assert.Empty(t, listTree(t, outside))
}

func TestExtractZipNotAZip(t *testing.T) {
	dir := t.TempDir()
	zipPath := filepath.Join(t.TempDir(), "a.zip")
	require.NoError(t, os.WriteFile(zipPath, []byte("<html>not a zip</html>"), 0o644))
	_, err := extractZip(zipPath, "http://mirror/a.zip", dir, maxExtractBytes)
	require.ErrorIs(t, err, ErrCorruptArchive)
	assert.Contains(t, err.Error(), "http://mirror/a.zip: downloaded archive is truncated or corrupt")
	assert.Empty(t, listTree(t, dir))
}
