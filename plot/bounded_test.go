package plot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/csvin"
)

// TestReadersBounded: plot's CSV readers (tidy tables, timing.csv) read
// through the bounded reader every loader uses (docs/limits.md), so a
// header of csvin.MaxFields + 1 fields, or one line past
// csvin.MaxRecordBytes, is an *InputError naming the file and the limit,
// not gigabytes of fields held (issue 26: a hostile input gets a named
// error and bounded memory).
func TestReadersBounded(t *testing.T) {
	dir := t.TempDir()
	wide := "tick,state,count" + strings.Repeat(",x", csvin.MaxFields) + "\n"
	long := "tick,date,patch_id,state,count\n0,2000-01-01,a,S," + strings.Repeat("9", csvin.MaxRecordBytes+1) + "\n"
	for _, tc := range []struct {
		name, content string
		read          func(path string) error
	}{
		{"tidy wide header", wide, func(p string) error { _, err := readTidy(p); return err }},
		{"tidy long line", long, func(p string) error { _, err := readTidy(p); return err }},
		{"timing wide header", strings.Replace(wide, "tick,state,count", "tick,a", 1), func(p string) error { _, err := readTiming(p); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".csv")
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
			err := tc.read(path)
			require.Error(t, err)
			var le *csvin.LimitError
			assert.True(t, errors.As(err, &le), "a *csvin.LimitError: %v", err)
			assert.Contains(t, err.Error(), path)
		})
	}
}
