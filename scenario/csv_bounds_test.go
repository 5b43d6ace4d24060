package scenario

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/csvin"
)

// writeWideHeader streams issue 26's scenario to a temporary file: the header
// id,pop,lat,lon,mcv1 followed by extra ",x" columns, chunks×(1<<19) of them
// (100 chunks make the 50 million columns, a 100 MB line), and
// returns its path.
func writeWideHeader(t *testing.T, chunks int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "wide.csv")
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	_, err = f.WriteString("id,pop,lat,lon,mcv1")
	require.NoError(t, err)
	chunk := []byte(strings.Repeat(",x", 1<<19)) // 1 MiB
	for range chunks {
		_, err = f.Write(chunk)
		require.NoError(t, err)
	}
	_, err = f.WriteString("\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	return path
}

func TestLoadCSVWideHeaderFailsFast(t *testing.T) {
	// Issue 26, item 1: 50 million extra columns (a 100 MB line) took 101 s
	// and 13.7 GB before the error. The reader now stops at the 1025th field.
	if testing.Short() {
		t.Skip("writes a 100 MB file")
	}
	path := writeWideHeader(t, 100) // 52 428 800 columns, 105 MB
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := LoadCSV(path)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	var le *csvin.LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, path+": line 1: more than 1024 fields in one record (rubeola reads at most 1024 columns; see docs/limits.md)",
		err.Error())
	// The old reader allocated about 270 bytes per column (13.7 GB); the
	// bounded one reads a few buffers and one 1024-field record. 16 MiB is
	// far above that and far below the file's 100 MB.
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20))
}

func TestReadCSVLongRowRefused(t *testing.T) {
	// One row longer than csvin.MaxRecordBytes (an extra cell of 1 MiB) is
	// refused naming its line; the header (line 1) and row 1 (line 2) read.
	in := "id,pop,lat,lon,mcv1,note\n" +
		"a,1,2,3,0.5,ok\n" +
		"b,1,2,3,0.5," + strings.Repeat("x", csvin.MaxRecordBytes) + "\n"
	_, err := ReadCSV(strings.NewReader(in))
	assert.EqualError(t, err, "scenario: line 3: record longer than 1048576 bytes (rubeola reads at most 1 MiB per row; see docs/limits.md)")
}

func TestReadCSVManyHeaderProblemsBounded(t *testing.T) {
	// 1000 duplicate columns: 50 problems kept, the rest counted.
	_, err := ReadCSV(strings.NewReader("id,pop,lat,lon,mcv1" + strings.Repeat(",x", 1001) + "\n"))
	var probs Problems
	require.ErrorAs(t, err, &probs)
	require.Len(t, probs, MaxListedProblems+1)
	assert.Equal(t, &Omitted{N: 1000 - MaxListedProblems}, probs[MaxListedProblems])
	assert.Contains(t, err.Error(), "\n… and 950 more")
}

func TestReadCSVTrimmedIDCollision(t *testing.T) {
	// Issue 26, item 7: ids are trimmed (SPEC §12 AT-2), so " a" and "a"
	// collide; the message shows the id as typed and says why.
	_, err := ReadCSV(strings.NewReader("id,pop,lat,lon,mcv1\na,1,2,3,0.5\n a ,1,2,3,0.5\n"))
	assert.EqualError(t, err, `row 2, column "id": " a " duplicates row 1 once trimmed of surrounding spaces`)
}
