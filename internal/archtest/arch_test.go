package archtest

import (
	"bufio"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// root is the module's directory, seen from this package's.
var root = filepath.Join("..", "..")

// row matches a table row of docs/architecture.md that documents a package:
// its first cell is the package path in backquotes.
var row = regexp.MustCompile("^\\| `([^`]+)` \\|")

// pkg is one package of the module as go list reports it.
type pkg struct {
	rel   string   // path relative to the module ("systems/abm")
	dir   string   // directory on disk
	name  string   // package name ("main" for a command)
	files []string // non-test Go files, base names
}

// listPackages runs go list ./... in the module's directory.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{.Name}}\t{{join .GoFiles \",\"}}\t{{.Module.Path}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	require.NoError(t, err, "go list ./...")
	var pkgs []pkg
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		require.Len(t, f, 5, "go list line %q", sc.Text())
		rel := strings.TrimPrefix(strings.TrimPrefix(f[0], f[4]), "/")
		pkgs = append(pkgs, pkg{rel: rel, dir: f[1], name: f[2], files: strings.Split(f[3], ",")})
	}
	require.NoError(t, sc.Err())
	return pkgs
}

// documentedPackages returns the package paths that have a row in md.
func documentedPackages(md string) map[string]bool {
	out := map[string]bool{}
	for line := range strings.SplitSeq(md, "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			out[m[1]] = true
		}
	}
	return out
}

// hasPackageComment reports whether the Go file at path has a package
// comment.
func hasPackageComment(path string) (bool, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return false, err
	}
	return f.Doc != nil && strings.TrimSpace(f.Doc.Text()) != "", nil
}

// docProblem says what is wrong with p's package comment, or "" when p has
// one where it belongs: in doc.go, or for a command in doc.go or any of its
// files.
func docProblem(p pkg) (string, error) {
	candidates := []string{"doc.go"}
	if p.name == "main" {
		candidates = p.files
	}
	for _, f := range candidates {
		path := filepath.Join(p.dir, f)
		if _, err := os.Stat(path); err != nil {
			continue
		}
		ok, err := hasPackageComment(path)
		if err != nil {
			return "", err
		}
		if ok {
			return "", nil
		}
	}
	if p.name == "main" {
		return "no package comment in any file", nil
	}
	return "no doc.go with a package comment", nil
}

// TestEveryPackageIsMapped: every package of the module has a row in
// docs/architecture.md and a package comment in its doc.go. Rows naming
// packages that do not exist (yet) are allowed.
func TestEveryPackageIsMapped(t *testing.T) {
	md, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	require.NoError(t, err)
	rows := documentedPackages(string(md))
	pkgs := listPackages(t)
	// The module has about 70 packages (go list ./... when this test was
	// written); fewer than 10 means go list did not see the module.
	require.Greater(t, len(pkgs), 10)
	for _, p := range pkgs {
		t.Run(p.rel, func(t *testing.T) {
			assert.True(t, rows[p.rel], "package %s has no row in docs/architecture.md (a line starting \"| `%s` |\")", p.rel, p.rel)
			problem, err := docProblem(p)
			require.NoError(t, err)
			assert.Empty(t, problem, "package %s (%s)", p.rel, p.dir)
		})
	}
}

// TestDocumentedPackages: only a row whose first cell is a path in
// backquotes counts.
func TestDocumentedPackages(t *testing.T) {
	for _, tc := range []struct {
		name, md string
		want     []string
	}{
		{"a row", "| `ecs` | the engine | `components` |", []string{"ecs"}},
		{"a nested path", "| `systems/abm` | agents | layers 0–2 |", []string{"systems/abm"}},
		{"prose naming a package", "The `ecs` package | is not a row", nil},
		{"a path in a later cell", "| engine | `ecs` |", nil},
		{"a header row", "| package | holds | may import |", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for k := range documentedPackages(tc.md) {
				got = append(got, k)
			}
			assert.ElementsMatch(t, tc.want, got)
		})
	}
}

// TestDocProblem: a library package needs doc.go with a package comment; a
// command may have it in any file.
func TestDocProblem(t *testing.T) {
	write := func(t *testing.T, dir, name, src string) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	for _, tc := range []struct {
		name    string
		files   map[string]string
		pkgName string
		ok      bool
	}{
		{"library with doc.go", map[string]string{"doc.go": "// Package a does a.\npackage a\n", "a.go": "package a\n"}, "a", true},
		{"library with the comment elsewhere", map[string]string{"a.go": "// Package a does a.\npackage a\n"}, "a", false},
		{"library with an empty doc.go", map[string]string{"doc.go": "package a\n"}, "a", false},
		{"command with the comment in main.go", map[string]string{"main.go": "// Command c does c.\npackage main\n"}, "main", true},
		{"command without a comment", map[string]string{"main.go": "package main\n"}, "main", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var files []string
			for name, src := range tc.files {
				write(t, dir, name, src)
				files = append(files, name)
			}
			problem, err := docProblem(pkg{rel: "a", dir: dir, name: tc.pkgName, files: files})
			require.NoError(t, err)
			assert.Equal(t, tc.ok, problem == "", problem)
		})
	}
}
