package cli

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tutorialMarker precedes every shell block of docs/tutorial.md that
// TestTutorial runs.
const tutorialMarker = "<!-- tutorial: run -->"

// tutorialBlocks returns the marked ```sh blocks of a Markdown file, in
// order.
func tutorialBlocks(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var blocks []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	marked, in := false, false
	var b strings.Builder
	for sc.Scan() {
		line := sc.Text()
		switch {
		case in && line == "```":
			blocks = append(blocks, b.String())
			b.Reset()
			in = false
		case in:
			b.WriteString(line + "\n")
		case marked && line == "```sh":
			in, marked = true, false
		default:
			marked = strings.TrimSpace(line) == tutorialMarker
		}
	}
	require.False(t, in, "%s: unterminated block", path)
	return blocks
}

// TestTutorial runs the commands of docs/tutorial.md in an empty directory
// against a freshly built binary on the PATH (`go run ./cmd/rubeola` is the
// same binary), each block as one `sh -e` script, and checks what the
// tutorial says happens: outputs exist, and the variant with 20 % less
// transmission infects fewer people than the baseline (same seed; a fixed
// run, not a statistical claim).
func TestTutorial(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	blocks := tutorialBlocks(t, filepath.Join("..", "docs", "tutorial.md"))
	// Run, look, run file, change, compare ×2, pictures: the tutorial's
	// steps (a block lost to a formatting slip would shrink this).
	require.GreaterOrEqual(t, len(blocks), 7)

	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "rubeola"), "../cmd/rubeola")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	work := t.TempDir()
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	// `rubeola plot` arrives with the plot branch; until then its blocks
	// are reported, not run.
	hasPlot := exec.Command(filepath.Join(bin, "rubeola"), "plot", "--help").Run() == nil

	var transcript strings.Builder
	for i, block := range blocks {
		script := strings.ReplaceAll(block, "go run ./cmd/rubeola", "rubeola")
		if !hasPlot && strings.Contains(script, "rubeola plot") {
			t.Logf("block %d not run: this binary has no plot command yet:\n%s", i+1, script)
			continue
		}
		cmd := exec.Command("sh", "-e", "-c", script)
		cmd.Dir, cmd.Env = work, env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "block %d:\n%s\noutput:\n%s", i+1, script, out)
		transcript.Write(out)
	}
	text := transcript.String()
	t.Log(text)

	for _, f := range []string{"rubeola-out/states.csv", "baseline/summary.json", "baseline/cases.csv", "variant/summary.json"} {
		assert.FileExists(t, filepath.Join(work, f))
	}
	infections := func(run string) int64 {
		m := regexp.MustCompile(`(?m)^` + run + `: (\d+) infections$`).FindStringSubmatch(text)
		require.NotNil(t, m, "no %s total in:\n%s", run, text)
		n, err := strconv.ParseInt(m[1], 10, 64)
		require.NoError(t, err)
		return n
	}
	assert.Less(t, infections("variant"), infections("baseline"), "20 % less transmission, fewer infections")
	// The figures the tutorial quotes are this run's, in millions to two
	// decimals.
	doc, err := os.ReadFile(filepath.Join("..", "docs", "tutorial.md"))
	require.NoError(t, err)
	quoted := regexp.MustCompile(`gives (\d+\.\d\d) million\s+infections instead of (\d+\.\d\d) million`).FindStringSubmatch(string(doc))
	require.NotNil(t, quoted, "the tutorial quotes both runs' infections")
	millions := func(n int64) string { return strconv.FormatFloat(float64(n)/1e6, 'f', 2, 64) }
	assert.Equal(t, quoted[1], millions(infections("variant")))
	assert.Equal(t, quoted[2], millions(infections("baseline")))
	assert.Regexp(t, `variant/summary.json:\s+"peak_infectious": \d+`, text)
	if hasPlot {
		for _, dir := range []string{"rubeola-out", "baseline", "variant"} {
			pics, err := os.ReadDir(filepath.Join(work, dir, "plots"))
			require.NoError(t, err)
			assert.NotEmpty(t, pics, dir)
		}
	}
}

// TestTutorialBlocks: the extraction keeps marked ```sh blocks only.
func TestTutorialBlocks(t *testing.T) {
	md := "intro\n```sh\nnot marked\n```\n" + tutorialMarker + "\n```sh\necho a\necho b\n```\n" +
		tutorialMarker + "\n\n```sh\nmarker not directly before\n```\n" + tutorialMarker + "\n```go\nnot sh\n```\n"
	path := filepath.Join(t.TempDir(), "t.md")
	require.NoError(t, os.WriteFile(path, []byte(md), 0o644))
	assert.Equal(t, []string{"echo a\necho b\n"}, tutorialBlocks(t, path))
}
