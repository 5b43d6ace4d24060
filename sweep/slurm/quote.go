package slurm

import (
	"regexp"
	"strings"
)

// plainWord matches words that neither bash nor sbatch treat specially, which
// the quoting functions leave bare for readable scripts.
var plainWord = regexp.MustCompile(`^[A-Za-z0-9._,:/%@+=-]+$`)

// ShellQuote quotes s as one word for bash, leaving it bare when no character
// in it is special. Inside single quotes nothing is special, and each single
// quote in s becomes: end the quoted text, a backslash-escaped quote, reopen
// (POSIX sh, XCU 2.2 "Quoting").
func ShellQuote(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sbatchQuote quotes s as one argument of an #SBATCH line. sbatch splits
// those lines at blanks outside double quotes, drops the double quotes,
// takes the character after a backslash literally and ends the line at an
// unquoted # (sbatch's script option parser, src/sbatch/opt.c); single
// quotes are not special to it. Checked against sbatch 22.05 with a path
// holding blanks, both quotes, # and $.
func sbatchQuote(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// logPattern escapes % in a path so that Slurm's log file name patterns
// (%A, %a, %j) leave it alone: "%%" stands for one % (sbatch(1), "filename
// pattern").
func logPattern(path string) string { return strings.ReplaceAll(path, "%", "%%") }
