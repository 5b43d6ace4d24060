package cli

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docBlock is a marked code block of a Markdown file: the marker's words
// after "python:" (e.g. "run", "run parquet", "setup") and the code.
type docBlock struct {
	tags []string
	code string
}

// pythonDocBlocks returns the blocks of path preceded by a line
// "<!-- python: TAGS -->", in order.
func pythonDocBlocks(t *testing.T, path string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	marker := regexp.MustCompile(`^<!-- python: ([a-z ]+) -->$`)
	var blocks []docBlock
	var tags []string
	in := false
	var b strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case in && line == "```":
			blocks = append(blocks, docBlock{tags: tags, code: b.String()})
			b.Reset()
			in, tags = false, nil
		case in:
			b.WriteString(line + "\n")
		case tags != nil && strings.HasPrefix(line, "```"):
			in = true
		default:
			tags = nil
			if m := marker.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
				tags = strings.Fields(m[1])
			}
		}
	}
	require.False(t, in, "%s: unterminated block", path)
	return blocks
}

// debianPython returns a python3 that imports pandas: Debian's
// /usr/bin/python3 first (python3-pandas), else python3 on PATH; "" when
// none does.
func debianPython() string {
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(py, "-c", "import pandas").Run() == nil {
			return py
		}
	}
	return ""
}

// TestPythonDocs runs docs/python.md: its setup commands (in-process, as
// `rubeola ARGS`), then each python block with Debian's python3, in one
// directory. Blocks tagged parquet need pyarrow, which Debian 12 does not
// package: they are skipped, saying so, where it is missing.
func TestPythonDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two simulations and python3")
	}
	py := debianPython()
	if py == "" {
		t.Skip("skipping docs/python.md: no python3 with pandas (Debian: apt-get install -y python3-pandas)")
	}
	blocks := pythonDocBlocks(t, filepath.Join("..", "docs", "python.md"))
	// setup, CSV, Parquet: a block lost to a formatting slip would shrink this.
	require.Len(t, blocks, 3)
	work := t.TempDir()
	hasArrow := exec.Command(py, "-c", "import pyarrow").Run() == nil
	ran := 0
	for i, b := range blocks {
		switch b.tags[0] {
		case "setup":
			for _, line := range strings.Split(strings.TrimSpace(b.code), "\n") {
				args := strings.Fields(line)
				require.Equal(t, "rubeola", args[0], "setup line %q", line)
				for k := range args {
					if k > 0 && args[k-1] == "--out" {
						args[k] = filepath.Join(work, args[k])
					}
				}
				code, _, stderr := runCLI(t, args[1:]...)
				require.Equal(t, 0, code, "%s: %s", line, stderr)
			}
		case "run":
			if len(b.tags) > 1 && b.tags[1] == "parquet" && !hasArrow {
				// Compiled at least, so a syntax slip shows.
				cmd := exec.Command(py, "-c", "import sys; compile(sys.stdin.read(), 'block', 'exec')")
				cmd.Stdin = strings.NewReader(b.code)
				out, err := cmd.CombinedOutput()
				require.NoError(t, err, "block %d does not compile:\n%s", i+1, out)
				t.Logf("block %d compiled, not run: %s has no pyarrow (Debian 12 has no python3-pyarrow package)", i+1, py)
				continue
			}
			cmd := exec.Command(py, "-")
			cmd.Dir, cmd.Stdin = work, strings.NewReader(b.code)
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "block %d:\n%s\noutput:\n%s", i+1, b.code, out)
			t.Logf("block %d:\n%s", i+1, out)
			ran++
			checkPythonOutput(t, string(out))
		default:
			t.Fatalf("block %d: unknown tag %q", i+1, b.tags[0])
		}
	}
	require.Positive(t, ran, "no python block ran")
}

// checkPythonOutput checks what a block printed: the peak it computed from
// states.csv equals summary.json's.
func checkPythonOutput(t *testing.T, out string) {
	t.Helper()
	if m := regexp.MustCompile(`peak (\d+) on \S+ - summary.json: (\d+)`).FindStringSubmatch(out); m != nil {
		assert.Equal(t, m[2], m[1], "the peak from the table and from summary.json")
	} else if !strings.Contains(out, "rows of I") {
		t.Errorf("a block printed neither the peak nor the Parquet rows:\n%s", out)
	}
}

// TestPythonDocBlocks: the extraction keeps marked blocks with their tags.
func TestPythonDocBlocks(t *testing.T) {
	md := "```python\nnot marked\n```\n<!-- python: run -->\n```python\nprint(1)\n```\n" +
		"<!-- python: run parquet -->\n\n```python\nmarker not directly before\n```\n<!-- python: setup -->\n```sh\nrubeola run\n```\n"
	path := filepath.Join(t.TempDir(), "p.md")
	require.NoError(t, os.WriteFile(path, []byte(md), 0o644))
	assert.Equal(t, []docBlock{{tags: []string{"run"}, code: "print(1)\n"}, {tags: []string{"setup"}, code: "rubeola run\n"}}, pythonDocBlocks(t, path))
}
